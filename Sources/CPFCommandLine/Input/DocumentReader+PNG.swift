import CPFDecoders

/// A PNG image's text: its text chunks, its other chunks but the image's
/// own, and what follows its end, each handed over as a member.
extension DocumentReader {
    /// Hands over the texts of a PNG image's text chunks, each a member
    /// named `TYPE:KEYWORD` (see ``PNGTextChunks/Text/name``), then the
    /// bytes of its other chunks but the image's own (see
    /// ``PNGTextChunks/searchedAsBytes``), each named by its type, and what
    /// follows its end (`IEND+`), as they are.
    func png(
        _ bytes: [UInt8], path: [UInt8], begin: ([UInt8]) -> Void, text: (UnsafeMutableRawBufferPointer) -> Void,
        end: ([StoredNumber]) -> Void
    ) {
        let image: PNGTextChunks
        do { image = try PNGTextChunks(bytes, limits: limits) } catch {
            failures.append(Failure(path: path, reason: "\(error)"))
            return
        }
        let prefix = path.isEmpty ? [] : path + [UInt8(ascii: "!")]
        for piece in image.pieces {
            if piece.isText, let memberNamed { memberNamed(prefix + piece.name) }
            deliver(piece.bytes, path: prefix + piece.name, begin: begin, text: text) { end([]) }
        }
    }
}
