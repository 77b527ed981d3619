import CPFDecoders
import CPFKit

/// Works out the new contents of the members of an archive that `redact`
/// changes, for ``RedactEngine/redactDocument(_:format:)``.
struct ArchiveRedactor {
    let engine: RedactEngine
    /// Reads what redact does not rewrite, to tell whether it holds a CPF.
    let documents: DocumentReader
    /// Members that could not be searched or rewritten.
    var failures: [DocumentReader.Failure] = []
    /// Members that hold a CPF redact cannot hide in place: in a tar
    /// archive, in a name or a member whose length would change; in an
    /// Office document's XML member, in a reference or written with
    /// character references.
    var refusals: [DocumentReader.Failure] = []
    /// CPFs hidden in the members rewritten.
    var hidden = 0
    /// The paths of the members whose names hold a CPF or (with
    /// `--document cnpj|any`) a CNPJ, never renamed, with the kind found.
    var namesWithNumber: [(path: [UInt8], kind: TaxpayerID.Kind)] = []
    var limits: DecompressionLimits { engine.limits }
    /// The bytes at the start of every path that are not looked at for a
    /// number in a name: an e-mail attachment's name and its `!`, which the
    /// message's header holds (and redact hides there).
    var namePrefixCount = 0
    /// The bytes of text the archive's members gave so far.
    var budget: DocumentReader.Budget

    init(engine: RedactEngine, documentSize: Int) {
        self.engine = engine
        documents = DocumentReader(decoding: engine.decoding)
        budget = DocumentReader.Budget(limits: engine.limits, documentSize: documentSize)
    }

    /// A comment with what redaction hides hidden where it stands (the same
    /// length), counted in ``hidden``; nil when it has nothing to hide.
    mutating func hidden(inComment comment: [UInt8]) -> [UInt8]? {
        guard !comment.isEmpty else { return nil }
        var bytes = comment
        let count = mask(&bytes)
        guard count > 0 else { return nil }
        hidden += count
        return bytes
    }

    /// Hides every CPF (and, with `--document cnpj|any`, CNPJ) in `bytes`
    /// where it stands; returns how many.
    func mask(_ bytes: inout [UInt8]) -> Int {
        bytes.withUnsafeMutableBytes { buffer in hideAll(in: buffer) { _ in } }
    }

    /// Hides, in `buffer`, every match redaction hides, of the kinds
    /// `--document` asks for, and calls `hidden` with the range of each;
    /// returns how many.
    func hideAll(in buffer: UnsafeMutableRawBufferPointer, _ hidden: (Range<Int>) -> Void) -> Int {
        var count = 0
        let base = buffer.baseAddress!
        var scanner = TaxpayerScanner(accepting: engine.accepted, hidingFrom: engine.minimumConfidence)
        func take(_ match: TaxpayerScanner.Match) {
            guard engine.hide(match, in: base, origin: 0, counts: false) else { return }
            hidden(match.range)
            count += 1
        }
        scanner.feed(UnsafeRawBufferPointer(buffer)) { take($0) }
        scanner.finish { take($0) }
        return count
    }

    /// ``numberInName(_:)`` for a member's whole path, its first
    /// ``namePrefixCount`` bytes left out.
    func numberInMemberName(_ path: [UInt8]) -> TaxpayerID.Kind? {
        numberInName(Array(path.dropFirst(namePrefixCount)))
    }

    /// The kind of number a member's path holds (a CPF first), of those
    /// `--document` asks for, mistyped ones too; nil when none.
    func numberInName(_ path: [UInt8]) -> TaxpayerID.Kind? {
        let minimum = engine.minimumConfidence
        // The whole path, and each name on its own: a masked CNPJ's `/` may
        // cut it into a folder and a file name.
        let kinds = TaxpayerScanner.matches(
            inPath: path, accepting: engine.accepted, minimumConfidence: minimum, includeInvalid: true
        ).map(\.kind)
        return kinds.contains(.cpf) ? .cpf : kinds.first
    }
}
