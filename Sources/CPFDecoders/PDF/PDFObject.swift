/// One object of a PDF file (ISO 32000-1, 7.3): what ``PDFParser`` reads.
/// Names are kept as `String`s (with `#xx` escapes decoded, bytes read as
/// Latin-1), strings as their bytes; a stream keeps its dictionary and where
/// its data lies in the buffer it was read from.
///
/// ```swift
/// let object = PDFObject.dictionary(["Type": .name("Page")])
/// object["Type"]?.name   // "Page"
/// ```
enum PDFObject: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary([String: PDFObject])
    /// An indirect reference `number generation R`.
    case reference(Int, Int)
    /// A stream's dictionary and the range of its (encoded) data in the
    /// buffer the object was parsed from.
    case stream([String: PDFObject], Range<Int>)

    /// The entry `key` of a dictionary or a stream's dictionary.
    subscript(key: String) -> PDFObject? {
        switch self {
        case .dictionary(let entries), .stream(let entries, _): entries[key]
        default: nil
        }
    }

    var name: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .real(let value) where value.isFinite && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    var array: [PDFObject]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var string: [UInt8]? {
        if case .string(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PDFObject]? {
        switch self {
        case .dictionary(let entries), .stream(let entries, _): entries
        default: nil
        }
    }
}
