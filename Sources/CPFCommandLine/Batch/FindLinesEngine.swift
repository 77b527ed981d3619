import CPFKit
import CPFSystem

/// `cpf find --per-line`: one output line per input line, a JSON array of
/// the CPFs found on that line (`[]` when none), so that the results of a
/// partitioned job (Spark, Hadoop Streaming) join back to their rows.
///
/// Each line is scanned on its own, by a scanner made for it: no CPF spans
/// a line break and no keyword on one line raises the confidence of a CPF on
/// the next, so cutting the input at line ends changes no output line. A
/// line longer than the reader's buffer comes in pieces, scanned as one
/// stream; memory stays flat. The bytes are read as they are (no decoding).
///
/// ```text
/// $ printf 'a 390.533.447-05\nnone\n' | cpf find --per-line
/// [{"column":3,"text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true}]
/// []
/// ```
final class FindLinesEngine {
    let settings: FindEngine.Settings
    let hiding: RedactEngine.Style?
    let out: OutputBuffer
    let reader: LineReader
    /// CPFs reported so far, over every input.
    var foundCount = 0

    /// - Parameters:
    ///   - output: Where to print; standard output by default.
    ///   - lineCapacity: The longest line read whole; longer ones come in pieces.
    init(
        settings: FindEngine.Settings, context: Context, output: OutputBuffer? = nil,
        lineCapacity: Int = LineReader.defaultCapacity
    ) {
        self.settings = settings
        hiding = settings.makeHiding?()
        out = output ?? context.output
        reader = LineReader(capacity: lineCapacity, flush: context.flush, cancellation: context.cancellation)
    }

    /// Writes one array per line of each input; one that cannot be read is
    /// reported (exit status 2).
    func find(_ inputs: InputList, context: Context) {
        inputs.forEach(in: context) { _, descriptor throws(Errno) in try find(descriptor) }
    }

    /// Writes one array per line of `descriptor`, CPFs and CNPJs as
    /// `--document` says (each object then names its kind, as `find --json
    /// --document` does).
    func find(_ descriptor: FileDescriptor) throws(Errno) {
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        var isFirstMatch = true
        try reader.forEachPiece(of: descriptor) { piece in
            if piece.isFirst {
                scanner = TaxpayerScanner(accepting: settings.accepted)
                isFirstMatch = true
                out.write(byte: UInt8(ascii: "["))
            }
            scanner.feed(piece.bytes) { write($0, isFirst: &isFirstMatch) }
            if piece.isLast {
                scanner.finish { write($0, isFirst: &isFirstMatch) }
                out.write("]\n")
            }
        }
    }

    /// One match as a JSON object, if it is reported: its byte column on
    /// the line (from 1), its text as written (hidden with `--hide`), its
    /// digits or characters, confidence and validity (and whether it is an
    /// OCR reading), as `find --json` writes them.
    private func write(_ match: TaxpayerScanner.Match, isFirst: inout Bool) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        foundCount += 1
        if !isFirst { out.write(byte: UInt8(ascii: ",")) }
        isFirst = false
        let (text, characters) = FindEngine.shown(match, hiding: hiding)
        var object = JSONObjectWriter(to: out)
        object.number("column", match.range.lowerBound + 1)
        text.withUnsafeBytes { object.string("text", $0) }
        FindEngine.writeFields(match, characters: characters, namingKind: settings.accepted != .cpf, to: &object)
        object.end(lineFeed: false)
    }
}
