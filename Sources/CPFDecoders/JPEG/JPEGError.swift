/// Why a JPEG file could not be read, redacted or written again. The
/// description is a short English phrase, fit for "not searched: REASON".
///
/// ```swift
/// JPEGError.progressive.description   // "progressive JPEG (not supported)"
/// ```
public enum JPEGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the SOI marker (FF D8).
    case notJPEG
    /// A marker segment or the entropy-coded data runs past the end of the file.
    case truncated
    /// A marker segment breaks its layout (T.81 Annex B); the text says how.
    case malformedSegment(String)
    /// The entropy-coded data of a scan does not decode; the text says how.
    case corruptScan(String)
    /// A progressive (SOF2, SOF6, SOF10, SOF14) frame.
    case progressive
    /// A lossless (SOF3, SOF7, SOF11, SOF15) frame.
    case lossless
    /// An arithmetic-coded frame (SOF9 to SOF15) or a DAC segment.
    case arithmeticCoding
    /// A frame with another sample precision than 8 bits (12-bit JPEG).
    case unsupportedPrecision(Int)
    /// A hierarchical file (DHP, EXP) or a frame marker of no known process.
    case unsupportedProcess(UInt8)
    /// A DNL segment, or a frame of 0 lines that would need one.
    case numberOfLinesMarker
    /// A frame of 2 or 4 components (CMYK, YCCK): no black is known for them.
    case unsupportedComponents(Int)
    /// A scan names a Huffman or quantization table no segment has defined.
    case missingTable(String)
    /// A coefficient that baseline Huffman coding cannot write again (a DC
    /// difference above 2047 or an AC value above 1023).
    case coefficientOutOfRange
    /// The image's coefficients would take more memory than ``JPEGLimits`` allows.
    case tooLarge(bytes: Int, limit: Int)

    /// A short English phrase, such as `progressive JPEG (not supported)`.
    public var description: String {
        switch self {
        case .notJPEG: "not a JPEG file"
        case .truncated: "JPEG cut short"
        case .malformedSegment(let detail): "malformed JPEG marker segment (\(detail))"
        case .corruptScan(let detail): "corrupt JPEG scan data (\(detail))"
        case .progressive: "progressive JPEG (not supported)"
        case .lossless: "lossless JPEG (not supported)"
        case .arithmeticCoding: "arithmetic-coded JPEG (not supported)"
        case .unsupportedPrecision(let bits): "\(bits)-bit JPEG (only 8-bit samples are supported)"
        case .unsupportedProcess(let marker): "JPEG frame marker FF \(hex(marker)) (not supported)"
        case .numberOfLinesMarker: "JPEG with a DNL marker (not supported)"
        case .unsupportedComponents(let count): "JPEG of \(count) colour components (not supported)"
        case .missingTable(let detail): "JPEG scan uses an undefined table (\(detail))"
        case .coefficientOutOfRange: "JPEG coefficient out of the baseline range"
        case .tooLarge(let bytes, let limit):
            "JPEG coefficients of \(bytes) bytes, above the limit of \(limit) bytes"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
