/// One colour component of a JPEG frame (T.81 B.2.2): its identifier, its
/// sampling factors and the grid of 8×8 blocks its coefficients fill.
///
/// The grid is padded to whole MCUs, as an interleaved scan codes it; a
/// component alone in its scan codes only the blocks that cover its samples
/// (``codedColumns`` × ``codedRows``), and the others stay 0.
///
/// ```swift
/// let image = try JPEGImage(bytes)
/// let luma = image.components[0]
/// print(luma.horizontalSampling, luma.blocksPerLine)   // 2 250 for a 4:2:0 4000-pixel-wide photo
/// ```
public struct JPEGComponent: Hashable, Sendable {
    /// The component identifier of the frame header (`C`).
    public let identifier: UInt8
    /// The horizontal sampling factor (`H`), 1 to 4.
    public let horizontalSampling: Int
    /// The vertical sampling factor (`V`), 1 to 4.
    public let verticalSampling: Int
    /// The quantization table selector (`Tq`), 0 to 3.
    public let quantizationTable: Int
    /// The columns of blocks held, padded to whole MCUs.
    public let blocksPerLine: Int
    /// The rows of blocks held, padded to whole MCUs.
    public let blocksPerColumn: Int
    /// The columns of blocks that cover the component's samples.
    public let codedColumns: Int
    /// The rows of blocks that cover the component's samples.
    public let codedRows: Int
}

/// The frame header's figures the scans need (T.81 A.1.1, B.2.2).
struct JPEGFrame: Sendable {
    var width: Int
    var height: Int
    var components: [JPEGComponent]
    var maximumHorizontal: Int
    var maximumVertical: Int
    /// The MCUs of an interleaved scan across and down.
    var mcusPerLine: Int
    var mcusPerColumn: Int
    /// Where each component's blocks start in the coefficient storage.
    var offsets: [Int]
    /// The number of coefficients of all components.
    var coefficientCount: Int
}

/// One scan: its header segment, the components it codes with their tables,
/// the restart interval in force, and where its entropy-coded data lies.
struct JPEGScan: Sendable {
    /// The frame's index of each component of the scan, in scan order.
    var components: [Int]
    /// The DC and AC table selectors of each component of the scan.
    var dcTables: [Int]
    var acTables: [Int]
    /// The restart interval in MCUs (DRI), 0 for none.
    var restartInterval: Int
}

/// A piece of the file in order: a marker segment kept as it is, or a scan
/// whose entropy-coded data is written again.
enum JPEGSegment: Sendable {
    /// Bytes of the file kept as they are; a DHT's tables listed to be
    /// installed when it is written.
    case kept(Range<Int>, tables: [JPEGTableDefinition])
    /// A scan: the range of its SOS segment, then its header's figures.
    case scan(Range<Int>, JPEGScan)
}

/// One table a DHT segment defines: its class (0 DC, 1 AC) and identifier.
struct JPEGTableDefinition: Sendable {
    var tableClass: Int
    var identifier: Int
    var table: JPEGHuffmanTable
}
