/// The RFC 4180 state machine over the bytes of one record: which bytes are
/// the content of which field.
///
/// A field that starts with `"` is quoted: `""` inside it is one quote, and
/// delimiters and line breaks inside it are content. A quote inside an
/// unquoted field is an ordinary byte, and bytes after a closing quote are
/// kept as content (as Python's `csv` module does), so no byte is ever an error.
/// Without `quotes` (`--raw`: Hive's delimited rows), a quote is an ordinary
/// byte everywhere and only the delimiter separates fields.
struct CSVState {
    enum Phase { case fieldStart, unquoted, quoted, quoteInQuoted }

    let delimiter: UInt8
    /// Whether a field that starts with `"` is quoted (RFC 4180).
    let quotes: Bool
    private(set) var phase = Phase.fieldStart
    /// 0-based index of the field the last byte belonged to.
    private(set) var fieldIndex = 0

    init(delimiter: UInt8, quotes: Bool = true) {
        self.delimiter = delimiter
        self.quotes = quotes
    }

    /// Whether a line feed now would end the record (it is not inside quotes).
    var endsRecordAtLineFeed: Bool { phase != .quoted }

    /// Reads one byte; returns whether it is content of field `fieldIndex`.
    @inline(__always)
    mutating func step(_ byte: UInt8) -> Bool {
        switch phase {
        case .fieldStart:
            if byte == 0x22, quotes {
                phase = .quoted
                return false
            }
            if byte == delimiter {
                fieldIndex += 1
                return false
            }
            phase = .unquoted
            return true
        case .unquoted:
            if byte == delimiter {
                fieldIndex += 1
                phase = .fieldStart
                return false
            }
            return true
        case .quoted:
            if byte == 0x22 {
                phase = .quoteInQuoted
                return false
            }
            return true
        case .quoteInQuoted:
            if byte == 0x22 {
                phase = .quoted
                return true
            }
            if byte == delimiter {
                fieldIndex += 1
                phase = .fieldStart
                return false
            }
            phase = .unquoted
            return true
        }
    }
}
