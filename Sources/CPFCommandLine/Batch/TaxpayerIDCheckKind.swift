import CPFKit
import CPFSystem

/// `cpf check --document cnpj|any`: each input read as a CNPJ, or as a CPF
/// or a CNPJ (``TaxpayerID/parse(_:accepting:options:)``); the report and
/// the verdict lines name the kind (`CNPJ: check digits should be 35`,
/// `valid (CPF)`), the records name it in `document` (``RecordWriter``'s
/// `writeTaxpayerIDJSON`).
///
/// A value, a line or the field of a CSV record, is held up to 64 KiB
/// (``HeldValue``): a longer one is not a number of either kind, and is
/// refused for what its first 64 KiB show, a whole line too. The filters
/// print whole records, so a record longer than the line buffer (1 MiB)
/// cannot be filtered: it is reported, left out, and the exit status says
/// so.
///
/// ```swift
/// TaxpayerIDCheckKind(accepted: .any).parse(line: bytes)   // .success(.cnpj(12.ABC.345/01DE-35))
/// ```
struct TaxpayerIDCheckKind: CheckKind {
    /// The kinds accepted: `.cnpj` or `.any`.
    var accepted = TaxpayerID.Accepted.any
    /// How a number is read (`--strict`, `--pad`, `--allow-repeated`).
    var options = CNPJ.ParsingOptions.lenient

    static let csvHeader = "source,line,input,valid,document,number,reason,message\n"

    /// The reason codes of both kinds, by name: the order in which the
    /// summary of `--document cnpj|any` has always listed its ties.
    static let reasonCodes = [
        "check-digits", "empty", "format", "invalid-character", "length", "lowercase", "repeated",
    ]

    static func reasonIndex(_ error: TaxpayerID.ValidationError) -> Int {
        guard let index = reasonCodes.firstIndex(of: error.code) else {
            preconditionFailure("no reason code \(error.code) in TaxpayerIDCheckKind.reasonCodes")
        }
        return index
    }

    static func code(of error: TaxpayerID.ValidationError) -> String { error.code }

    func parse(argument: UnsafeRawBufferPointer) -> Result<TaxpayerID, TaxpayerID.ValidationError> {
        TaxpayerID.parse(argument, accepting: accepted, options: options)
    }

    /// Reads the line's first 64 KiB, as ``HeldValue`` holds a line read in
    /// pieces.
    func parse(line: UnsafeRawBufferPointer) -> Result<TaxpayerID, TaxpayerID.ValidationError> {
        parse(argument: UnsafeRawBufferPointer(rebasing: line.prefix(EchoCapture.limit)))
    }

    func makeValue(context: Context) -> HeldValue {
        HeldValue(kind: self, context: context)
    }

    func reason(_ error: TaxpayerID.ValidationError, context: Context) -> String {
        "\(error.kind.name): " + context.reason(error)
    }

    func validVerdict(_ number: TaxpayerID, context: Context) -> String {
        context.text(.verdictValid) + " (\(number.kind.name))"
    }

    static func writeJSON(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<TaxpayerID, TaxpayerID.ValidationError>, to out: OutputBuffer
    ) {
        RecordWriter.writeTaxpayerIDJSON(
            source: source, line: line, input: input, isTruncated: isTruncated, result: result, to: out)
    }

    static func writeCSV(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<TaxpayerID, TaxpayerID.ValidationError>, to out: OutputBuffer
    ) {
        RecordWriter.writeTaxpayerIDCSV(
            source: source, line: line, input: input, isTruncated: isTruncated, result: result, to: out)
    }

    /// A value of a record read in pieces: its first 64 KiB, read as a
    /// whole once the record ends. It keeps no piece of a record for a
    /// filter: a record that comes in more than one piece is left out by
    /// the filters and reported (`record longer than 1048576 bytes: not
    /// filtered with --document any (left out)`).
    final class HeldValue: StreamedValue {
        private let kind: TaxpayerIDCheckKind
        private let context: Context
        private let held = EchoCapture()
        /// Whether a piece of the record was passed before its verdict was
        /// known, and so left out.
        private var droppedPiece = false
        private(set) var isCopied = false

        init(kind: TaxpayerIDCheckKind, context: Context) {
            self.kind = kind
            self.context = context
        }

        func begin() {
            held.reset()
            droppedPiece = false
            isCopied = false
        }

        func consume(_ bytes: UnsafeRawBufferPointer) {
            held.append(bytes)
        }

        func consume(byte: UInt8) {
            held.append(byte)
        }

        var result: Result<TaxpayerID, TaxpayerID.ValidationError> {
            kind.parse(argument: held.bytes)
        }

        /// Never before the end: a value is read whole.
        var isSettled: Bool { false }

        /// The held bytes, said to be cut when the record came in pieces
        /// (and only then: a field over 64 KiB in a record that came whole
        /// is shown without `…`, as `--document` always showed it).
        func echoed(recordIsWhole: Bool) -> (bytes: UnsafeRawBufferPointer, isTruncated: Bool) {
            (held.bytes, !recordIsWhole)
        }

        /// Writes the record when it came in one piece and is wanted; a
        /// piece passed before the verdict is known is left out, and so is
        /// the rest of its record.
        func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) {
            guard let decided, !droppedPiece else {
                droppedPiece = true
                return
            }
            if decided {
                out.write(bytes)
                isCopied = true
            }
        }

        func reportIfNotHeld(location: (source: RawText, line: Int)?) {
            guard droppedPiece, let location else { return }
            context.reportInputError(
                location.source,
                message: context.text(
                    .recordTooLongForDocument, "\(LineReader.defaultCapacity)", kind.accepted.rawValue))
        }
    }
}
