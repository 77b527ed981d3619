import CPFKit
import CPFSystem

/// What `find` reports of a name (an entry's below a directory argument, an
/// archive member's path, a gzip file's original name and comment), and how
/// any match is shown: as written or hidden, and its JSON fields.
extension FindEngine {
    /// Prints every CPF in the name of an entry the walk found below a
    /// directory argument (`find -r`): `SOURCE:name:COLUMN: TEXT`, SOURCE
    /// its path and COLUMN the byte of the name (from 1) where the CPF
    /// starts; in JSON, `"in":"name"` in place of `line`. The name is not
    /// renamed or read: only its bytes are scanned, as a line of text.
    ///
    /// With `member`, the name is that of a member of the archive at `path`
    /// (its whole path in the archive): `ARCHIVE!MEMBER:name:COLUMN: TEXT`,
    /// and in JSON `"member"` beside `"source"`.
    ///
    /// `label` names what was scanned in place of `name`: `gzip-name` and
    /// `gzip-comment` for the texts of a gzip file's headers.
    ///
    /// With `start`, only the matches that start at or after the byte
    /// `start` of `name` are reported (those before are reported elsewhere:
    /// an e-mail attachment's name, in the message's header).
    func findInName(
        _ name: ArraySlice<UInt8>, path: RawText, member: [UInt8]? = nil, label: String = "name", after start: Int = 0
    ) {
        let member = member.map(shownMember)
        var counts = Counts()
        // A name is read as a path (a member's: `fichas/11.222.333/0001-81.txt`);
        // a gzip header's comment as text.
        let matches =
            label == "gzip-comment"
            ? TaxpayerScanner.matches(
                in: name, accepting: settings.accepted, minimumConfidence: .low, includeInvalid: true)
            : TaxpayerScanner.matches(
                inPath: name, accepting: settings.accepted, minimumConfidence: .low, includeInvalid: true)
        for match in matches
        where match.range.lowerBound >= start
            && (match.isValid ? match.confidence >= settings.minimumConfidence : settings.includesInvalid)
        {
            counts.add(confidence: match.confidence, isValid: match.isValid)
            guard settings.printsMatches else { continue }
            let (text, characters) = Self.shown(match, hiding: hiding)
            let column = match.range.lowerBound + 1
            if json {
                var object = JSONObjectWriter(to: out)
                object.string("source", path)
                if let member { member.withUnsafeBytes { object.string("member", $0) } }
                object.string("in", label)
                object.number("column", column)
                text.withUnsafeBytes { object.string("text", $0) }
                Self.writeFields(match, characters: characters, namingKind: settings.accepted != .cpf, to: &object)
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

    /// Writes the JSON fields `document` (when `namingKind`), `cpf` or
    /// `cnpj`, `confidence`, `valid` (and `ocr`, for an OCR reading or
    /// when `isOCRText`: a match in the text an OCR engine read).
    static func writeFields(
        _ match: TaxpayerScanner.Match, characters: [UInt8], namingKind: Bool, isOCRText: Bool = false,
        to object: inout JSONObjectWriter
    ) {
        if namingKind { object.string("document", match.kind.rawValue) }
        characters.withUnsafeBytes { characters in
            switch match.kind {
            case .cpf: object.string("cpf", characters)
            case .cnpj: object.string("cnpj", characters)
            }
        }
        object.string("confidence", match.confidence.rawValue)
        object.bool("valid", match.isValid)
        let isOCRReading = if case .cpf(let cpf) = match { cpf.isOCRReading } else { false }
        if isOCRReading || isOCRText { object.bool("ocr", true) }
    }
}
