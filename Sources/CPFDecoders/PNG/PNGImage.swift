/// The pixels of a PNG image (ISO/IEC 15948, the PNG specification),
/// decoded from a file, painted over and written back, for redaction.
///
/// The image is held as the specification lays out a non-interlaced
/// image: ``height`` rows of ``rowByteCount`` bytes each, the samples of
/// each pixel packed in the file's own ``colorType`` and ``bitDepth``
/// (several pixels to a byte below 8 bits, most significant bits first;
/// 16-bit samples big-endian). Memory is the raw image size.
///
/// ```swift
/// let image = try PNGImage(bytes, limits: .default)
/// print(image.width, image.height, image.sample(x: 0, y: 0, channel: 0))
/// let hidden = try PNGImage.redacting(bytes, rectangles: [PixelRectangle(x: 10, y: 10, width: 80, height: 12)])
/// ```
///
/// An image decoded from a file remembers that file, so ``encoded()``
/// keeps its other chunks (text, colour profile, physical size…) in place
/// byte for byte; only `IHDR`, `PLTE` (when an entry was added) and the
/// `IDAT` chunks are written anew.
public struct PNGImage: Sendable {
    /// The PNG colour types, each with its number in `IHDR`.
    public enum ColorType: UInt8, Hashable, Sendable, CaseIterable {
        /// Greyscale: one sample per pixel, at 1, 2, 4, 8 or 16 bits.
        case grey = 0
        /// Red, green, blue: three samples, at 8 or 16 bits.
        case rgb = 2
        /// A palette index: one sample, at 1, 2, 4 or 8 bits.
        case palette = 3
        /// Grey and alpha: two samples, at 8 or 16 bits.
        case greyAlpha = 4
        /// Red, green, blue and alpha: four samples, at 8 or 16 bits.
        case rgba = 6

        /// The number of samples in a pixel.
        public var channelCount: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the format allows for the colour type.
        public var allowedBitDepths: [Int] {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// How pixels are stored.
    public let colorType: ColorType
    /// The bits of each sample: 1, 2, 4, 8 or 16.
    public let bitDepth: Int
    /// Whether the file it was decoded from was interlaced (Adam7);
    /// ``encoded()`` writes it non-interlaced all the same.
    public let wasInterlaced: Bool
    /// The palette's entries, three bytes (red, green, blue) each; empty
    /// when the image has none (a suggested palette of an RGB image counts).
    public internal(set) var palette: [UInt8]
    /// The data of the `tRNS` chunk, or nil: one alpha byte per palette
    /// entry (the rest are opaque), or the 16-bit grey or red, green, blue
    /// sample values of the transparent colour.
    public let transparency: [UInt8]?
    /// The rows, ``rowByteCount`` bytes each, packed as described above.
    public internal(set) var pixels: [UInt8]

    /// The file the image was decoded from (empty for one made in memory),
    /// its chunks and where its bytes after `IEND` start.
    let source: [UInt8]
    let sourceChunks: [PNGTextChunks.Chunk]
    let sourceEnd: Int
    /// Whether ``palette`` differs from the file's `PLTE`.
    var paletteChanged = false

    /// The number of samples in a pixel.
    public var channelCount: Int { colorType.channelCount }
    /// The bits of a pixel.
    public var bitsPerPixel: Int { channelCount * bitDepth }
    /// The bytes of a row, without the filter byte a file adds.
    public var rowByteCount: Int { Self.rowByteCount(width: width, bitsPerPixel: bitsPerPixel) }
    /// The largest sample value: 2^``bitDepth`` − 1.
    public var maximumSampleValue: Int { (1 << bitDepth) - 1 }

    /// A blank image (every sample 0) of the given kind, made in memory,
    /// such as a test or an encoder starts from; ``encoded()`` writes it
    /// with `IHDR`, `PLTE` (when `palette` is not empty), `tRNS` (when
    /// `transparency` is given), `IDAT` and `IEND`.
    ///
    /// ```swift
    /// var image = try PNGImage(width: 2, height: 2, colorType: .rgb, bitDepth: 8)
    /// image.setSample(255, x: 0, y: 0, channel: 0)
    /// ```
    ///
    /// Throws ``PNGError/invalidHeader(_:)`` for a size below 1 or past
    /// 2³¹ − 1 or a bit depth the colour type does not allow, and
    /// ``PNGError/invalidChunk(_:_:)`` for a palette or transparency the
    /// format does not allow.
    ///
    /// - Complexity: O(*n*) in the raw image size.
    public init(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, palette: [UInt8] = [],
        transparency: [UInt8]? = nil
    ) throws(PNGError) {
        let size = try Self.checkedSize(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, palette: palette,
            transparency: transparency)
        guard let size else { throw .imageTooLarge(.outputTooLarge(limit: .max)) }
        self.init(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, wasInterlaced: false,
            palette: palette, transparency: transparency, pixels: [UInt8](repeating: 0, count: size),
            source: [], sourceChunks: [], sourceEnd: 0)
    }

    /// An image of the given kind made in memory from its rows: `pixels`
    /// holds `height` rows of ``rowByteCount`` bytes each, packed as
    /// ``pixels`` describes (the layout of a PNG row without its filter
    /// byte, which is also that of a PDF image's `FlateDecode` data
    /// without predictor, 8 or 16 bits, RGB or grey).
    ///
    /// ```swift
    /// let image = try PNGImage(width: 2, height: 1, colorType: .grey, bitDepth: 8, pixels: [0, 255])
    /// let file = image.encoded()
    /// ```
    ///
    /// Throws as the blank image's initializer does, and
    /// ``PNGError/damagedImageData(_:)`` when `pixels` is not the size the
    /// image needs.
    ///
    /// - Complexity: O(1) besides the checks.
    public init(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, pixels: [UInt8], palette: [UInt8] = [],
        transparency: [UInt8]? = nil
    ) throws(PNGError) {
        let size = try Self.checkedSize(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, palette: palette,
            transparency: transparency)
        guard size == pixels.count else {
            throw .damagedImageData(
                "\(pixels.count) bytes of pixels for an image of \(size.map(String.init) ?? "more")")
        }
        self.init(
            width: width, height: height, colorType: colorType, bitDepth: bitDepth, wasInterlaced: false,
            palette: palette, transparency: transparency, pixels: pixels, source: [], sourceChunks: [], sourceEnd: 0)
    }

    /// The bytes of the pixels of an image of this kind, nil when they
    /// overflow; throws when the header, palette or transparency is not
    /// one the format allows.
    private static func checkedSize(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, palette: [UInt8], transparency: [UInt8]?
    ) throws(PNGError) -> Int? {
        try checkHeader(width: width, height: height, colorType: colorType, bitDepth: bitDepth)
        try checkPalette(palette, colorType: colorType, bitDepth: bitDepth)
        try checkTransparency(transparency, colorType: colorType, paletteCount: palette.count / 3)
        let (size, overflow) = rowByteCount(width: width, bitsPerPixel: colorType.channelCount * bitDepth)
            .multipliedReportingOverflow(by: height)
        return overflow ? nil : size
    }

    init(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, wasInterlaced: Bool, palette: [UInt8],
        transparency: [UInt8]?, pixels: [UInt8], source: [UInt8], sourceChunks: [PNGTextChunks.Chunk],
        sourceEnd: Int
    ) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.wasInterlaced = wasInterlaced
        self.palette = palette
        self.transparency = transparency
        self.pixels = pixels
        self.source = source
        self.sourceChunks = sourceChunks
        self.sourceEnd = sourceEnd
    }

    /// The bytes of a row of `width` pixels of `bitsPerPixel` bits.
    static func rowByteCount(width: Int, bitsPerPixel: Int) -> Int {
        // width < 2^31 and bitsPerPixel <= 64: no overflow.
        (width * bitsPerPixel + 7) / 8
    }

    // MARK: Samples

    /// Sample `channel` of the pixel at column `x`, row `y`, as stored: a
    /// palette index for a palette image, else a value from 0 to
    /// ``maximumSampleValue`` (channels in the order grey, alpha or red,
    /// green, blue, alpha).
    ///
    /// ```swift
    /// image.sample(x: 3, y: 0, channel: 1)   // the green of the fourth pixel of an RGB image
    /// ```
    ///
    /// - Precondition: `x`, `y` and `channel` are inside the image.
    /// - Complexity: O(1).
    public func sample(x: Int, y: Int, channel: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height && channel >= 0 && channel < channelCount)
        let row = y * rowByteCount
        switch bitDepth {
        case 8:
            return Int(pixels[row + x * channelCount + channel])
        case 16:
            let offset = row + (x * channelCount + channel) * 2
            return Int(pixels[offset]) << 8 | Int(pixels[offset + 1])
        default:
            let bit = x * bitDepth
            let shift = 8 - bitDepth - bit % 8
            return Int(pixels[row + bit / 8] >> shift) & maximumSampleValue
        }
    }

    /// Sets sample `channel` of the pixel at column `x`, row `y` to
    /// `value` (only its low ``bitDepth`` bits are kept).
    ///
    /// ```swift
    /// image.setSample(0, x: 3, y: 0, channel: 1)
    /// ```
    ///
    /// - Precondition: `x`, `y` and `channel` are inside the image.
    /// - Complexity: O(1).
    public mutating func setSample(_ value: Int, x: Int, y: Int, channel: Int) {
        precondition(x >= 0 && x < width && y >= 0 && y < height && channel >= 0 && channel < channelCount)
        let row = y * rowByteCount
        switch bitDepth {
        case 8:
            pixels[row + x * channelCount + channel] = UInt8(truncatingIfNeeded: value)
        case 16:
            let offset = row + (x * channelCount + channel) * 2
            pixels[offset] = UInt8(truncatingIfNeeded: value >> 8)
            pixels[offset + 1] = UInt8(truncatingIfNeeded: value)
        default:
            let bit = x * bitDepth
            let shift = 8 - bitDepth - bit % 8
            let mask = UInt8(maximumSampleValue) << shift
            let index = row + bit / 8
            pixels[index] = pixels[index] & ~mask | UInt8(truncatingIfNeeded: value) << shift & mask
        }
    }

    /// The pixel at column `x`, row `y` as 8-bit red, green, blue and alpha:
    /// grey repeated, palette entries looked up, `tRNS` applied (a colour
    /// key gives alpha 0), samples below 8 bits scaled up and 16-bit ones
    /// cut to their high byte. An index past the palette gives black.
    ///
    /// ```swift
    /// image.rgba8(x: 0, y: 0)   // SIMD4<UInt8>(255, 255, 255, 255) for a white pixel
    /// ```
    ///
    /// - Precondition: `x` and `y` are inside the image.
    /// - Complexity: O(1).
    public func rgba8(x: Int, y: Int) -> SIMD4<UInt8> {
        let samples = (0..<channelCount).map { sample(x: x, y: y, channel: $0) }
        func scaled(_ value: Int) -> UInt8 {
            bitDepth == 16 ? UInt8(value >> 8) : UInt8(value * 255 / maximumSampleValue)
        }
        switch colorType {
        case .palette:
            let index = samples[0]
            guard index * 3 + 2 < palette.count else { return SIMD4(0, 0, 0, 255) }
            let alpha = transparency.flatMap { index < $0.count ? $0[index] : nil } ?? 255
            return SIMD4(palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2], alpha)
        case .grey:
            let grey = scaled(samples[0])
            return SIMD4(grey, grey, grey, isColorKey(samples) ? 0 : 255)
        case .greyAlpha:
            let grey = scaled(samples[0])
            return SIMD4(grey, grey, grey, scaled(samples[1]))
        case .rgb:
            return SIMD4(scaled(samples[0]), scaled(samples[1]), scaled(samples[2]), isColorKey(samples) ? 0 : 255)
        case .rgba:
            return SIMD4(scaled(samples[0]), scaled(samples[1]), scaled(samples[2]), scaled(samples[3]))
        }
    }

    /// Whether grey or RGB `samples` are the transparent colour of `tRNS`.
    func isColorKey(_ samples: [Int]) -> Bool {
        guard let transparency, transparency.count == samples.count * 2 else { return false }
        return samples.indices.allSatisfy {
            Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1]) == samples[$0]
        }
    }
}
