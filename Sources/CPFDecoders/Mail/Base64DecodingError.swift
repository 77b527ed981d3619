/// Why base64 text could not be decoded.
///
/// ```swift
/// do { _ = try Base64Decoder.decode(Array("YWJjZ".utf8)) } catch { print(error) }
/// // "base64 text ends with a single character, which holds no byte"
/// ```
public enum Base64DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text ends with one character in its last quantum: 6 bits, no byte.
    case lonelyCharacter

    /// A short English sentence fragment.
    public var description: String {
        switch self {
        case .lonelyCharacter: "base64 text ends with a single character, which holds no byte"
        }
    }
}
