import CPFKit
import CPFSystem

/// `cpf check --document cnpj|any`: checks each input as a CNPJ, or as a CPF
/// or a CNPJ, with the outputs of ``CheckEngine`` (report, filters,
/// `--annotate`, JSON, CSV, quiet). `--document cpf`, the default, never
/// comes here: CPF-only runs keep ``CheckEngine``, byte for byte.
///
/// A value (a line, or the field of a CSV record) is held whole up to 64 KiB
/// and read by ``TaxpayerID/parse(_:accepting:options:)``; a longer value is
/// not a number of either kind, and is refused for what its first 64 KiB
/// show. The filters print whole records, so a record longer than the line
/// buffer (1 MiB) cannot be filtered: it is reported, left out, and the exit
/// status says so.
final class TaxpayerIDCheckEngine {
    struct Settings {
        var accepted = TaxpayerID.Accepted.any
        var options = CNPJ.ParsingOptions.lenient
        var output = CheckOutput.report
        var field: Int?
        var fieldName: [UInt8]?
        var delimiter = UInt8(ascii: ",")
        var skipsHeader = false
        var reportsOnlyValid: Bool?
        var colours = false
    }

    let settings: Settings
    let context: Context
    private let out: OutputBuffer
    private let reader: LineReader
    private(set) var checkedCount = 0
    private(set) var validCount = 0
    var invalidCount: Int { checkedCount - validCount }
    /// The invalid inputs by reason code, for the summary.
    private var invalidByReason: [String: Int] = [:]
    private var inputCount = 0
    private var source: RawText = "-"
    private var field: Int?
    private var header = HeaderCapture()
    /// The value of the record being read, up to ``EchoCapture/limit`` bytes.
    private var value: [UInt8] = []
    private var csv: CSVState

    init(settings: Settings, context: Context) {
        self.settings = settings
        self.context = context
        field = settings.field
        out = context.output
        reader = LineReader(flush: context.flush, cancellation: context.cancellation)
        csv = CSVState(delimiter: settings.delimiter)
        if settings.output == .csv {
            out.write("source,line,input,valid,document,number,reason,message\n")
        }
    }

    /// Checks every record of one input; only the first input's byte order
    /// mark and header are copied by the filters and `--annotate`.
    func check(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        source = name
        inputCount += 1
        let copiesStart = settings.output.copiesInput && inputCount == 1
        var inHeader = settings.skipsHeader
        let readsField = settings.field != nil || settings.fieldName != nil
        var skipped = false
        header.reset()
        let keepMark: (UnsafeRawBufferPointer) -> Void = { [out] mark in
            if copiesStart { out.write(mark) }
        }
        try reader.forEachPiece(
            of: descriptor, csvDelimiter: readsField ? settings.delimiter : nil, byteOrderMark: keepMark
        ) { piece in
            if skipped { return }
            if inHeader {
                if let fieldName = settings.fieldName {
                    header.append(piece.bytes)
                    if piece.isLast {
                        field = CSVColumns.index(of: fieldName, inHeader: header.bytes, delimiter: settings.delimiter)
                        if field == nil {
                            skipped = true
                            context.reportInputError(
                                name, message: context.text(.noFieldNamed, Escaping.readable(RawText(fieldName))))
                            return
                        }
                    }
                }
                if copiesStart {
                    out.write(piece.bytes)
                    if piece.isLast {
                        if settings.output == .annotate { writeAnnotation(names: true) }
                        out.writeTerminator(piece.terminator)
                    }
                }
                inHeader = !piece.isLast
            } else {
                checkPiece(piece, readsField: readsField)
            }
            if piece.endsInsideQuotes { context.reportUnterminatedQuote(source: name, line: piece.lineNumber) }
        }
    }

    private func checkPiece(_ piece: LinePiece, readsField: Bool) {
        if piece.isFirst {
            value.removeAll(keepingCapacity: true)
            csv = CSVState(delimiter: settings.delimiter)
        }
        if readsField, let field {
            for byte in piece.bytes where csv.step(byte) && csv.fieldIndex == field && value.count < EchoCapture.limit {
                value.append(byte)
            }
        } else if !readsField {
            value.append(contentsOf: piece.bytes.prefix(max(0, EchoCapture.limit - value.count)))
        }
        if settings.output == .annotate { out.write(piece.bytes) }
        guard piece.isLast else { return }
        let result = value.withUnsafeBytes {
            TaxpayerID.parse($0, accepting: settings.accepted, options: settings.options)
        }
        checkedCount += 1
        if case .success = result { validCount += 1 }
        switch settings.output {
        case .quiet:
            break
        case .validLines, .invalidLines:
            guard piece.isWhole else {
                context.reportInputError(
                    source,
                    message: context.text(
                        .recordTooLongForDocument, "\(LineReader.defaultCapacity)", settings.accepted.rawValue))
                return
            }
            if result.isValid == (settings.output == .validLines) {
                out.write(piece.bytes)
                if piece.terminator.isEmpty { out.write(byte: 0x0A) } else { out.writeTerminator(piece.terminator) }
            }
        case .annotate:
            writeAnnotation(error: result.failure)
            out.writeTerminator(piece.terminator)
        case .report, .json, .csv:
            value.withUnsafeBytes { bytes in
                let echo = EchoCapture.cut(readsField ? bytes : (piece.isWhole ? piece.bytes : bytes))
                emit(result, echo: echo.bytes, isTruncated: echo.isTruncated || !piece.isWhole, line: piece.lineNumber)
            }
        }
    }

    /// Checks one command-line argument; `index` counts arguments from 1.
    func check(argument: RawText, index: Int) {
        argument.withBytes { bytes in
            let result = TaxpayerID.parse(bytes, accepting: settings.accepted, options: settings.options)
            checkedCount += 1
            if case .success = result { validCount += 1 }
            switch settings.output {
            case .report:
                let echo = EchoCapture.cut(bytes)
                Escaping.writeReadable(echo.bytes, quote: nil, to: out)
                if echo.isTruncated { out.write("…") }
                switch result {
                case .success(let number):
                    let verdict = context.text(.verdictValid) + " (\(number.kind.name))"
                    out.write(": " + paint(verdict, Colour.valid) + "\n")
                case .failure(let error):
                    let verdict = context.text(.verdictInvalid, "\(error.kind.name): " + context.reason(error))
                    out.write(": " + paint(verdict, Colour.invalid) + "\n")
                }
            case .validLines, .invalidLines:
                if result.isValid == (settings.output == .validLines) {
                    out.write(bytes)
                    out.write(byte: 0x0A)
                }
            case .json, .csv:
                source = CheckEngine.argumentSource
                let echo = EchoCapture.cut(bytes)
                emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: index)
            case .quiet, .annotate:
                break
            }
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        settings.colours ? Colour.paint(text, code) : text
    }

    private func writeAnnotation(names: Bool = false, error: TaxpayerID.ValidationError? = nil) {
        let delimiter = settings.delimiter
        out.write(byte: delimiter)
        if names {
            out.write("valid")
            out.write(byte: delimiter)
            out.write("reason")
        } else if let error {
            out.write("false")
            out.write(byte: delimiter)
            out.write(error.code)
        } else {
            out.write("true")
            out.write(byte: delimiter)
        }
    }

    private func emit(
        _ result: Result<TaxpayerID, TaxpayerID.ValidationError>, echo: UnsafeRawBufferPointer, isTruncated: Bool,
        line: Int
    ) {
        switch settings.output {
        case .report:
            guard case .failure(let error) = result else { return }
            invalidByReason[error.code, default: 0] += 1
            source.withBytes { source in
                DiagnosticWriter.write(
                    source: source, line: line, input: echo, isTruncated: isTruncated,
                    message: "\(error.kind.name): " + context.reason(error), colours: settings.colours, to: out)
            }
        case .json:
            if let only = settings.reportsOnlyValid, only != result.isValid { return }
            RecordWriter.writeTaxpayerIDJSON(
                source: source, line: line, input: echo, isTruncated: isTruncated, result: result, to: out)
        case .csv:
            if let only = settings.reportsOnlyValid, only != result.isValid { return }
            RecordWriter.writeTaxpayerIDCSV(
                source: source, line: line, input: echo, isTruncated: isTruncated, result: result, to: out)
        default:
            break
        }
    }

    /// `cpf: N checked, N valid, N invalid (N check-digits, …)` on standard
    /// error, as ``CheckEngine/writeSummary()`` writes it.
    func writeSummary() {
        if checkedCount == 0, context.failedInput { return }
        var summary = context.text(.checkSummary, "\(checkedCount)", "\(validCount)", "\(invalidCount)")
        let reasons = invalidByReason.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        if !reasons.isEmpty {
            summary += " (" + reasons.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
        }
        context.diagnose(summary)
    }
}

extension Result where Success == TaxpayerID, Failure == TaxpayerID.ValidationError {
    /// Whether the input is a valid number.
    fileprivate var isValid: Bool {
        if case .success = self { return true }
        return false
    }

    /// The reason of a failure.
    fileprivate var failure: TaxpayerID.ValidationError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
