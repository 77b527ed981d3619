import CPFKit

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

    var isFilter: Bool { self == .validLines || self == .invalidLines }
}

/// Checks inputs line by line and writes the verdicts; the layer between the
/// line reader and the output formats for `cpf check`.
final class CheckEngine {
    struct Settings {
        var options = CPF.ParsingOptions.lenient
        var output = CheckOutput.report
        /// The 0-based CSV field that holds the CPF, or `nil` for whole lines.
        var field: Int?
        var delimiter = UInt8(ascii: ",")
        /// Whether the first record of each input is a header, not a CPF.
        var skipsHeader = false
    }

    static let argumentSource: RawText = "(argument)"

    let settings: Settings
    let context: Context
    private let out: OutputBuffer
    private let reader = LineReader()
    private(set) var checkedCount = 0
    private(set) var validCount = 0
    var invalidCount: Int { checkedCount - validCount }

    // The line being read in pieces (CSV fields, lines longer than the buffer).
    private let streamed: StreamedLine
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

    init(settings: Settings, context: Context) {
        self.settings = settings
        self.context = context
        out = context.output
        csv = CSVState(delimiter: settings.delimiter)
        streamed = StreamedLine(options: settings.options, context: context)
        if settings.output == .csv {
            out.write("source,line,input,valid,cpf,reason,message\n")
        }
        setSource("-")
    }

    deinit {
        sourceStorage.deallocate()
    }

    /// Checks every line of one input.
    func check(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        setSource(name)
        var inHeader = settings.skipsHeader
        let csvDelimiter = settings.field == nil ? nil : settings.delimiter
        try reader.forEachPiece(of: descriptor, csvDelimiter: csvDelimiter) { piece in
            if inHeader {
                if settings.output.isFilter {
                    out.write(piece.bytes)
                    if piece.isLast { out.writeTerminator(piece.terminator) }
                }
                inHeader = !piece.isLast
            } else if piece.isWhole, settings.field == nil {
                checkLine(piece)
            } else {
                checkPiece(piece)
            }
        }
    }

    /// The hot path: one whole line, the CPF being the whole line.
    @inline(__always)
    private func checkLine(_ piece: LinePiece) {
        checkedCount += 1
        switch settings.output {
        case .quiet:
            if CPF.isValid(piece.bytes, options: settings.options) { validCount += 1 }
        case .validLines, .invalidLines:
            let isValid = CPF.isValid(piece.bytes, options: settings.options)
            if isValid { validCount += 1 }
            if isValid == (settings.output == .validLines) {
                if piece.terminator.isEmpty {
                    out.write(piece.bytes)
                    out.write(byte: 0x0A)
                } else {
                    out.write(piece.bytesWithTerminator)
                }
            }
        case .report, .json, .csv:
            let result = CPF.parse(piece.bytes, options: settings.options)
            if case .success = result { validCount += 1 }
            let echo = EchoCapture.cut(piece.bytes)
            emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: piece.lineNumber)
        }
    }

    /// A CSV record, or a piece of a line too long to hold.
    private func checkPiece(_ piece: LinePiece) {
        if piece.isFirst {
            streamed.begin()
            csv = CSVState(delimiter: settings.delimiter)
        }
        if let field = settings.field {
            for byte in piece.bytes where csv.step(byte) && csv.fieldIndex == field {
                streamed.consume(byte: byte)
            }
        } else {
            streamed.consume(piece.bytes)
        }

        if settings.output.isFilter {
            let wantsValid = settings.output == .validLines
            var decided: Bool?
            if piece.isLast {
                if case .success = streamed.result { decided = wantsValid } else { decided = !wantsValid }
            } else if streamed.isSettled {
                decided = !wantsValid
            }
            streamed.pass(piece.bytes, decided: decided, to: out)
            if piece.isLast, decided == true { out.writeTerminator(piece.terminator) }
        }
        guard piece.isLast else { return }
        let result = streamed.result
        checkedCount += 1
        if case .success = result { validCount += 1 }
        if !settings.output.isFilter, settings.output != .quiet {
            emit(result, echo: streamed.echo.bytes, isTruncated: streamed.echo.isTruncated, line: piece.lineNumber)
        }
    }

    /// Checks one command-line argument; `index` counts arguments from 1.
    func check(argument: RawText, index: Int) {
        argument.withBytes { bytes in
            let result = CPF.parse(bytes, options: settings.options)
            checkedCount += 1
            switch result {
            case .success:
                validCount += 1
                switch settings.output {
                case .report:
                    writeVerdictEcho(bytes)
                    out.write(": valid\n")
                case .validLines:
                    out.write(bytes)
                    out.write(byte: 0x0A)
                default: break
                }
            case .failure(let error):
                switch settings.output {
                case .report:
                    writeVerdictEcho(bytes)
                    out.write(": invalid (\(error))\n")
                case .invalidLines:
                    out.write(bytes)
                    out.write(byte: 0x0A)
                default: break
                }
            }
            if settings.output == .json || settings.output == .csv {
                if !source.elementsEqual(Self.argumentSource.bytes) { setSource(Self.argumentSource) }
                let echo = EchoCapture.cut(bytes)
                emit(result, echo: echo.bytes, isTruncated: echo.isTruncated, line: index)
            }
        }
    }

    /// The argument at the start of its verdict line: escaped, cut at 64 KiB.
    private func writeVerdictEcho(_ bytes: UnsafeRawBufferPointer) {
        let echo = EchoCapture.cut(bytes)
        Escaping.writeReadable(echo.bytes, quote: nil, to: out)
        if echo.isTruncated { out.write("…") }
    }

    /// Writes the verdict on one input in the report, JSON or CSV format.
    private func emit(_ result: Result<CPF, CPFValidationError>, echo: UnsafeRawBufferPointer, isTruncated: Bool, line: Int) {
        switch settings.output {
        case .report:
            guard case .failure(let error) = result else { return }
            DiagnosticWriter.write(
                source: source, line: line, input: echo, isTruncated: isTruncated, message: error.description, to: out)
        case .json:
            RecordWriter.writeJSON(source: source, line: line, input: echo, isTruncated: isTruncated, result: result, to: out)
        case .csv:
            RecordWriter.writeCSV(source: source, line: line, input: echo, isTruncated: isTruncated, result: result, to: out)
        default:
            break
        }
    }

    /// `cpf: N checked, N valid, N invalid` on standard error.
    func writeSummary() {
        context.diagnose("\(checkedCount) checked, \(validCount) valid, \(invalidCount) invalid")
    }
}
