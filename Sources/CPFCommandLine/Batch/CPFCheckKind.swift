import CPFKit
import CPFSystem

/// `cpf check` on CPFs (`--document cpf`, the default): a whole line is read
/// by CPFKit's fast byte path, a line or a field in pieces by
/// ``StreamedLine`` as it streams, however long; the records name the CPF
/// and the record's number (``RecordWriter``).
///
/// ```swift
/// CPFCheckKind(options: .strict).isValid(line: bytes)   // CPF.isValidUTF8(bytes, options: .strict)
/// ```
struct CPFCheckKind: CheckKind {
    /// How a CPF is read (`--strict`, `--pad`, `--allow-repeated`).
    var options = CPF.ParsingOptions.lenient

    static let csvHeader = "source,line,record,input,valid,cpf,reason,message\n"

    /// The reason codes, in the order they are checked.
    static let reasonCodes = ["empty", "invalid-character", "format", "length", "repeated", "check-digits"]

    static func reasonIndex(_ error: CPFValidationError) -> Int {
        switch error {
        case .empty: 0
        case .invalidCharacter: 1
        case .format: 2
        case .length: 3
        case .repeatedDigits: 4
        case .checkDigits: 5
        }
    }

    static func code(of error: CPFValidationError) -> String { error.code }

    func parse(argument: UnsafeRawBufferPointer) -> Result<CPF, CPFValidationError> {
        CPF.parse(argument, options: options)
    }

    @inline(__always)
    func parse(line: UnsafeRawBufferPointer) -> Result<CPF, CPFValidationError> {
        CPF.parse(line, options: options)
    }

    @inline(__always)
    func isValid(line: UnsafeRawBufferPointer) -> Bool {
        CPF.isValidUTF8(line, options: options)
    }

    func makeValue(context: Context) -> StreamedLine {
        StreamedLine(options: options, context: context)
    }

    func reason(_ error: CPFValidationError, context: Context) -> String {
        context.reason(error)
    }

    func validVerdict(_ number: CPF, context: Context) -> String {
        context.text(.verdictValid)
    }

    static func writeJSON(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        RecordWriter.writeJSON(
            source: source, line: line, record: record, input: input, isTruncated: isTruncated, result: result, to: out)
    }

    static func writeCSV(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<CPF, CPFValidationError>, to out: OutputBuffer
    ) {
        RecordWriter.writeCSV(
            source: source, line: line, record: record, input: input, isTruncated: isTruncated, result: result, to: out)
    }
}

extension StreamedLine: StreamedValue {
    /// The first 64 KiB of the line or its field, cut when it is longer,
    /// whether or not its record came whole.
    func echoed(recordIsWhole: Bool) -> (bytes: UnsafeRawBufferPointer, isTruncated: Bool) {
        (echo.bytes, echo.isTruncated)
    }
}
