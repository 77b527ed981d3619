extension PNGImage {
    /// The image as a PNG file, in its own colour type and bit depth,
    /// always non-interlaced (an interlaced source is written without
    /// interlacing: same pixels, `IHDR`'s interlace method 0).
    ///
    /// Each row gets the filter type whose output has the smallest sum of
    /// absolute values taken as signed bytes (ISO/IEC 15948 12.8), or
    /// none for palette images and depths below 8, as the specification
    /// advises; the rows are compressed with ``Deflater`` into one zlib
    /// stream, cut into `IDAT` chunks of at most 256 KiB.
    ///
    /// For an image decoded from a file, every chunk of the file but
    /// `IHDR`, `PLTE` and `IDAT` is copied in place byte for byte, and so
    /// are the bytes after `IEND`; `PLTE` too unless ``paint(_:color:)``
    /// added an entry (`tRNS` then still fits: the new entry, past its
    /// alphas, is opaque). An image made in memory gets `IHDR`, `PLTE`,
    /// `tRNS`, `IDAT` and `IEND`.
    ///
    /// ```swift
    /// var image = try PNGImage(bytes)
    /// image.paint([PixelRectangle(x: 5, y: 5, width: 50, height: 8)])
    /// let file = image.encoded()
    /// ```
    ///
    /// - Complexity: O(*n*) in the raw image size; memory is a few rows
    ///   besides the output.
    public func encoded() -> [UInt8] {
        var output = PNGTextChunks.signature
        // About the size of the file read (a quarter more), or of a quarter of the raw image for one made in memory.
        output.reserveCapacity((source.isEmpty ? pixels.count / 4 : source.count + source.count / 4) + 1024)
        guard !source.isEmpty else {
            PNGTextChunks.appendChunk(Array("IHDR".utf8), headerData(), to: &output)
            if !palette.isEmpty { PNGTextChunks.appendChunk(Array("PLTE".utf8), palette, to: &output) }
            if let transparency { PNGTextChunks.appendChunk(Array("tRNS".utf8), transparency, to: &output) }
            appendImageData(to: &output)
            PNGTextChunks.appendChunk(Array("IEND".utf8), [], to: &output)
            return output
        }
        var wroteImageData = false
        for chunk in sourceChunks {
            switch chunk.typeName {
            case "IHDR":
                PNGTextChunks.appendChunk(chunk.type, headerData(), to: &output)
            case "PLTE" where paletteChanged:
                PNGTextChunks.appendChunk(chunk.type, palette, to: &output)
            case "IDAT":
                if !wroteImageData { appendImageData(to: &output) }
                wroteImageData = true
            default:
                output += source[chunk.start..<chunk.end]
            }
        }
        output += source[sourceEnd...]
        return output
    }

    /// The data of `IHDR` for this image, non-interlaced.
    func headerData() -> [UInt8] {
        var data: [UInt8] = []
        PNGTextChunks.appendBigEndian(UInt32(width), to: &data)
        PNGTextChunks.appendBigEndian(UInt32(height), to: &data)
        return data + [UInt8(bitDepth), colorType.rawValue, 0, 0, 0]
    }

    /// Appends the `IDAT` chunks: every row filtered, the whole compressed as one zlib stream.
    private func appendImageData(to output: inout [UInt8]) {
        let chunkSize = 1 << 18
        var pending: [UInt8] = [0x78, 0x5E]
        pending.reserveCapacity(chunkSize + (1 << 16))
        func take(_ compressed: UnsafeBufferPointer<UInt8>) {
            pending += compressed
            while pending.count >= chunkSize {
                PNGTextChunks.appendChunk(Array("IDAT".utf8), pending[..<chunkSize], to: &output)
                pending.removeFirst(chunkSize)
            }
        }
        let deflater = Deflater()
        var adler = Adler32()
        let rowBytes = rowByteCount
        let bytesPerPixel = max(1, bitsPerPixel / 8)
        let filters: [PNGFilter] = colorType == .palette || bitDepth < 8 ? [.none] : PNGFilter.allCases
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes + 1), count: filters.count)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zeros in
                for y in 0..<height {
                    let row = UnsafeBufferPointer(rebasing: pixels[y * rowBytes..<(y + 1) * rowBytes])
                    let previous =
                        y == 0 ? zeros : UnsafeBufferPointer(rebasing: pixels[(y - 1) * rowBytes..<y * rowBytes])
                    var best = 0
                    var bestCost = Int.max
                    for (index, filter) in filters.enumerated() {
                        let cost = candidates[index].withUnsafeMutableBufferPointer { candidate in
                            candidate[0] = filter.rawValue
                            let body = UnsafeMutableBufferPointer(rebasing: candidate[1...])
                            filter.apply(row, previous: previous, bytesPerPixel: bytesPerPixel, into: body)
                            return filters.count == 1 ? 0 : PNGFilter.cost(UnsafeBufferPointer(body))
                        }
                        if cost < bestCost {
                            best = index
                            bestCost = cost
                        }
                    }
                    candidates[best].withUnsafeBufferPointer { filtered in
                        adler.update(filtered)
                        deflater.compress(filtered, output: take)
                    }
                }
            }
        }
        deflater.finish(output: take)
        let checksum = adler.value
        pending += [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF)]
        pending.append(UInt8(checksum & 0xFF))
        PNGTextChunks.appendChunk(Array("IDAT".utf8), pending, to: &output)
    }
}
