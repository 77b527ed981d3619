extension PNGImage {
    /// Decodes `bytes`, a whole PNG file: the chunks are read and their
    /// CRCs checked, `IHDR`, `PLTE` and `tRNS` read and checked against
    /// the format, the `IDAT` chunks' zlib stream inflated (the image's
    /// raw size checked against `limits` before), every row unfiltered and
    /// an interlaced (Adam7) image put together.
    ///
    /// ```swift
    /// let image = try PNGImage(bytes, limits: .default)
    /// image.rgba8(x: 0, y: 0)
    /// ```
    ///
    /// Throws a ``PNGError``: ``PNGError/animated`` for an animated PNG,
    /// ``PNGError/imageTooLarge(_:)`` when the raw image breaks `limits`,
    /// and the others for a damaged or malformed file. Never traps on
    /// hostile input.
    ///
    /// - Complexity: O(*n*) in the sizes of the file and of the raw image;
    ///   memory is the file and the raw image.
    public init(_ bytes: [UInt8], limits: DecompressionLimits = .default) throws(PNGError) {
        guard PNGTextChunks.isPNG(bytes) else { throw .notPNG }
        let (chunks, end) = try PNGTextChunks.readChunks(bytes)
        for chunk in chunks where !PNGTextChunks.hasValidCRC(chunk, in: bytes) {
            throw .checksumMismatch(chunk: chunk.typeName)
        }
        guard let first = chunks.first, first.typeName == "IHDR" else { throw .missingChunk("IHDR") }
        guard chunks.last?.typeName == "IEND" else { throw .missingChunk("IEND") }
        let header = try Self.readHeader(bytes[first.data])
        var palette: [UInt8]?
        var transparency: [UInt8]?
        var imageData: [Range<Int>] = []
        var afterImageData = false
        for chunk in chunks.dropFirst() {
            switch chunk.typeName {
            case "IHDR":
                throw .misplacedChunk("a second IHDR")
            case "acTL", "fcTL", "fdAT":
                throw .animated
            case "PLTE":
                guard palette == nil else { throw .misplacedChunk("a second PLTE") }
                guard imageData.isEmpty else { throw .misplacedChunk("PLTE after IDAT") }
                guard transparency == nil else { throw .misplacedChunk("PLTE after tRNS") }
                palette = Array(bytes[chunk.data])
            case "tRNS":
                guard transparency == nil else { throw .misplacedChunk("a second tRNS") }
                guard imageData.isEmpty else { throw .misplacedChunk("tRNS after IDAT") }
                transparency = Array(bytes[chunk.data])
            case "IDAT":
                guard !afterImageData else { throw .misplacedChunk("IDAT chunks not consecutive") }
                imageData.append(chunk.data)
            default:
                if !imageData.isEmpty { afterImageData = true }
            }
        }
        if header.colorType == .palette, palette == nil { throw .missingChunk("PLTE") }
        guard !imageData.isEmpty else { throw .missingChunk("IDAT") }
        try Self.checkPalette(palette ?? [], colorType: header.colorType, bitDepth: header.bitDepth)
        try Self.checkTransparency(
            transparency, colorType: header.colorType, paletteCount: (palette?.count ?? 0) / 3)
        let pixels = try Self.inflateImage(
            bytes, pieces: imageData, width: header.width, height: header.height,
            bitsPerPixel: header.colorType.channelCount * header.bitDepth, interlaced: header.interlaced,
            limits: limits)
        self.init(
            width: header.width, height: header.height, colorType: header.colorType, bitDepth: header.bitDepth,
            wasInterlaced: header.interlaced, palette: palette ?? [], transparency: transparency, pixels: pixels,
            source: bytes, sourceChunks: chunks, sourceEnd: end)
    }

    // MARK: Header, palette, transparency

    /// The fields of `IHDR` (11.2.2).
    static func readHeader(_ data: ArraySlice<UInt8>) throws(PNGError)
        -> (width: Int, height: Int, colorType: ColorType, bitDepth: Int, interlaced: Bool)
    {
        guard data.count == 13 else { throw .invalidHeader("\(data.count) bytes long, not 13") }
        let fields = Array(data)
        let width = fields[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = fields[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard let colorType = ColorType(rawValue: fields[9]) else { throw .invalidHeader("colour type \(fields[9])") }
        let bitDepth = Int(fields[8])
        try checkHeader(width: width, height: height, colorType: colorType, bitDepth: bitDepth)
        guard fields[10] == 0 else { throw .invalidHeader("compression method \(fields[10])") }
        guard fields[11] == 0 else { throw .invalidHeader("filter method \(fields[11])") }
        guard fields[12] <= 1 else { throw .invalidHeader("interlace method \(fields[12])") }
        return (width, height, colorType, bitDepth, fields[12] == 1)
    }

    /// Throws unless the size and bit depth are ones the format allows.
    static func checkHeader(width: Int, height: Int, colorType: ColorType, bitDepth: Int) throws(PNGError) {
        guard width >= 1, width <= 0x7FFF_FFFF else { throw .invalidHeader("width \(width)") }
        guard height >= 1, height <= 0x7FFF_FFFF else { throw .invalidHeader("height \(height)") }
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw .invalidHeader("bit depth \(bitDepth) for colour type \(colorType.rawValue)")
        }
    }

    /// Throws unless `palette` (the data of `PLTE`) fits the colour type:
    /// none for grey images, 1 to 256 entries of three bytes, no more than
    /// the bit depth can index in a palette image.
    static func checkPalette(_ palette: [UInt8], colorType: ColorType, bitDepth: Int) throws(PNGError) {
        guard !palette.isEmpty else {
            if colorType == .palette { throw .invalidChunk("PLTE", "no entries") }
            return
        }
        if colorType == .grey || colorType == .greyAlpha { throw .misplacedChunk("PLTE in a grey image") }
        guard palette.count % 3 == 0, palette.count <= 256 * 3 else {
            throw .invalidChunk("PLTE", "\(palette.count) bytes, not 3 to 768 in threes")
        }
        if colorType == .palette, palette.count / 3 > 1 << bitDepth {
            throw .invalidChunk("PLTE", "\(palette.count / 3) entries for \(bitDepth)-bit indexes")
        }
    }

    /// Throws unless `transparency` (the data of `tRNS`) fits the colour
    /// type: at most one alpha per palette entry, one 16-bit grey or three
    /// 16-bit colour samples, none for images with an alpha channel.
    static func checkTransparency(_ transparency: [UInt8]?, colorType: ColorType, paletteCount: Int)
        throws(PNGError)
    {
        guard let transparency else { return }
        switch colorType {
        case .palette:
            guard transparency.count <= paletteCount else {
                throw .invalidChunk("tRNS", "\(transparency.count) alphas for \(paletteCount) palette entries")
            }
        case .grey, .rgb:
            guard transparency.count == colorType.channelCount * 2 else {
                throw .invalidChunk("tRNS", "\(transparency.count) bytes for colour type \(colorType.rawValue)")
            }
        case .greyAlpha, .rgba:
            throw .misplacedChunk("tRNS in an image with an alpha channel")
        }
    }

    // MARK: Image data

    /// Inflates the zlib stream split over the `IDAT` chunks at `pieces`
    /// of `bytes`, checking its header and Adler-32 checksum, and returns
    /// the unfiltered rows.
    static func inflateImage(
        _ bytes: [UInt8], pieces: [Range<Int>], width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool,
        limits: DecompressionLimits
    ) throws(PNGError) -> [UInt8] {
        let compressedSize = pieces.reduce(0) { $0 + $1.count }
        guard
            let filteredSize = PNGScanlineReader.filteredSize(
                width: width, height: height, bitsPerPixel: bitsPerPixel, interlaced: interlaced)
        else { throw .imageTooLarge(.outputTooLarge(limit: limits.maximumOutputSize)) }
        do { try limits.check(output: filteredSize, input: compressedSize) } catch { throw .imageTooLarge(error) }
        // DEFLATE gives at most 258 bytes for two bits (a 1-bit length and
        // a 1-bit distance code): 1032 bytes a byte. Data that cannot hold
        // the rows is refused before the image is allocated.
        let (most, overflow) = (compressedSize + 1).multipliedReportingOverflow(by: 1032)
        guard overflow || most >= filteredSize else {
            throw .damagedImageData("\(compressedSize) bytes of IDAT cannot hold the \(filteredSize) the rows need")
        }
        var reader = PNGScanlineReader(width: width, height: height, bitsPerPixel: bitsPerPixel, interlaced: interlaced)
        var adler = Adler32()
        var received = 0
        var readerError: PNGError?
        var zlibHeader: [UInt8] = []
        let inflater = Inflater(limits: limits)
        do throws(any Error) {
            for piece in pieces {
                var start = piece.lowerBound
                while zlibHeader.count < 2, start < piece.upperBound {
                    zlibHeader.append(bytes[start])
                    start += 1
                    if zlibHeader.count == 2 { try ZlibDecoder.checkHeader(zlibHeader[0], zlibHeader[1]) }
                }
                // Fed in slices, so the inflater never holds much input.
                while start < piece.upperBound {
                    let end = min(piece.upperBound, start + 1 << 16)
                    try inflater.decompress(bytes[start..<end]) { output in
                        adler.update(output)
                        received += output.count
                        guard readerError == nil else { return }
                        do throws(PNGError) { try reader.read(output) } catch { readerError = error }
                    }
                    start = end
                }
            }
            guard zlibHeader.count == 2 else { throw ZlibError.truncated }
            try inflater.finish()
        } catch let error as DecompressionLimitError {
            throw .imageTooLarge(error)
        } catch {
            if let readerError { throw readerError }
            throw .damagedImageData("\(error)")
        }
        if let readerError { throw readerError }
        guard reader.isComplete else {
            throw .damagedImageData("\(received) bytes of the \(filteredSize) the rows need")
        }
        let trailer = inflater.takeTrailingBytes()
        guard trailer.count >= 4 else { throw .damagedImageData("zlib checksum missing") }
        let expected = trailer[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard expected == adler.value else { throw .damagedImageData("zlib checksum mismatch") }
        return reader.pixels
    }
}
