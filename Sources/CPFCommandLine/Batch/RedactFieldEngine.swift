import CPFKit
import CPFSystem

/// Hides the CPFs (and CNPJs, with `--document cnpj|any`) of one field of
/// each CSV record, for `cpf redact --field`:
/// the field is free text, searched as `redact` searches a file (the same
/// scanner, confidence and style), and every other byte of the record,
/// the field's quotes and delimiters included, goes out unchanged.
///
/// The field's bytes are searched as written (a doubled quote is two
/// quotes, a quote never part of a CPF); hiding turns digits into `*` or
/// other digits, so the record stays the same CSV. Records come in pieces
/// (``LineReader`` in CSV mode): the bytes before the field and after it go
/// straight out, the field's as soon as the scanner has settled them, so
/// memory stays flat whatever a record's size. A record without the field
/// has nothing to hide there and is copied unchanged.
final class RedactFieldEngine {
    let style: RedactEngine.Style
    /// The lowest confidence hidden; mistyped CPFs (always `high`) are hidden too.
    let minimumConfidence: CPFScanner.Confidence
    /// `--document`: the kinds hidden.
    let accepted: TaxpayerID.Accepted
    let context: Context
    private let out: OutputBuffer
    private let input: RewritingInput
    /// CPFs hidden so far, over every input.
    private(set) var redactedCount = 0

    /// The 0-based field: `--field N`'s, or the one named in the current input's header.
    private var field: Int
    private let delimiter: UInt8
    /// RFC 4180 quoting, unless `--raw`.
    private let quotes: Bool
    private var csv: CSVState
    private enum Phase { case before, inField, after }
    private var phase = Phase.before
    private var scanner: TaxpayerScanner
    /// The field's bytes read but not yet settled by the scanner (at most a
    /// candidate's length), hidden in place before they go out.
    private var held: [UInt8] = []

    /// - Parameters:
    ///   - output: Where to write; standard output by default.
    ///   - lineCapacity: The longest record handled whole; longer ones are read in pieces.
    init(
        style: RedactEngine.Style, minimumConfidence: CPFScanner.Confidence = .low,
        accepting accepted: TaxpayerID.Accepted = .cpf, columns: CSVColumns, context: Context,
        output: OutputBuffer? = nil, lineCapacity: Int = LineReader.defaultCapacity
    ) {
        self.style = style
        self.minimumConfidence = minimumConfidence
        self.accepted = accepted
        self.context = context
        out = output ?? context.output
        input = RewritingInput(
            columns: columns, context: context, output: out, lineCapacity: lineCapacity, rewritesField: false)
        field = columns.field ?? 0
        delimiter = columns.delimiter
        quotes = !columns.isRaw
        csv = CSVState(delimiter: columns.delimiter, quotes: !columns.isRaw)
        scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
    }

    /// Copies one input with the field of each record redacted.
    func redact(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        let setField: (Int) -> Void = { self.field = $0 }
        try input.forEachRecordPiece(of: descriptor, named: name, fieldIndex: setField) { piece in rewrite(piece) }
    }

    private func rewrite(_ piece: LinePiece) {
        if piece.isFirst {
            csv = CSVState(delimiter: delimiter, quotes: quotes)
            phase = .before
            if field == 0 { startField() }
        }
        let bytes = piece.bytes
        var runStart = 0
        var index = 0
        while index < bytes.count {
            switch phase {
            case .before:
                _ = csv.step(bytes[index])
                if csv.fieldIndex == field {
                    // The delimiter before the field: it and all before it are kept.
                    out.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...index]))
                    runStart = index + 1
                    startField()
                }
            case .inField:
                _ = csv.step(bytes[index])
                if csv.fieldIndex != field {
                    mask(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                    finishField()
                    runStart = index
                }
            case .after:
                index = bytes.count - 1
            }
            index += 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[runStart...])
        if phase == .inField {
            mask(rest)
            if piece.isLast { finishField() }
        } else {
            out.write(rest)
        }
        if piece.isLast { out.writeTerminator(piece.terminator) }
    }

    private func startField() {
        phase = .inField
        scanner = TaxpayerScanner(accepting: accepted, hidingFrom: minimumConfidence)
        held.removeAll(keepingCapacity: true)
    }

    /// Searches the next bytes of the field; writes out those settled, hidden.
    private func mask(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        // The scanner's offset of `held`'s first byte.
        let origin = scanner.offset - held.count
        held.append(contentsOf: bytes)
        var settled = 0
        held.withUnsafeMutableBytes { text in
            scanner.feed(bytes) { hide($0, in: text, origin: origin) }
            settled = scanner.settledOffset - origin
            out.write(UnsafeRawBufferPointer(rebasing: text[..<settled]))
        }
        held.removeFirst(settled)
    }

    /// Ends the field: what the scanner still held is decided and written.
    private func finishField() {
        let origin = scanner.offset - held.count
        held.withUnsafeMutableBytes { text in
            scanner.finish { hide($0, in: text, origin: origin) }
            out.write(UnsafeRawBufferPointer(text))
        }
        held.removeAll(keepingCapacity: true)
        phase = .after
    }

    /// Hides one match in `text`, whose first byte is the scanner's offset `origin`.
    private func hide(_ match: TaxpayerScanner.Match, in text: UnsafeMutableRawBufferPointer, origin: Int) {
        style.hide(
            match,
            in: UnsafeMutableRawBufferPointer(
                rebasing: text[(match.range.lowerBound - origin)..<(match.range.upperBound - origin)]))
        redactedCount += 1
    }
}
