import CPFDecoders
import CPFKit
import CPFSystem

/// `find --document cnpj|any`: the input scanned by `TaxpayerScanner`, each
/// match printed as its own kind (JSON `"document":"cpf"|"cnpj"`, and the
/// number under `"cpf"` or `"cnpj"`). One thread per file; zip archives,
/// Office documents and PDFs member by member, as for CPFs.
extension FindEngine {
    /// ``find(_:named:)`` with `--document cnpj|any`.
    func findTaxpayers(_ descriptor: FileDescriptor, position start: Position, named name: RawText)
        throws(InputFailure)
    {
        var position = start
        var lines = RecentLines()
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        defer {
            reportedCounts += position.counts
            foundCount += position.counts.total
        }
        let failure: String?
        let stopsAtFirst = settings.stopsAtFirst
        let found = FoundFlag()
        var attachmentFailures: [DocumentReader.Failure] = []
        let readAttachment: DecodingReader.AttachmentHandler = { [unowned self] attachment, bytes in
            attachmentFailures += findInAttachment(bytes, attachment, named: name)
        }
        do throws(Errno) {
            failure = try reader.forEachBlock(
                of: descriptor, until: stopsAtFirst ? { found.value } : nil, attachment: readAttachment
            ) { block in
                let bytes = UnsafeRawBufferPointer(block)
                let origin = scanner.offset
                scanner.feed(bytes) { match in
                    // A match passed on late may start in an earlier block,
                    // whose line feeds are counted already.
                    if match.range.lowerBound > lines.counted {
                        lines.count(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                    }
                    if stopsAtFirst, found.value { return }
                    report(match, at: &position, lines: lines)
                    if stopsAtFirst, position.counts.total > 0 { found.value = true }
                }
                lines.count(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
            }
        } catch {
            throw .read(error)
        }
        if !found.value { scanner.finish { report($0, at: &position, lines: lines) } }
        if let reason = Self.mailFailure(failure, attachments: attachmentFailures) { throw .notSearched(reason) }
    }

    /// The line feeds counted in an input, and the starts of the last 16
    /// lines: a match passed on late (``TaxpayerScanner`` waits until
    /// neither scanner can report one before it) starts at most a few lines
    /// before the last counted, fewer than 16.
    struct RecentLines {
        var line = 1
        var counted = 0
        var starts = [Int](repeating: 0, count: 16)

        /// Counts the line feeds from `counted` to `end`, both in the block
        /// at `base`, which starts at the input offset `origin`.
        mutating func count(_ base: UnsafeRawPointer, origin: Int, upTo end: Int) {
            var cursor = base + (counted - origin)
            let stop = base + (end - origin)
            while cursor < stop, let found = system_findByte(0x0A, in: cursor, count: stop - cursor) {
                line += 1
                cursor = found + 1
                starts[line & 15] = origin + (cursor - base)
            }
            counted = end
        }

        /// The line and byte column (from 1) of `offset`, in one of the last 16 lines.
        func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
            var line = self.line
            while line > 1, offset < starts[line & 15] { line -= 1 }
            return (line, offset - (line == 1 ? 0 : starts[line & 15]) + 1)
        }
    }

    /// ``findInDocument(named:namesReportedBefore:read:)`` with `--document cnpj|any`: the CPFs and
    /// CNPJs of the members `read` hands over.
    func findTaxpayersInDocument<Failure: Error>(
        named name: RawText, namesReportedBefore: Int = 0, read: DocumentReading<Failure>
    ) throws(Failure) {
        let documents = documents
        let shownName = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        let lineDigits = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        defer { lineDigits.deallocate() }
        var shown: [UInt8] = []
        var memberBytes: [UInt8] = []
        var position: Position?
        var lines = RecentLines()
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        let json = json
        let section = { [unowned documents] in documents.section }
        func begin(_ path: [UInt8]) {
            memberBytes = shownMember(path)
            shown = Self.shownSource(shownName, member: memberBytes, section: section(), json: json)
            lines = RecentLines()
            scanner = TaxpayerScanner(accepting: settings.accepted)
        }
        // The source and member as printed, for as long as `body` runs.
        func withPosition(_ body: (inout Position) -> Void) {
            shown.withUnsafeBytes { source in
                memberBytes.withUnsafeBytes { member in
                    if position == nil { position = Position(source: source, lineDigits: lineDigits) }
                    var current = Position(source: source, lineDigits: lineDigits)
                    current.counts = position!.counts
                    if json, !member.isEmpty { current.member = member }
                    current.section = section()
                    body(&current)
                    position!.counts = current.counts
                }
            }
        }
        func end(_ numbers: [DocumentReader.StoredNumber]) {
            withPosition { current in
                scanner.finish { report($0, at: &current, lines: lines) }
                // Spreadsheet numbers that lost a CPF's leading zeros are CPFs.
                for number in numbers
                where settings.accepted.contains(number.id.kind) && number.confidence >= settings.minimumConfidence {
                    report(number, at: &current)
                }
            }
            reportedCounts += position!.counts
            foundCount += position!.counts.total
            position = nil
        }
        let previousNamed = documents.memberNamed
        documents.memberNamed = { [unowned self] path in
            findInName(path[...], path: name, member: path, after: namesReportedBefore)
        }
        defer { documents.memberNamed = previousNamed }
        try read(
            begin,
            { block in
                withPosition { current in
                    let bytes = UnsafeRawBufferPointer(block)
                    let origin = scanner.offset
                    scanner.feed(bytes) { match in
                        if match.range.lowerBound > lines.counted {
                            lines.count(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                        }
                        report(match, at: &current, lines: lines)
                    }
                    lines.count(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
                }
            }, end)
    }

    /// Whether `match` is reported, as `find` filters a CPF.
    private func isReported(_ match: TaxpayerScanner.Match) -> Bool {
        guard match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid else {
            return false
        }
        if settings.isLineLocal, match.spansLineBreak { return false }
        return true
    }

    /// The match as written and its digits or characters, hidden as `--hide` says.
    private func shown(_ match: TaxpayerScanner.Match) -> (text: [UInt8], characters: [UInt8]) {
        Self.shown(match, hiding: hiding)
    }

    /// The match as written and its digits or characters, hidden as `hiding` says.
    static func shown(_ match: TaxpayerScanner.Match, hiding: RedactEngine.Style?)
        -> (text: [UInt8], characters: [UInt8])
    {
        switch match {
        case .cpf(let cpf):
            var text = [UInt8](repeating: 0, count: 96)
            text.removeLast(96 - text.withUnsafeMutableBytes { cpf.writeText(to: $0) })
            guard let hiding else { return (text, Array(cpf.digits.utf8)) }
            text.withUnsafeMutableBytes { hiding.hide(cpf, in: $0) }
            return (text, text.withUnsafeBytes { written in (0..<11).map { cpf.writtenDigit($0, in: written) } })
        case .cnpj(let cnpj):
            var text = Array(cnpj.text.utf8)
            // `--hide pseudonym` is refused with CNPJs (FindCommand).
            guard case .hidden(let style) = hiding else { return (text, Array(cnpj.characters.utf8)) }
            text.withUnsafeMutableBytes { cnpj.hideCharacters(in: $0, style: style) }
            return (text, text.withUnsafeBytes { written in (0..<14).map { cnpj.writtenCharacter($0, in: written) } })
        }
    }

    /// Writes the JSON fields `document`, `cpf` or `cnpj`, `confidence`, `valid` (and `ocr`).
    private func writeFields(
        _ match: TaxpayerScanner.Match, characters: [UInt8], to object: inout JSONObjectWriter
    ) {
        Self.writeFields(match, characters: characters, to: &object)
    }

    /// Writes the JSON fields `document`, `cpf` or `cnpj`, `confidence`, `valid` (and `ocr`).
    static func writeFields(
        _ match: TaxpayerScanner.Match, characters: [UInt8], to object: inout JSONObjectWriter
    ) {
        object.string("document", match.kind.rawValue)
        characters.withUnsafeBytes { characters in
            switch match.kind {
            case .cpf: object.string("cpf", characters)
            case .cnpj: object.string("cnpj", characters)
            }
        }
        object.string("confidence", match.confidence.rawValue)
        object.bool("valid", match.isValid)
        if case .cpf(let cpf) = match, cpf.isOCRReading { object.bool("ocr", true) }
    }

    /// Prints one match of a file's text, if it is to be reported.
    private func report(_ match: TaxpayerScanner.Match, at position: inout Position, lines: RecentLines) {
        guard isReported(match) else { return }
        position.counts.add(confidence: match.confidence, isValid: match.isValid)
        guard settings.printsMatches else { return }
        let (line, column) = lines.lineAndColumn(of: match.range.lowerBound)
        let (text, characters) = shown(match)
        if json {
            var object = JSONObjectWriter(to: out)
            object.string("source", position.source)
            if let member = position.member { object.string("member", member) }
            if let section = position.section { object.string("in", section.rawValue) }
            object.number("line", line)
            object.number("column", column)
            text.withUnsafeBytes { object.string("text", $0) }
            writeFields(match, characters: characters, to: &object)
            object.end()
            return
        }
        if settings.colours { Colour.start(Colour.source, to: out) }
        out.write(position.source)
        if settings.colours { Colour.end(to: out) }
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: line)
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: column)
        out.write(": ")
        if settings.colours { Colour.start(Colour.match, to: out) }
        text.withUnsafeBytes { Escaping.writeReadable($0, quote: nil, to: out) }
        if settings.colours { Colour.end(to: out) }
        out.write(byte: 0x0A)
    }

    /// ``findInName(_:path:member:)`` with `--document cnpj|any`.
    func findTaxpayersInName(
        _ name: ArraySlice<UInt8>, path: RawText, member: [UInt8]?, label: String, after start: Int = 0
    ) {
        var counts = Counts()
        // A name is read as a path (a member's: `fichas/11.222.333/0001-81.txt`);
        // a gzip header's comment as text.
        let matches =
            label == "gzip-comment"
            ? TaxpayerScanner.matches(
                in: name, accepting: settings.accepted, minimumConfidence: .low, includeInvalid: true)
            : TaxpayerScanner.matches(
                inPath: name, accepting: settings.accepted, minimumConfidence: .low, includeInvalid: true)
        for match in matches where match.range.lowerBound >= start && isReported(match) {
            counts.add(confidence: match.confidence, isValid: match.isValid)
            guard settings.printsMatches else { continue }
            let (text, characters) = shown(match)
            let column = match.range.lowerBound + 1
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", path)
                if let member { member.withUnsafeBytes { object.string("member", $0) } }
                object.string("in", label)
                object.number("column", column)
                text.withUnsafeBytes { object.string("text", $0) }
                writeFields(match, characters: characters, to: &object)
                object.end()
                continue
            }
            if settings.colours { Colour.start(Colour.source, to: out) }
            Escaping.readableBytes(path, limit: .max).withUnsafeBytes { out.write($0) }
            if let member {
                out.write(byte: UInt8(ascii: "!"))
                Escaping.readableBytes(RawText(member), limit: .max).withUnsafeBytes { out.write($0) }
            }
            if settings.colours { Colour.end(to: out) }
            out.write(byte: UInt8(ascii: ":"))
            out.write(label)
            out.write(byte: UInt8(ascii: ":"))
            out.write(decimal: column)
            out.write(": ")
            if settings.colours { Colour.start(Colour.match, to: out) }
            text.withUnsafeBytes { Escaping.writeReadable($0, quote: nil, to: out) }
            if settings.colours { Colour.end(to: out) }
            out.write(byte: 0x0A)
        }
        reportedCounts += counts
        foundCount += counts.total
    }
}
