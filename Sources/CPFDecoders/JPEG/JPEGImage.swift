/// A baseline or extended sequential Huffman JPEG file (ITU-T T.81) read to
/// the quantised coefficients of every 8×8 block of every component, with
/// its marker segments kept to be written again byte for byte.
///
/// What it reads: SOF0 and SOF1 frames of 8-bit samples, of 1 or 3
/// components with any sampling factors, interleaved and single-component
/// scans (a sequential file may have several), restart intervals, DHT, DQT,
/// DRI, APPn and COM anywhere between them. What it refuses, by a named
/// ``JPEGError``: progressive, lossless, hierarchical, arithmetic-coded and
/// 12-bit files, DNL, 2 and 4 components (CMYK), and coefficients above
/// ``JPEGLimits``.
///
/// ```swift
/// let image = try JPEGImage(bytes)
/// let block = image.block(component: 0, row: 0, column: 0)   // 64 coefficients, zig-zag order
/// let redacted = try JPEGImage.redacting(bytes, rectangles: [PixelRectangle(x: 10, y: 10, width: 80, height: 20)])
/// ```
///
/// - Complexity: O(n) in the file's bytes and blocks; memory 128 bytes per
///   block besides the file.
public struct JPEGImage: Sendable {
    /// The width in pixels (`X`).
    public var width: Int { frame.width }
    /// The height in pixels (`Y`).
    public var height: Int { frame.height }
    /// The colour components, in the frame header's order.
    public var components: [JPEGComponent] { frame.components }

    var frame: JPEGFrame
    /// The coefficients of every block, component after component, each
    /// block's 64 in zig-zag order.
    var coefficients: [Int16]
    /// The file as read.
    let source: [UInt8]
    /// The file's segments after SOI, in order, up to EOI.
    var segments: [JPEGSegment]
    /// The DC coefficient that paints each component's block dark.
    var darkDC: [Int16]

    /// Reads `bytes` as a JPEG file.
    ///
    /// - Throws: ``JPEGError`` when the file is not a sequential Huffman
    ///   JPEG of 8-bit samples, is damaged, or its blocks are above `limits`.
    public init(_ bytes: [UInt8], limits: JPEGLimits = .default) throws(JPEGError) {
        var parser = JPEGParser(bytes: bytes, limits: limits)
        try parser.parse()
        guard let frame = parser.frame, parser.scanned.contains(true) else {
            throw .malformedSegment("no frame or no scan before EOI")
        }
        self.frame = frame
        coefficients = parser.coefficients
        source = bytes
        segments = parser.segments
        darkDC = Self.darkDC(frame: frame, quantizers: parser.componentQuantizers, segments: parser.segments, bytes)
    }

    /// The 64 quantised coefficients of the block at `row` and `column` of
    /// component `component`, in zig-zag order (DC first); 64 zeros outside
    /// the component's grid.
    ///
    /// - Complexity: O(1).
    public func block(component: Int, row: Int, column: Int) -> [Int16] {
        guard components.indices.contains(component) else { return [Int16](repeating: 0, count: 64) }
        let grid = components[component]
        guard (0..<grid.blocksPerColumn).contains(row), (0..<grid.blocksPerLine).contains(column) else {
            return [Int16](repeating: 0, count: 64)
        }
        let start = frame.offsets[component] + (row * grid.blocksPerLine + column) * 64
        return Array(coefficients[start..<start + 64])
    }

    /// The DC coefficient of a black block of each component: luma (or every
    /// component of an RGB file) sample 0, level-shifted −128, which is a DC
    /// of −1024 before quantization; chroma neutral, DC 0.
    private static func darkDC(
        frame: JPEGFrame, quantizers: [Int], segments: [JPEGSegment], _ bytes: [UInt8]
    ) -> [Int16] {
        let rgb = frame.components.count == 3 && isRGB(frame: frame, segments: segments, bytes)
        return frame.components.indices.map { index in
            guard index == 0 || rgb else { return 0 }
            let quantizer = max(1, quantizers[index])
            return Int16(-((2048 + quantizer) / (2 * quantizer)))
        }
    }

    /// Whether a 3-component file holds RGB rather than YCbCr: an Adobe
    /// APP14 segment of transform 0, or without one, components named R, G, B.
    private static func isRGB(frame: JPEGFrame, segments: [JPEGSegment], _ bytes: [UInt8]) -> Bool {
        for case .kept(let range, _) in segments where range.count >= 16 {
            let start = range.lowerBound
            guard bytes[start + 1] == 0xEE, Array(bytes[start + 4..<start + 9]) == Array("Adobe".utf8) else {
                continue
            }
            return bytes[start + 15] == 0
        }
        return frame.components.map(\.identifier) == [0x52, 0x47, 0x42]
    }
}
