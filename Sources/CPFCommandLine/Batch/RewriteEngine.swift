import CPFSystem

/// Rewrites each input for `cpf format`, `cpf strip` and `cpf complete`:
/// one output line per input line, in order; an input that cannot be
/// rewritten is reported on standard error and passed through unchanged.
///
/// Written once for every kind of number: `Kind` says how a value is read
/// and what it becomes (``CPFRewriteKind`` for CPFs, ``TaxpayerIDRewriteKind``
/// for `--document cnpj|any`); the loop, the header and the first input's
/// byte order mark (``RewritingInput``), the lines read in pieces, the
/// reports and the counts are this engine's, and a CSV field is rewritten
/// in place by ``FieldRewriter`` with the same value. Specialized per kind,
/// so a CPF-only run parses each line with CPFKit's byte path and writes
/// its CPF with no ``TaxpayerID`` to wrap it in.
final class RewriteEngine<Kind: RewriteKind>: RewritingEngine {
    let kind: Kind
    let context: Context
    private let out: OutputBuffer
    private let input: RewritingInput
    /// The line or field being read.
    private let value: Kind.Value
    private var lineFailureCount = 0
    var failureCount: Int { lineFailureCount + input.failureCount }
    var readCount: Int { input.recordCount }

    /// - Parameters:
    ///   - columns: `--field`, `--delimiter`, `--header`, `--raw`.
    ///   - output: Where to write; standard output by default.
    ///   - lineCapacity: The longest line handled whole; longer ones are
    ///     read in pieces.
    init(
        kind: Kind, columns: CSVColumns = CSVColumns(), context: Context, output: OutputBuffer? = nil,
        lineCapacity: Int = LineReader.defaultCapacity
    ) {
        self.kind = kind
        self.context = context
        out = output ?? context.output
        input = RewritingInput(columns: columns, context: context, output: out, lineCapacity: lineCapacity)
        value = kind.makeValue(context: context)
    }

    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try input.read(descriptor, named: name, value: value) { piece in
            if piece.isWhole {
                rewriteLine(piece.bytes, terminator: piece.terminator, location: (name, piece.lineNumber))
            } else {
                rewritePiece(piece, source: name)
            }
        }
    }

    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer) {
        rewriteLine(bytes, terminator: terminator, location: nil)
    }

    /// The hot path: a whole line, written in its new form, or reported
    /// (`cpf: SOURCE:LINE: 'INPUT': MESSAGE`, without `SOURCE:LINE: ` for a
    /// command-line argument) and passed through unchanged.
    @inline(__always)
    private func rewriteLine(
        _ bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer, location: (source: RawText, line: Int)?
    ) {
        if let failure = value.rewrite(line: bytes, to: out) {
            lineFailureCount += 1
            let echo = EchoCapture.cut(bytes)
            context.reportValue(location: location, input: echo.bytes, isTruncated: echo.isTruncated, message: failure)
            out.write(bytes)
        }
        out.writeTerminator(terminator)
    }

    /// A piece of a line too long to hold: passed through as soon as it is
    /// known that the line cannot be rewritten, else held until its end
    /// (as the kind's value can), then dropped for the new form.
    private func rewritePiece(_ piece: LinePiece, source: RawText) {
        if piece.isFirst { value.beginValue() }
        value.consume(piece.bytes)
        var failure: String?
        let decided: Bool?
        if piece.isLast {
            // A line that could not be held went out unchanged: not rewritten.
            failure = value.couldNotHold ? nil : value.valueFailure()
            decided = value.couldNotHold || failure != nil
        } else {
            decided = value.valueIsSettled ? true : nil
        }
        value.pass(piece.bytes, decided: decided, to: out)
        guard piece.isLast else { return }
        let location = (source, piece.lineNumber)
        if let failure, !value.couldNotHold || value.reportsRefusalOfUnheldLine {
            lineFailureCount += 1
            value.report(failure, location: location)
        } else if !value.couldNotHold {
            value.writeValue(to: out)
        }
        value.reportIfNotHeld(location: location)
        out.writeTerminator(piece.terminator)
    }
}
