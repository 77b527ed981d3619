import CPFKit
import CPFSystem

/// `find --per-line --document cnpj|any`: one JSON array per input line, each
/// object naming its document (`"document":"cnpj"`, the number under `cpf`
/// or `cnpj`), as `find --json --document` does.
extension FindLinesEngine {
    /// Writes one array per line of `descriptor`, CPFs and CNPJs as `accepted` says.
    func findTaxpayers(_ descriptor: FileDescriptor, accepting accepted: TaxpayerID.Accepted) throws(Errno) {
        var scanner = TaxpayerScanner(accepting: accepted)
        var isFirstMatch = true
        try reader.forEachPiece(of: descriptor) { piece in
            if piece.isFirst {
                scanner = TaxpayerScanner(accepting: accepted)
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

    /// One match as a JSON object, if it is reported.
    private func write(_ match: TaxpayerScanner.Match, isFirst: inout Bool) {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else { return }
        foundCount += 1
        if !isFirst { out.write(byte: UInt8(ascii: ",")) }
        isFirst = false
        let (text, characters) = FindEngine.shown(match, hiding: hiding)
        var object = JSONObjectWriter(to: out)
        object.number("column", match.range.lowerBound + 1)
        text.withUnsafeBytes { object.string("text", $0) }
        FindEngine.writeFields(match, characters: characters, to: &object)
        object.end(lineFeed: false)
    }
}
