extension PNGImage {
    /// Sets every pixel inside `rectangles` (clipped to the image; parts
    /// outside are ignored) to an opaque `color` (red, green, blue; black
    /// by default), in the image's own colour type:
    ///
    /// - grey images get the colour's luma (ITU-R BT.601), RGB images the
    ///   colour, both scaled to the bit depth (16-bit samples full range,
    ///   so black is 0 and white 65535), and an alpha channel its maximum;
    /// - when `tRNS` makes that very value transparent, the nearest other
    ///   value is used (one step brighter, or darker at the top of the range);
    /// - palette images get the opaque entry equal to the colour; else a new
    ///   entry appended when the palette has room (fewer than 2^bitDepth
    ///   entries, and no `hIST` chunk whose counts would no longer match);
    ///   else the opaque entry nearest to the colour (or the most opaque).
    ///
    /// ```swift
    /// var image = try PNGImage(bytes)
    /// image.paint([PixelRectangle(x: 0, y: 0, width: 40, height: 10)])
    /// let written = image.encoded()
    /// ```
    ///
    /// - Complexity: O(*p*) in the number of pixels painted.
    public mutating func paint(_ rectangles: [PixelRectangle], color: SIMD3<UInt8> = .zero) {
        let areas = rectangles.compactMap { $0.clipped(width: width, height: height) }
        guard !areas.isEmpty else { return }
        let fill = fillSamples(for: color)
        if bitDepth >= 8 {
            var pattern: [UInt8] = []
            for value in fill {
                if bitDepth == 16 { pattern.append(UInt8(value >> 8)) }
                pattern.append(UInt8(truncatingIfNeeded: value))
            }
            let size = pattern.count
            let rowBytes = rowByteCount
            pixels.withUnsafeMutableBufferPointer { pixels in
                for area in areas {
                    for y in area.y {
                        var offset = y * rowBytes + area.x.lowerBound * size
                        for _ in area.x {
                            for index in 0..<size { pixels[offset + index] = pattern[index] }
                            offset += size
                        }
                    }
                }
            }
        } else {
            for area in areas {
                for y in area.y {
                    for x in area.x { setSample(fill[0], x: x, y: y, channel: 0) }
                }
            }
        }
    }

    /// The samples of an opaque pixel of `color`, appending it to the
    /// palette of a palette image when needed and possible.
    mutating func fillSamples(for color: SIMD3<UInt8>) -> [Int] {
        let maximum = maximumSampleValue
        func scaled(_ value: UInt8) -> Int {
            bitDepth == 16 ? Int(value) * 257 : (Int(value) * maximum + 127) / 255
        }
        switch colorType {
        case .palette:
            return [paletteIndex(for: color)]
        case .grey, .greyAlpha:
            let red = 299 * Int(color.x)
            let green = 587 * Int(color.y)
            let blue = 114 * Int(color.z)
            let luma = UInt8((red + green + blue + 500) / 1000)
            var grey = [scaled(luma)]
            if isColorKey(grey) { grey[0] += grey[0] < maximum ? 1 : -1 }
            return colorType == .grey ? grey : grey + [maximum]
        case .rgb, .rgba:
            var rgb = [scaled(color.x), scaled(color.y), scaled(color.z)]
            if isColorKey(rgb) { rgb[2] += rgb[2] < maximum ? 1 : -1 }
            return colorType == .rgb ? rgb : rgb + [maximum]
        }
    }

    /// The palette index of an opaque entry of `color`, added when missing
    /// and there is room, or else of the nearest entry.
    private mutating func paletteIndex(for color: SIMD3<UInt8>) -> Int {
        let count = palette.count / 3
        func alpha(_ index: Int) -> Int {
            guard let transparency, index < transparency.count else { return 255 }
            return Int(transparency[index])
        }
        func distance(_ index: Int) -> Int {
            (0..<3).reduce(0) { sum, channel in
                let difference = Int(palette[index * 3 + channel]) - Int(color[channel])
                return sum + difference * difference
            }
        }
        if let exact = (0..<count).first(where: { alpha($0) == 255 && distance($0) == 0 }) { return exact }
        let hasHistogram = sourceChunks.contains { $0.typeName == "hIST" }
        if count < min(256, 1 << bitDepth), !hasHistogram {
            palette += [color.x, color.y, color.z]
            paletteChanged = true
            return count
        }
        // The most opaque entries, and of them the nearest; ties to the lowest index.
        var best = 0
        for index in 1..<max(1, count)
        where (alpha(index), -distance(index)) > (alpha(best), -distance(best)) {
            best = index
        }
        return best
    }
}
