import CPFKit
import CPFSystem

/// What `cpf check` writes for each input.
enum CheckOutput {
    /// Invalid lines as `SOURCE:LINE: 'INPUT': MESSAGE` (for arguments, a
    /// verdict line each), then a summary on standard error.
    case report
    /// The valid input lines, byte for byte.
    case validLines
    /// The invalid input lines, byte for byte.
    case invalidLines
    /// One JSON object per input.
    case json
    /// One CSV row per input, after a header row.
    case csv
    /// Nothing: the exit status answers.
    case quiet
    /// Every input record, followed by the delimiter, `true` or `false`, the
    /// delimiter and the reason code (empty when valid).
    case annotate

    var isFilter: Bool { self == .validLines || self == .invalidLines }
    /// Whether the input's bytes are copied to the output (its byte order
    /// mark and header included).
    var copiesInput: Bool { isFilter || self == .annotate }
}

/// How `cpf check` reads its inputs and what it writes, whatever kind of
/// number it checks.
struct CheckSettings {
    var output = CheckOutput.report
    /// The 0-based CSV field that holds the number, or `nil` for whole lines.
    var field: Int?
    /// The name of that field in each input's header (`--field NAME`).
    var fieldName: [UInt8]?
    var delimiter = UInt8(ascii: ",")
    /// `--raw`: no RFC 4180 quoting, and a field `\N` is NULL: not
    /// checked, annotated `\N`, left out of every report (CPFs only).
    var isRaw = false
    /// Whether the first record of each input is a header, not a number
    /// (the first input's is kept by the filters and `--annotate`).
    var skipsHeader = false
    /// With `--json` or `--csv`: only valid inputs are reported
    /// (`--valid`), only invalid ones (`--invalid`), or all (`nil`).
    var reportsOnlyValid: Bool?
    /// Whether the verdicts and the report are coloured (`--color`).
    var colours = false
}

/// Checks inputs line by line and writes the verdicts; the layer between the
/// line reader and the output formats for `cpf check`. Written once for every
/// kind of number: `Kind` says how a value is read and how its verdict is
/// written (``CPFCheckKind`` for CPFs, ``TaxpayerIDCheckKind`` for
/// `--document cnpj|any`); the loop, the long lines read in pieces, the
/// filters, the counts and the summary are this engine's.
final class CheckEngine<Kind: CheckKind> {
    let kind: Kind
    let settings: CheckSettings
    let context: Context
    private let out: OutputBuffer
    private let reader: LineReader
    private(set) var checkedCount = 0
    private(set) var validCount = 0
    var invalidCount: Int { checkedCount - validCount }
    /// The invalid inputs by reason, in the order of the kind's
    /// ``CheckKind/reasonCodes`` (counted for the report only).
    private(set) var invalidByReason = [Int](repeating: 0, count: Kind.reasonCodes.count)
    /// Inputs read so far.
    private var inputCount = 0
    /// The current input's records begun so far, the header counted: the
    /// number of the record being read, 1 for the first.
    private var recordNumber = 0

    // The line being read in pieces (CSV fields, lines longer than the buffer).
    private let streamed: Kind.Value
    private var csv: CSVState
    /// The SOURCE of the verdicts: the input's name, in memory of its own,
    /// so that writing it costs no reference counting per record.
    private var sourceStorage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
    private var source = UnsafeRawBufferPointer(start: nil, count: 0)

    private func setSource(_ name: RawText) {
        sourceStorage.deallocate()
        sourceStorage = .allocate(byteCount: max(1, name.bytes.count), alignment: 1)
        name.withBytes { sourceStorage.copyMemory(from: $0) }
        source = UnsafeRawBufferPointer(rebasing: sourceStorage[..<name.bytes.count])
    }

    /// The 0-based field read: `--field N`'s, or the one named in the
    /// current input's header.
    private var field: Int?
    /// The current input's header, while a field name is looked up in it.
    private var header = HeaderCapture()

    init(kind: Kind, settings: CheckSettings, context: Context) {
        self.kind = kind
        field = settings.field
        self.settings = settings
        self.context = context
        out = context.output
        reader = LineReader(flush: context.flush, cancellation: context.cancellation)
        csv = CSVState(delimiter: settings.delimiter, quotes: !settings.isRaw)
        streamed = kind.makeValue(context: context)
        if settings.output == .csv {
            out.write(Kind.csvHeader)
        }
        setSource("-")
    }

    deinit {
        sourceStorage.deallocate()
    }

    /// Checks every line of one input. Only the first input's byte order
    /// mark and header are copied, so that several inputs make one output.
    func check(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        setSource(name)
        inputCount += 1
        let copiesStart = settings.output.copiesInput && inputCount == 1
        var inHeader = settings.skipsHeader
        let readsField = settings.field != nil || settings.fieldName != nil
        let csvDelimiter = readsField && !settings.isRaw ? settings.delimiter : nil
        var skipped = false
        header.reset()
        recordNumber = 0
        let keepMark: (UnsafeRawBufferPointer) -> Void = { [out] mark in
            if copiesStart { out.write(mark) }
        }
        try reader.forEachPiece(of: descriptor, csvDelimiter: csvDelimiter, byteOrderMark: keepMark) { piece in
            if piece.isFirst { recordNumber += 1 }
            if skipped { return }
            if inHeader, let fieldName = settings.fieldName {
                header.append(piece.bytes)
                if piece.isLast {
                    field = CSVColumns.index(
                        of: fieldName, inHeader: header.bytes, delimiter: settings.delimiter, quotes: !settings.isRaw)
                    if field == nil {
                        skipped = true
                        context.reportInputError(
                            name, message: context.text(.noFieldNamed, Escaping.readable(RawText(fieldName))))
                        return
                    }
                }
            }
            if inHeader {
                if copiesStart {
                    out.write(piece.bytes)
                    if piece.isLast {
                        if settings.output == .annotate { writeAnnotation(names: true) }
                        out.writeTerminator(piece.terminator)
                    }
                }
                inHeader = !piece.isLast
            } else if piece.isWhole, !readsField {
                checkLine(piece)
            } else {
                checkPiece(piece)
                if piece.isLast { streamed.reportIfNotHeld(location: (name, piece.lineNumber)) }
            }
            if piece.endsInsideQuotes { context.reportUnterminatedQuote(source: name, line: piece.lineNumber) }
        }
    }

    /// The delimiter and the two fields `--annotate` adds: `valid,reason`
    /// for the header, else the verdict and the reason code (`code`, or
    /// none when valid).
    @inline(__always)
    private func writeAnnotation(names: Bool = false, code: String? = nil) {
        let delimiter = settings.delimiter
        out.write(byte: delimiter)
        if names {
            out.write("valid")
            out.write(byte: delimiter)
            out.write("reason")
        } else if let code {
            out.write("false")
            out.write(byte: delimiter)
            out.write(code)
        } else {
            out.write("true")
            out.write(byte: delimiter)
        }
    }

    /// The annotation of a verdict.
    @inline(__always)
    private func writeAnnotation(_ result: Result<Kind.Number, Kind.Failure>) {
        switch result {
        case .success: writeAnnotation()
        case .failure(let error): writeAnnotation(code: Kind.code(of: error))
        }
    }

    /// The hot path: one whole line, the number being the whole line.
    @inline(__always)
    private func checkLine(_ piece: LinePiece) {
        checkedCount += 1
        switch settings.output {
        case .quiet:
            if kind.isValid(line: piece.bytes) { validCount += 1 }
        case .validLines, .invalidLines:
            let isValid = kind.isValid(line: piece.bytes)
            if isValid { validCount += 1 }
            if isValid == (settings.output == .validLines) {
                if piece.terminator.isEmpty {
                    out.write(piece.bytes)
                    out.write(byte: 0x0A)
                } else {
                    out.write(piece.bytesWithTerminator)
                }
            }
        case .annotate:
            let result = kind.parse(line: piece.bytes)
            out.write(piece.bytes)
            if case .success = result { validCount += 1 }
            writeAnnotation(result)
            out.writeTerminator(piece.terminator)
        case .report, .json, .csv:
            let result = kind.parse(line: piece.bytes)
            if case .success = result { validCount += 1 }
            let echo = EchoCapture.cut(piece.bytes)
            emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: piece.lineNumber, record: recordNumber)
        }
    }

    /// A CSV record, or a piece of a line too long to hold.
    private func checkPiece(_ piece: LinePiece) {
        if piece.isFirst {
            streamed.begin()
            csv = CSVState(delimiter: settings.delimiter, quotes: !settings.isRaw)
        }
        if let field {
            for byte in piece.bytes where csv.step(byte) && csv.fieldIndex == field {
                streamed.consume(byte: byte)
            }
        } else {
            streamed.consume(piece.bytes)
        }

        // A NULL (`\N` with --raw) is neither valid nor invalid: no filter keeps it.
        let isNull = piece.isLast && settings.isRaw && isNullText(streamed.echoed(recordIsWhole: piece.isWhole))
        if settings.output.isFilter {
            let wantsValid = settings.output == .validLines
            var decided: Bool?
            if isNull {
                decided = false
            } else if piece.isLast {
                if case .success = streamed.result { decided = wantsValid } else { decided = !wantsValid }
            } else if streamed.isSettled {
                decided = !wantsValid
            }
            streamed.pass(piece.bytes, decided: decided, to: out)
            // A line that could not be held was copied whatever its verdict.
            if piece.isLast, streamed.isCopied { out.writeTerminator(piece.terminator) }
        } else if settings.output == .annotate {
            out.write(piece.bytes)
        }
        guard piece.isLast else { return }
        if isNull {
            if settings.output == .annotate {
                out.write(byte: settings.delimiter)
                CSVColumns.null.withUnsafeBytes { out.write($0) }
                out.write(byte: settings.delimiter)
                CSVColumns.null.withUnsafeBytes { out.write($0) }
                out.writeTerminator(piece.terminator)
            }
            return
        }
        let result = streamed.result
        checkedCount += 1
        if case .success = result { validCount += 1 }
        if settings.output == .annotate {
            writeAnnotation(result)
            out.writeTerminator(piece.terminator)
        } else if !settings.output.isFilter, settings.output != .quiet {
            let echo = streamed.echoed(recordIsWhole: piece.isWhole)
            emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: piece.lineNumber, record: recordNumber)
        }
    }

    /// Whether a value's echo is the whole value, `\N`.
    private func isNullText(_ echo: (bytes: UnsafeRawBufferPointer, isTruncated: Bool)) -> Bool {
        let bytes = echo.bytes
        return !echo.isTruncated && bytes.count == 2 && bytes[0] == CSVColumns.null[0] && bytes[1] == CSVColumns.null[1]
    }

    /// Checks one command-line argument; `index` counts arguments from 1.
    func check(argument: RawText, index: Int) {
        argument.withBytes { bytes in
            let result = kind.parse(argument: bytes)
            checkedCount += 1
            switch result {
            case .success(let number):
                validCount += 1
                switch settings.output {
                case .report:
                    writeVerdictEcho(bytes)
                    out.write(": " + paint(kind.validVerdict(number, context: context), Colour.valid) + "\n")
                case .validLines:
                    out.write(bytes)
                    out.write(byte: 0x0A)
                default: break
                }
            case .failure(let error):
                switch settings.output {
                case .report:
                    writeVerdictEcho(bytes)
                    let verdict = context.text(.verdictInvalid, kind.reason(error, context: context))
                    out.write(": " + paint(verdict, Colour.invalid) + "\n")
                case .invalidLines:
                    out.write(bytes)
                    out.write(byte: 0x0A)
                default: break
                }
            }
            if settings.output == .json || settings.output == .csv {
                if !source.elementsEqual(RecordWriter.argumentSource.bytes) { setSource(RecordWriter.argumentSource) }
                let echo = EchoCapture.cut(bytes)
                emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: index, record: index)
            }
        }
    }

    /// `text` in colour `code` when the report is coloured.
    private func paint(_ text: String, _ code: String) -> String {
        settings.colours ? Colour.paint(text, code) : text
    }

    /// The argument at the start of its verdict line: escaped, cut at 64 KiB.
    private func writeVerdictEcho(_ bytes: UnsafeRawBufferPointer) {
        let echo = EchoCapture.cut(bytes)
        Escaping.writeReadable(echo.bytes, quote: nil, to: out)
        if echo.isTruncated { out.write("…") }
    }

    /// Writes the verdict on one input in the report, JSON or CSV format.
    private func emit(
        _ result: Result<Kind.Number, Kind.Failure>, echo: UnsafeRawBufferPointer, isTruncated: Bool, line: Int,
        record: Int
    ) {
        switch settings.output {
        case .report:
            guard case .failure(let error) = result else { return }
            invalidByReason[Kind.reasonIndex(error)] += 1
            DiagnosticWriter.write(
                source: source, line: line, input: echo, isTruncated: isTruncated,
                message: kind.reason(error, context: context), colours: settings.colours, to: out)
        case .json:
            if let only = settings.reportsOnlyValid, only != result.isSuccess { return }
            Kind.writeJSON(
                source: source, line: line, record: record, input: echo, isTruncated: isTruncated, result: result,
                to: out)
        case .csv:
            if let only = settings.reportsOnlyValid, only != result.isSuccess { return }
            Kind.writeCSV(
                source: source, line: line, record: record, input: echo, isTruncated: isTruncated, result: result,
                to: out)
        default:
            break
        }
    }

    /// `cpf: N checked, N valid, N invalid (N check-digits, N length, …)` on
    /// standard error, the invalid ones counted by reason, most frequent
    /// first (ties in the order of ``CheckKind/reasonCodes``); nothing when
    /// no input could be read at all.
    func writeSummary() {
        if checkedCount == 0, context.failedInput { return }
        var summary = context.text(.checkSummary, "\(checkedCount)", "\(validCount)", "\(invalidCount)")
        let reasons = Kind.reasonCodes.indices.filter { invalidByReason[$0] > 0 }
            .sorted {
                invalidByReason[$0] > invalidByReason[$1] || (invalidByReason[$0] == invalidByReason[$1] && $0 < $1)
            }
        if !reasons.isEmpty {
            summary +=
                " (" + reasons.map { "\(invalidByReason[$0]) \(Kind.reasonCodes[$0])" }.joined(separator: ", ") + ")"
        }
        context.diagnose(summary)
    }
}

extension Result {
    /// Whether this is a success.
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
