/// Where the CPF is in each input record: `--field`, `--delimiter` and
/// `--header`.
struct CSVColumns {
    /// The 0-based field that holds the CPF, or `nil` for whole lines.
    var field: Int?
    var delimiter = UInt8(ascii: ",")
    /// Whether the first record of each input is a header, not a CPF.
    var skipsHeader = false

    /// The delimiter the line reader splits records with: CSV records only
    /// when a field is read.
    var recordDelimiter: UInt8? { field == nil ? nil : delimiter }
}
