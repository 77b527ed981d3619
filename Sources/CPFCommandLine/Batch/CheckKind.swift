import CPFKit
import CPFSystem

/// The kind of number `cpf check` reads, as ``CheckEngine`` needs it: how a
/// value is read (an argument, a whole line, a line or a field in pieces),
/// what its verdict says in the report, and how its record is written in
/// JSON and CSV. ``CPFCheckKind`` reads CPFs (`--document cpf`, the
/// default), ``TaxpayerIDCheckKind`` a CPF or a CNPJ (`--document cnpj|any`).
///
/// ```swift
/// let engine = CheckEngine(kind: CPFCheckKind(options: .lenient), settings: CheckSettings(), context: context)
/// engine.check(argument: "390.533.447-05", index: 1)   // 390.533.447-05: valid
/// ```
///
/// What differs between the kinds is here, and only that: the loop, the
/// filters, the counts and the summary are the engine's, written once.
protocol CheckKind {
    /// A valid value: ``CPF``, or ``TaxpayerID``.
    associatedtype Number
    /// Why a value is not valid.
    associatedtype Failure: Error
    /// A line or a CSV field read in pieces.
    associatedtype Value: StreamedValue<Number, Failure>

    /// The header row of `--csv`, its line feed included.
    static var csvHeader: String { get }
    /// Every reason code, in the order the summary lists reasons counted
    /// the same number of times.
    static var reasonCodes: [String] { get }
    /// The index of `error`'s code in ``reasonCodes``.
    static func reasonIndex(_ error: Failure) -> Int
    /// The stable code of `error`, as `--annotate` writes it.
    static func code(of error: Failure) -> String

    /// Reads a command-line argument.
    func parse(argument: UnsafeRawBufferPointer) -> Result<Number, Failure>
    /// Reads a whole line, without its terminator (the hot path).
    func parse(line: UnsafeRawBufferPointer) -> Result<Number, Failure>
    /// Whether a whole line is valid (`--quiet`, the filters).
    func isValid(line: UnsafeRawBufferPointer) -> Bool
    /// The value a line or a field read in pieces goes into; made once per
    /// engine, begun again for each.
    func makeValue(context: Context) -> Value
    /// Why a value is invalid, as the report and a verdict line say it.
    func reason(_ error: Failure, context: Context) -> String
    /// What the verdict line of a valid argument says.
    func validVerdict(_ number: Number, context: Context) -> String

    /// One JSON Lines record of `--json` (``RecordWriter``).
    static func writeJSON(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<Number, Failure>, to out: OutputBuffer)
    /// One row of `--csv`, under ``csvHeader``.
    static func writeCSV(
        source: UnsafeRawBufferPointer, line: Int, record: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<Number, Failure>, to out: OutputBuffer)
}

/// A line or a CSV field that ``CheckEngine`` reads in pieces (a CSV record,
/// or a line longer than the read buffer): read as it comes, echoed for a
/// report, and passed to a filter's output once its verdict is known.
/// ``StreamedLine`` parses a CPF as it streams and holds a long line in a
/// temporary file; ``TaxpayerIDCheckKind/HeldValue`` holds a value's first
/// 64 KiB and cannot filter a record it did not get whole.
///
/// For each piece the engine calls ``begin()`` (first piece only),
/// ``consume(_:)`` or ``consume(byte:)``, then, when filtering,
/// ``pass(_:decided:to:)``; on the last piece it reads ``result`` and
/// ``echoed(recordIsWhole:)``, and calls ``reportIfNotHeld(location:)``.
protocol StreamedValue<Number, Failure>: AnyObject {
    associatedtype Number
    associatedtype Failure: Error

    /// Starts a new value.
    func begin()
    /// Reads the next bytes of the value.
    func consume(_ bytes: UnsafeRawBufferPointer)
    /// Reads one byte of the value (a byte of a CSV field).
    func consume(byte: UInt8)
    /// The verdict on the bytes so far (final once the last piece is in).
    var result: Result<Number, Failure> { get }
    /// Whether no later byte can make the value valid.
    var isSettled: Bool { get }
    /// The value's first bytes, to show in a report, and whether more of
    /// it was left out; `recordIsWhole` says whether its record came in one
    /// piece.
    func echoed(recordIsWhole: Bool) -> (bytes: UnsafeRawBufferPointer, isTruncated: Bool)
    /// Copies a piece of the record to `out` once it is known to be wanted
    /// (`decided` true), drops it when not (false), or keeps it while that
    /// is unknown (`nil`), if it can.
    func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer)
    /// Whether the record's bytes went to the output.
    var isCopied: Bool { get }
    /// Reports a record whose pieces could not be kept while its verdict
    /// was unknown, and makes the run end with exit status 2.
    func reportIfNotHeld(location: (source: RawText, line: Int)?)
}

extension CheckKind {
    func isValid(line: UnsafeRawBufferPointer) -> Bool {
        if case .success = parse(line: line) { return true }
        return false
    }
}
