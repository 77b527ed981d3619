import CPFSystem

/// An engine that rewrites each input into one output line: the CPF
/// arguments, or else every line of the inputs (`format`, `strip`, `complete`).
protocol RewritingEngine {
    /// Inputs that could not be rewritten so far.
    var failureCount: Int { get }
    /// Lines or records read from the inputs so far (headers aside).
    var readCount: Int { get }
    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno)
    /// Rewrites the bytes of one command-line argument as a line ended by
    /// `terminator`, with no source nor line number to report it at (see
    /// ``rewrite(argument:)``, which calls it).
    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer)
}

extension RewritingEngine {
    /// Rewrites one command-line argument: its bytes as one line, ended by a
    /// line feed, the same for every engine.
    func rewrite(argument: RawText) {
        argument.withBytes { bytes in
            withUnsafeBytes(of: UInt8(ascii: "\n")) { lineFeed in
                rewrite(argumentLine: bytes, terminator: lineFeed)
            }
        }
    }

    /// Feeds the engine the CPF `arguments`, or else, when there are none,
    /// the lines of `inputs`; returns the exit status: an error if an input
    /// could not be read, a failure if anything could not be rewritten.
    func run(arguments: [RawText], inputs: InputList, context: Context) -> ExitStatus {
        if arguments.isEmpty {
            inputs.forEach(in: context) { name, descriptor throws(Errno) in
                try rewrite(descriptor, named: name)
            }
        } else {
            for argument in arguments {
                rewrite(argument: argument)
            }
        }
        if arguments.isEmpty { writeSummary(context: context) }
        if context.failedInput { return .error }
        return ExitStatus(succeeded: failureCount == 0)
    }

    /// The closing summary on standard error, when something was not
    /// rewritten or reports were left out: `cpf: N read, N rewritten, N not
    /// rewritten`, and how many reports past the limit were not shown.
    /// Nothing with `-q`, nor after a clean run.
    func writeSummary(context: Context) {
        guard !context.quietsLineReports, failureCount > 0 || context.unshownLineReportCount > 0 else { return }
        var summary = context.text(
            .rewriteSummary, "\(readCount)", "\(readCount - failureCount)", "\(failureCount)")
        if context.unshownLineReportCount > 0 {
            summary += context.text(.reportsNotShown, "\(context.unshownLineReportCount)")
        }
        context.diagnose(summary)
    }
}

/// How the rewriting engines read their inputs, the same for each: lines
/// (or CSV records) with output kept live; the first input's byte order mark
/// and header copied, the other inputs' dropped, so that several inputs make
/// one output; with `--field`, each record's field rewritten in place by a
/// ``FieldRewriter`` and the rest of the record kept.
final class RewritingInput {
    let columns: CSVColumns
    private let reader: LineReader
    private let out: OutputBuffer
    private let context: Context
    private let fieldRewriter: FieldRewriter?
    private var inputCount = 0
    /// The current input's header, while a field name is looked up in it.
    private var header = HeaderCapture()
    /// Lines or records read (headers aside).
    private(set) var recordCount = 0
    /// Records whose field could not be rewritten (with `--field`).
    private(set) var failureCount = 0

    /// `fallback` says what becomes of a field that cannot be held in a
    /// temporary file (see ``DeferredCopy``). Without `rewritesField`, the
    /// records are only read (``forEachRecordPiece(of:named:fieldIndex:_:)``), for an engine that rewrites
    /// the field its own way (`redact --field`).
    init(
        columns: CSVColumns, context: Context, output: OutputBuffer, lineCapacity: Int = LineReader.defaultCapacity,
        fallback: DeferredCopy.Fallback = .copy, rewritesField: Bool = true
    ) {
        self.columns = columns
        self.context = context
        out = output
        reader = LineReader(
            capacity: lineCapacity,
            flush: { [output] in
                output.flush()
                context.flush()
            },
            cancellation: context.cancellation)
        fieldRewriter =
            columns.readsField && rewritesField
            ? FieldRewriter(
                field: columns.field ?? 0, delimiter: columns.delimiter, out: output, context: context,
                fallback: fallback, isRaw: columns.isRaw)
            : nil
    }

    /// Reads one input's records (with `--field`, else lines) and hands each
    /// piece of a record that is not the header to `body`. The first input's
    /// byte order mark and header are copied, the others' dropped. With a
    /// field named in the header, the header gives the field's index for
    /// `named` (the ``FieldRewriter``'s); when it has no such field, the
    /// input is reported and nothing more of it is written (exit status 2).
    @inline(__always)
    func forEachRecordPiece(
        of descriptor: FileDescriptor, named name: RawText, fieldIndex: (Int) -> Void = { _ in },
        _ body: (LinePiece) -> Void
    ) throws(Errno) {
        inputCount += 1
        let isFirstInput = inputCount == 1
        let out = out
        var inHeader = columns.skipsHeader
        var skipped = false
        header.reset()
        let keepMark: (UnsafeRawBufferPointer) -> Void = { [out] mark in
            if isFirstInput { out.write(mark) }
        }
        try reader.forEachPiece(of: descriptor, csvDelimiter: columns.recordDelimiter, byteOrderMark: keepMark) {
            piece in
            if _fastPath(!inHeader && !skipped) {
                if piece.isLast { recordCount += 1 }
                body(piece)
            } else if inHeader {
                if isFirstInput {
                    out.write(piece.bytes)
                    if piece.isLast { out.writeTerminator(piece.terminator) }
                }
                inHeader = !piece.isLast
                if let fieldName = columns.fieldName {
                    header.append(piece.bytes)
                    if piece.isLast {
                        if let index = CSVColumns.index(
                            of: fieldName, inHeader: header.bytes, delimiter: columns.delimiter,
                            quotes: !columns.isRaw)
                        {
                            fieldRewriter?.field = index
                            fieldIndex(index)
                        } else {
                            skipped = true
                            context.reportInputError(
                                name, message: context.text(.noFieldNamed, Escaping.readable(RawText(fieldName))))
                        }
                    }
                }
            }
            if piece.endsInsideQuotes { context.reportUnterminatedQuote(source: name, line: piece.lineNumber) }
        }
    }

    /// Reads one input: each record's field goes to `value` (with
    /// `--field`), else each line's pieces to `line`.
    @inline(__always)
    func read(
        _ descriptor: FileDescriptor, named name: RawText, value: some FieldValueRewriting,
        line: (LinePiece) -> Void
    ) throws(Errno) {
        guard let fieldRewriter else {
            // Whole lines: the hot path.
            return try forEachRecordPiece(of: descriptor, named: name, line)
        }
        var failures = 0
        defer { failureCount += failures }
        try forEachRecordPiece(of: descriptor, named: name) { piece in
            let rewritten = fieldRewriter.rewrite(piece, with: value, source: name)
            if piece.isLast, !rewritten { failures += 1 }
        }
    }
}
