/// Why the text of a PDF could not be extracted. The description is a short
/// English phrase, fit for "not searched: REASON".
///
/// ```swift
/// do {
///     _ = try PDFTextExtractor().extractText(from: bytes)
/// } catch {
///     print("not searched: \(error)")   // "not searched: encrypted PDF"
/// }
/// ```
public enum PDFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The trailer has /Encrypt: the text cannot be read without decrypting.
    case encrypted
    /// No page shows any text (a scanned document holds only images).
    case noText
    /// A stream the text needs uses a filter this reader does not decode.
    case unsupportedFilter(String)
    /// The file breaks the PDF syntax beyond repair; the text says where.
    case malformed(String)
    /// The file is larger than the given number of bytes.
    case tooLarge(Int)
    /// Decoding a stream broke a ``DecompressionLimits`` limit (a
    /// decompression bomb).
    case decompressionLimit(DecompressionLimitError)
    /// The file goes past one of the reader's structural bounds (nesting
    /// depth, objects, pages, cross-reference entries); the text names it.
    case tooComplex(String)
    /// The file could not be read (an input or output error of the file a
    /// ``PDFSource`` reads); the text says what the reader threw.
    case readError(String)

    /// A short English phrase, such as `encrypted PDF`.
    public var description: String {
        switch self {
        case .encrypted: "encrypted PDF"
        case .noText: "no text in the PDF (scanned images?)"
        case .unsupportedFilter(let name): "unsupported PDF filter \(name)"
        case .malformed(let detail): "malformed PDF (\(detail))"
        case .tooLarge(let limit): "PDF larger than \(limit) bytes"
        case .decompressionLimit(let error): "PDF stream \(error)"
        case .tooComplex(let detail): "PDF too complex (\(detail))"
        case .readError(let detail): "PDF read error (\(detail))"
        }
    }
}
