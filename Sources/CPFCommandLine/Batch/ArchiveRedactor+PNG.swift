import CPFDecoders
import CPFKit

/// A PNG image's text chunks rewritten with their CPFs hidden, proof read
/// back before the image is replaced.
extension ArchiveRedactor {
    /// The PNG image `bytes` (the member `path` of an archive, or the file
    /// itself when empty) with every CPF of its text chunks hidden, each
    /// changed chunk written with its new length and CRC (compressed again
    /// when it was), or nil when there was nothing to hide. What cannot be
    /// rewritten (a CPF in a keyword, in a chunk that is not text, after
    /// `IEND`) is a failure, the image then left as it was. The rewritten
    /// image is read again: a CPF left in it is a failure too. Throws when
    /// the image cannot be read.
    mutating func redact(png bytes: [UInt8], path: [UInt8]) throws(PNGError) -> [UInt8]? {
        let image = try PNGTextChunks(bytes, limits: limits)
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        var replacements: [Int: [UInt8]] = [:]
        var count = 0
        let before = failures.count
        func refuse(_ name: [UInt8], _ reason: String) {
            failures.append(
                DocumentReader.Failure(
                    path: name.isEmpty ? path : prefix + name, reason: reason + ", which redact does not rewrite"))
        }
        for piece in image.pieces {
            var text = piece.bytes
            let found = mask(&text)
            guard let index = piece.text else {
                if found > 0 { refuse(piece.name, "\(engine.numbers(found)) in a chunk that is not text") }
                continue
            }
            if numberInName(piece.name) != nil {
                refuse(piece.name, "a keyword holding \(engine.numbers(1))")
            } else if found > 0 {
                replacements[index] = text
                count += found
            }
        }
        guard failures.count == before, !replacements.isEmpty else { return nil }
        let rewritten = try image.replacingTexts(replacements)
        // Proof before replace: the image written, read again, hides nothing more.
        let left = try PNGTextChunks(rewritten, limits: limits).pieces.reduce(0) { left, piece in
            var bytes = piece.bytes
            return left + mask(&bytes)
        }
        guard left == 0 else {
            refuse([], "\(engine.numbers(left)) left in the image rewritten")
            return nil
        }
        hidden += count
        return rewritten
    }
}
