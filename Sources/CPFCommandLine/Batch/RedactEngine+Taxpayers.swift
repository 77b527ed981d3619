import CPFDecoders
import CPFKit
import CPFSystem

/// `redact --document cnpj|any`: the input scanned by `TaxpayerScanner`,
/// each CPF and CNPJ hidden where it stands. One thread per file; zip
/// archives and Office documents are rewritten member by member as for CPFs
/// (``redactDocument(_:format:)``), and e-mail part by part
/// (``redactMail(_:kind:from:)``), as for CPFs.
extension RedactEngine {
    /// ``redact(_:)`` with `--document cnpj|any`.
    func redactTaxpayers(_ descriptor: FileDescriptor) throws(InputFailure) {
        if let format = DocumentFormat.of(descriptor) { return try redactDocument(descriptor, format: format) }
        var scanner = TaxpayerScanner(accepting: accepted)
        var writer: ReencodingWriter?
        let out = out
        func emit(_ bytes: UnsafeRawBufferPointer) {
            if let writer { writer.write(bytes) } else { out.write(bytes) }
        }
        var blockStart = UnsafeMutableRawPointer(bitPattern: BlockReader.headroom)!
        var keptCount = 0
        // Where the input starts, to read an e-mail message again from there.
        let start = try? descriptor.currentOffset()
        var mail: InputLayers?
        let failure: String?
        do throws(Errno) {
            let reencodes = reencodes
            let announce: (InputLayers) -> Void = { layers in
                if layers.mail != nil {
                    mail = layers
                } else if !layers.isPlain, reencodes {
                    writer = ReencodingWriter(layers, to: out)
                }
            }
            failure = try decoding.forEachBlock(of: descriptor, stopsAtMail: true, layers: announce) { block in
                blockStart = block.baseAddress!
                let window = blockStart - keptCount
                let origin = scanner.offset - keptCount
                scanner.feed(UnsafeRawBufferPointer(block)) { match in
                    hide(match, in: window, origin: origin)
                }
                let end = keptCount + block.count
                let settled = scanner.settledOffset - origin
                emit(UnsafeRawBufferPointer(start: window, count: settled))
                keptCount = end - settled
                precondition(keptCount <= BlockReader.headroom, "a pending CPF or CNPJ is at most 133 bytes")
                system_moveBytes(to: blockStart - keptCount, from: window + settled, count: keptCount)
            }
        } catch {
            if keptCount > 0 { emit(UnsafeRawBufferPointer(start: blockStart - keptCount, count: keptCount)) }
            writer?.finish()
            throw .read(error)
        }
        if let mail, let kind = mail.mail {
            if mail.gzip { throw .notSearched("e-mail compressed with gzip, which redact does not rewrite") }
            guard let start else {
                throw .notSearched("e-mail read from a pipe, which redact rewrites only from a file")
            }
            return try redactMail(descriptor, kind: kind, from: start)
        }
        let window = blockStart - keptCount
        let origin = scanner.offset - keptCount
        scanner.finish { hide($0, in: window, origin: origin) }
        emit(UnsafeRawBufferPointer(start: window, count: keptCount))
        writer?.finish()
        countGzipHeaderTexts()
        if let failure { throw .notSearched(failure) }
    }

    /// Hides `match` in the window at `window`, whose first byte is at the
    /// input offset `origin`, if redaction hides it: of at least the minimum
    /// confidence, or mistyped. Returns whether it did; counted in
    /// ``redactedCount`` when `counts`.
    @discardableResult
    func hide(
        _ match: TaxpayerScanner.Match, in window: UnsafeMutableRawPointer, origin: Int, counts: Bool = true
    ) -> Bool {
        guard !match.isValid || match.confidence >= minimumConfidence else { return false }
        switch match {
        case .cpf(let cpf):
            if isLineLocal, cpf.spansLineBreak { return false }
            hide(cpf, in: window, origin: origin, counts: counts)
        case .cnpj(let cnpj):
            if isLineLocal, cnpj.spansLineBreak { return false }
            // `--style pseudonym` is refused with CNPJs (RedactCommand); were
            // it not, a CNPJ would be hidden whole.
            var hiding = CPFScanner.RedactionStyle.full
            if case .hidden(let chosen) = style { hiding = chosen }
            cnpj.hideCharacters(
                in: UnsafeMutableRawBufferPointer(
                    start: window + (cnpj.range.lowerBound - origin), count: cnpj.range.count),
                style: hiding)
            if counts { redactedCount += 1 }
        }
        return true
    }
}
