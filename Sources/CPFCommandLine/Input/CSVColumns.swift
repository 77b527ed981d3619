/// Where the CPF is in each input record: `--field`, `--delimiter` and
/// `--header`.
struct CSVColumns {
    /// The 0-based field that holds the CPF, or `nil` for whole lines (or
    /// while a ``fieldName`` is not yet looked up).
    var field: Int?
    /// The name of the field (`--field NAME`, with `--header`), looked up
    /// in each input's header.
    var fieldName: [UInt8]?
    var delimiter = UInt8(ascii: ",")
    /// Whether the first record of each input is a header, not a CPF.
    var skipsHeader = false
    /// `--raw`: Hive's delimited rows, as Spark's `TRANSFORM` sends them: no
    /// RFC 4180 quoting (a record is a line, a quote an ordinary byte), and
    /// a field that is exactly ``null`` (`\N`) is NULL, passed through.
    var isRaw = false

    /// The text of a NULL field in a raw row.
    static let null: [UInt8] = [0x5C, 0x4E]

    /// Whether records are CSV records and one field is read.
    var readsField: Bool { field != nil || fieldName != nil }

    /// The delimiter the line reader splits records with: CSV records only
    /// when a field is read.
    var recordDelimiter: UInt8? { readsField && !isRaw ? delimiter : nil }

    /// The 0-based index of the first field of the header record `header`
    /// whose content (its quotes undone) is `name`, byte for byte; `nil`
    /// when there is none.
    static func index(of name: [UInt8], inHeader header: [UInt8], delimiter: UInt8, quotes: Bool = true) -> Int? {
        var state = CSVState(delimiter: delimiter, quotes: quotes)
        var content: [UInt8] = []
        var index = 0
        for byte in header {
            let isContent = state.step(byte)
            if state.fieldIndex != index {
                if content == name { return index }
                content.removeAll(keepingCapacity: true)
                index = state.fieldIndex
            }
            if isContent { content.append(byte) }
        }
        return content == name ? index : nil
    }
}

/// The header record of one input, gathered from its pieces to look a
/// field name up in (``CSVColumns/index(of:inHeader:delimiter:)``); at most
/// ``limit`` bytes are kept.
struct HeaderCapture {
    static let limit = 1 << 16
    private(set) var bytes: [UInt8] = []
    /// Whether the header was longer than ``limit``.
    private(set) var isTruncated = false

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        isTruncated = false
    }

    mutating func append(_ piece: UnsafeRawBufferPointer) {
        let room = Self.limit - bytes.count
        if piece.count > room { isTruncated = true }
        bytes.append(contentsOf: piece.prefix(max(room, 0)))
    }
}
