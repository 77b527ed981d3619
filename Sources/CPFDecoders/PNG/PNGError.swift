/// Why a PNG file (its text chunks or its image) could not be read or written again.
/// The description is a short English phrase, fit for "not searched: REASON".
///
/// ```swift
/// PNGError.truncated.description   // "PNG cut short (a chunk runs past the end of the file)"
/// ```
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the PNG signature.
    case notPNG
    /// A chunk runs past the end of the file.
    case truncated
    /// A chunk's length is over 2³¹ − 1, which the format forbids.
    case chunkTooLong
    /// A text chunk breaks its layout; the text says how.
    case malformed(PNGTextChunks.TextKind, String)
    /// A text chunk is compressed with another method than 0 (zlib).
    case unknownCompression(PNGTextChunks.TextKind, UInt8)
    /// A compressed text chunk's zlib data is damaged; the text says how.
    case damaged(PNGTextChunks.TextKind, String)
    /// Inflating the compressed text chunks broke a ``DecompressionLimits`` limit.
    case decompressionLimit(DecompressionLimitError)
    /// A `tEXt` or `zTXt` text to write holds a character Latin-1 does not have.
    case notLatin1(PNGTextChunks.TextKind)
    /// A chunk's stored CRC is not the CRC-32 of its type and data: the chunk is damaged.
    case checksumMismatch(chunk: String)
    /// The `IHDR` chunk breaks the format; the text says how.
    case invalidHeader(String)
    /// A chunk the image needs is missing (`IHDR`, `IDAT`, `PLTE` for a palette image, `IEND`).
    case missingChunk(String)
    /// A chunk stands where the format does not allow it; the text says how.
    case misplacedChunk(String)
    /// A `PLTE` or `tRNS` chunk breaks its layout; the text says how.
    case invalidChunk(String, String)
    /// The file is an animated PNG (APNG): its other frames would keep the pixels a redaction hides.
    case animated
    /// The image's unpacked size breaks a ``DecompressionLimits`` limit.
    case imageTooLarge(DecompressionLimitError)
    /// The zlib stream of the `IDAT` chunks is damaged or holds too little data; the text says how.
    case damagedImageData(String)

    /// A short English phrase, such as `PNG cut short (…)`.
    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "PNG cut short (a chunk runs past the end of the file)"
        case .chunkTooLong: "PNG chunk longer than 2^31 - 1 bytes"
        case .malformed(let kind, let detail): "malformed PNG \(kind.rawValue) chunk (\(detail))"
        case .unknownCompression(let kind, let method):
            "PNG \(kind.rawValue) chunk compressed with unknown method \(method)"
        case .damaged(let kind, let detail): "damaged PNG \(kind.rawValue) chunk (\(detail))"
        case .decompressionLimit(let error): "PNG text \(error)"
        case .notLatin1(let kind): "PNG \(kind.rawValue) text not writable in Latin-1"
        case .checksumMismatch(let chunk): "damaged PNG \(chunk) chunk (CRC mismatch)"
        case .invalidHeader(let detail): "invalid PNG IHDR chunk (\(detail))"
        case .missingChunk(let chunk): "PNG without its \(chunk) chunk"
        case .misplacedChunk(let detail): "PNG chunks out of order (\(detail))"
        case .invalidChunk(let chunk, let detail): "invalid PNG \(chunk) chunk (\(detail))"
        case .animated: "animated PNG (APNG; its other frames are not read)"
        case .imageTooLarge(let error): "PNG image \(error)"
        case .damagedImageData(let detail): "damaged PNG image data (\(detail))"
        }
    }
}
