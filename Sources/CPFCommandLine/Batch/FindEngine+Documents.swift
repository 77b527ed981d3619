import CPFDecoders
import CPFKit
import CPFSystem

/// `find` in documents: a zip archive, an Office document, a PDF, a tar
/// archive, an e-mail's attachment, member by member; the spreadsheet
/// numbers that are CPFs or CNPJs; and what could not be read, summed up.
extension FindEngine {
    /// ``find(_:named:)`` for a zip archive (an Office document too) or a
    /// PDF in a regular file: each member's text is scanned on its own, as
    /// `SOURCE!MEMBER:LINE:COLUMN: TEXT` (nested archives' paths joined by
    /// `!`; in JSON, `"source"` and `"member"`), a PDF's text as the file's.
    /// What could not be read is named after every member that could.
    func findInDocument(
        _ descriptor: FileDescriptor, format: DocumentFormat, named name: RawText
    ) throws(InputFailure) {
        let documents = documents
        let read: DocumentReading<Errno> = { (begin, text, end) throws(Errno) in
            try documents.read(descriptor, format: format, begin: begin, text: text, end: end)
        }
        do throws(Errno) {
            try findInDocument(named: name, read: read)
        } catch {
            throw .read(error)
        }
        if let reason = DocumentReader.summary(of: documents.failures, format: format) { throw .notSearched(reason) }
    }

    /// The reading of a document's members, as ``DocumentReader`` hands them over.
    typealias DocumentReading<Failure: Error> = (
        _ begin: ([UInt8]) -> Void, _ text: (UnsafeMutableRawBufferPointer) -> Void,
        _ end: ([DocumentReader.StoredNumber]) -> Void
    ) throws(Failure) -> Void

    /// Prints the CPFs of the members `read` hands over, as
    /// `SOURCE!MEMBER:LINE:COLUMN: TEXT`, SOURCE `name`.
    ///
    /// A member's name is searched from its byte `namesReportedBefore` on
    /// (see ``findInName(_:path:member:label:after:)``).
    func findInDocument<Failure: Error>(
        named name: RawText, namesReportedBefore: Int = 0, read: DocumentReading<Failure>
    ) throws(Failure) {
        let documents = documents
        let shownName = json ? name.bytes : Escaping.readableBytes(name, limit: .max)
        let scratch = Position.allocateScratch()
        defer { scratch.deallocate() }
        var padded = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        var memberBytes: [UInt8] = []
        defer { padded.deallocate() }
        var position: Position?
        var scanner = TaxpayerScanner(accepting: settings.accepted)
        let json = json
        let section = { [unowned documents] in documents.section }
        func begin(_ path: [UInt8]) {
            memberBytes = shownMember(path)
            let shown = Self.shownSource(shownName, member: memberBytes, section: section(), json: json)
            padded.deallocate()
            padded = UnsafeMutableRawBufferPointer.allocate(byteCount: (shown.count + 7) & ~7, alignment: 8)
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            _ = padded.initializeMemory(as: UInt8.self, from: shown)
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: Position.scratchSize)
            position = Position(source: UnsafeRawBufferPointer(rebasing: padded[..<shown.count]), scratch: scratch)
            position!.section = section()
            scanner = TaxpayerScanner(accepting: settings.accepted)
        }
        func end(_ numbers: [DocumentReader.StoredNumber]) {
            memberBytes.withUnsafeBytes { member in
                if json, !member.isEmpty { position!.member = member }
                scanner.finish { report($0, startingAt: $0.range.lowerBound, at: &position!, to: out) }
                // Spreadsheet numbers that lost a CPF's leading zeros are CPFs.
                for number in numbers
                where settings.accepted.contains(number.id.kind) && number.confidence >= settings.minimumConfidence {
                    report(number, at: &position!)
                }
                position!.member = nil
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
        let previousImage = documents.imageMember
        if let images = settings.images {
            documents.imageMember = { [unowned self] path, format, bytes in
                findInImageMember(bytes, format: format, reading: images, named: name, member: path)
            }
        }
        defer { documents.imageMember = previousImage }
        try read(
            begin,
            { block in
                memberBytes.withUnsafeBytes { member in
                    if json, !member.isEmpty { position!.member = member }
                    let bytes = UnsafeRawBufferPointer(block)
                    let origin = scanner.offset
                    scanner.feed(bytes) { match in
                        if match.range.lowerBound > position!.counted {
                            position!.countLines(bytes.baseAddress!, origin: origin, upTo: match.range.lowerBound)
                        }
                        report(match, startingAt: match.range.lowerBound, at: &position!, to: out)
                    }
                    position!.countLines(bytes.baseAddress!, origin: origin, upTo: origin + bytes.count)
                    position!.member = nil
                }
            }, end)
    }

    /// Prints the CPFs of an e-mail's attachment read whole (`bytes`, see
    /// ``DecodingReader/forEachBlock(of:stopsAtMail:layers:until:attachment:_:)``)
    /// as those of an archive's member: `MAIL!ATTACHMENT:LINE:COLUMN: TEXT`,
    /// `MAIL!ATTACHMENT!MEMBER:…` inside it, ATTACHMENT its file name
    /// (``DecodingReader/attachmentPath(_:)``). Returns what could not be read.
    func findInAttachment(_ bytes: [UInt8], _ attachment: MailReader.Attachment, named name: RawText)
        -> [DocumentReader.Failure]
    {
        let documents = documents
        let path = DecodingReader.attachmentPath(attachment)
        do {
            let read: DocumentReading<any Error> = { begin, text, end in
                try documents.read(member: bytes, path: path, depth: 1, begin: begin, text: text, end: end)
            }
            // The attachment's own name is in the message's header, searched there.
            let before = path.count + 1
            try findInDocument(named: name, namesReportedBefore: before, read: read)
        } catch let error as DocumentReader.BudgetExceeded {
            return documents.failures + [DocumentReader.Failure(path: path, reason: error.reason)]
        } catch {
            return documents.failures + [DocumentReader.Failure(path: path, reason: DocumentReader.reason(error))]
        }
        return documents.failures
    }

    /// The reason an e-mail input was not searched completely: the
    /// reader's `failure`, then the attachments that could not be read.
    static func mailFailure(_ failure: String?, attachments: [DocumentReader.Failure]) -> String? {
        let named = DocumentReader.summary(of: attachments, format: .zip, noun: "attachment").map { "e-mail: \($0)" }
        guard let failure else { return named }
        guard let named else { return failure }
        return "\(failure); \(named)"
    }

    /// A member's path as printed: with `--hide`, any CPF or CNPJ in it
    /// hidden (``NameHiding``), as the match itself is.
    func shownMember(_ path: [UInt8]) -> [UInt8] {
        hiding == nil ? path : NameHiding.hidden(path)
    }

    /// SOURCE as printed for the text of a document's member (`path`, empty
    /// for the document's own text) or a section beside it: the document's
    /// name `shownName` (already escaped), then `!MEMBER` (escaped) and
    /// `:SECTION` in the text report; the name alone in JSON, which has
    /// `"member"` and `"in"` for them.
    static func shownSource(
        _ shownName: [UInt8], member path: [UInt8], section: DocumentReader.Section?, json: Bool
    ) -> [UInt8] {
        guard !json else { return shownName }
        var shown = shownName
        if !path.isEmpty {
            shown.append(UInt8(ascii: "!"))
            shown += Escaping.readableBytes(RawText(path), limit: .max)
        }
        if let section {
            shown.append(UInt8(ascii: ":"))
            shown += section.rawValue.utf8
        }
        return shown
    }

    /// Whether matches are shown as pseudonyms, which one thread makes.
    var hidesWithPseudonyms: Bool {
        if case .pseudonym = hiding { true } else { false }
    }

    /// Prints a spreadsheet number that is a CPF or CNPJ as the sheet
    /// stores it (see ``DocumentReader/StoredNumber``): TEXT is the number as
    /// written, `cpf` (or `cnpj`) in JSON its 11 digits (or 14).
    func report(_ number: DocumentReader.StoredNumber, at position: inout Position) {
        position.counts.add(confidence: number.confidence, isValid: true)
        var number = number
        var digits = Array(number.id.characters.utf8)
        switch (hiding, number.id) {
        case (nil, _): break
        case (.hidden, _):
            number.written = number.written.map { $0 &- 0x30 < 10 ? UInt8(ascii: "*") : $0 }
            digits = Array(repeating: UInt8(ascii: "*"), count: digits.count)
        case (.pseudonym(let pseudonymizer), .cpf(let cpf)):
            digits = Array(pseudonymizer.pseudonym(for: cpf).digits.utf8)
            number.written = Array(digits.drop { $0 == UInt8(ascii: "0") })
        case (.pseudonym, .cnpj):
            // `--hide pseudonym` is refused with CNPJs (FindCommand); were it not, a CNPJ would be hidden whole.
            number.written = number.written.map { $0 &- 0x30 < 10 ? UInt8(ascii: "*") : $0 }
            digits = Array(repeating: UInt8(ascii: "*"), count: digits.count)
        }
        if json {
            var object = JSONObjectWriter(to: out)
            object.string("source", position.source)
            if let member = position.member { object.string("member", member) }
            if let section = position.section { object.string("in", section.rawValue) }
            object.number("line", number.line)
            object.number("column", number.column)
            number.written.withUnsafeBytes { object.string("text", $0) }
            if settings.accepted != .cpf { object.string("document", number.id.kind.rawValue) }
            digits.withUnsafeBytes { object.string(number.id.kind == .cpf ? "cpf" : "cnpj", $0) }
            object.string("confidence", number.confidence.rawValue)
            object.bool("valid", true)
            object.end()
            return
        }
        if settings.colours { Colour.start(Colour.source, to: out) }
        out.write(position.source)
        if settings.colours { Colour.end(to: out) }
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: number.line)
        out.write(byte: UInt8(ascii: ":"))
        out.write(decimal: number.column)
        out.write(": ")
        if settings.colours { Colour.start(Colour.match, to: out) }
        number.written.withUnsafeBytes { out.write($0) }
        if settings.colours { Colour.end(to: out) }
        out.write(byte: 0x0A)
    }
}
