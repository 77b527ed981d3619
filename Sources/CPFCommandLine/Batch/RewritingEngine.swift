import CPFSystem

/// An engine that rewrites each input into one output line: the CPF
/// arguments, or else every line of the inputs (`format`, `strip`, `complete`).
protocol RewritingEngine {
    /// Inputs that could not be rewritten so far.
    var failureCount: Int { get }
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
        if context.failedInput { return .error }
        return ExitStatus(succeeded: failureCount == 0)
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
    /// Records whose field could not be rewritten (with `--field`).
    private(set) var failureCount = 0

    /// `fallback` says what becomes of a field that cannot be held in a
    /// temporary file (see ``DeferredCopy``).
    init(
        columns: CSVColumns, context: Context, output: OutputBuffer, lineCapacity: Int = LineReader.defaultCapacity,
        fallback: DeferredCopy.Fallback = .copy
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
        fieldRewriter = columns.field.map {
            FieldRewriter(field: $0, delimiter: columns.delimiter, out: output, context: context, fallback: fallback)
        }
    }

    /// Reads one input: each record's field goes to `value` (with
    /// `--field`), else each line's pieces to `line`.
    @inline(__always)
    func read(
        _ descriptor: FileDescriptor, named name: RawText, value: some FieldValueRewriting,
        line: (LinePiece) -> Void
    ) throws(Errno) {
        inputCount += 1
        let isFirstInput = inputCount == 1
        let out = out
        var inHeader = columns.skipsHeader
        let keepMark: (UnsafeRawBufferPointer) -> Void = { [out] mark in
            if isFirstInput { out.write(mark) }
        }
        try reader.forEachPiece(of: descriptor, csvDelimiter: columns.recordDelimiter, byteOrderMark: keepMark) {
            piece in
            if _fastPath(!inHeader && fieldRewriter == nil) {
                // Whole lines: the hot path.
                line(piece)
            } else if inHeader {
                if isFirstInput {
                    out.write(piece.bytes)
                    if piece.isLast { out.writeTerminator(piece.terminator) }
                }
                inHeader = !piece.isLast
            } else if let fieldRewriter {
                let rewritten = fieldRewriter.rewrite(piece, with: value, source: name)
                if piece.isLast, !rewritten { failureCount += 1 }
            }
            if piece.endsInsideQuotes { context.reportUnterminatedQuote(source: name, line: piece.lineNumber) }
        }
    }
}
