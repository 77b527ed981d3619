/// Why an e-mail message could not be read to its end.
///
/// ```swift
/// do { try reader.feed(piece) { _, _, _ in } } catch let error as MailError { print(error) }
/// // "a header block longer than 65536 bytes"
/// ```
public enum MailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A header block (of the message or of a part) passed the limit
    /// without its ending blank line: the rest was not read.
    case headerTooLong(limit: Int)
    /// Multipart entities nested deeper than the limit.
    case nestingTooDeep(limit: Int)

    /// A short English sentence fragment.
    public var description: String {
        switch self {
        case .headerTooLong(let limit): "a header block longer than \(limit) bytes"
        case .nestingTooDeep(let limit): "multipart parts nested deeper than \(limit) levels"
        }
    }
}
