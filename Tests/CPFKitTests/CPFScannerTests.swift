// Tests of Scanner/CPFScanner.swift: streaming (pieces of any size, settled
// offset, finish) and agreement with the scanning rule (docs/reference.md#cpf-find-cpfs-in-free-text)
// written the simple way.

import Testing

@testable import CPFKit

/// One match as the reference sees it.
struct ReferenceMatch: Equatable, CustomStringConvertible {
    var range: Range<Int>
    var digits: String
    var confidence: CPFScanner.Confidence
    var isValid: Bool
    var keyword: String?
    var description: String { "\(range) \(digits) \(confidence) \(isValid) \(keyword ?? "-")" }

    init(range: Range<Int>, digits: String, confidence: CPFScanner.Confidence, isValid: Bool, keyword: String?) {
        (self.range, self.digits, self.confidence, self.isValid, self.keyword) = (
            range, digits, confidence, isValid, keyword
        )
    }

    init(_ match: CPFScanner.Match) {
        self.init(
            range: match.range, digits: match.digits, confidence: match.confidence, isValid: match.isValid,
            keyword: match.keyword?.name)
    }
}

/// The scanning rule of docs/reference.md#cpf-find-cpfs-in-free-text written the simple way: on the Unicode scalars of
/// the text,
/// tried at every start position, `isValidCPF` as the oracle.
enum Reference {
    struct Scalar {
        let value: Unicode.Scalar
        let offset: Int
        let length: Int
    }

    static let dashes: Set<Unicode.Scalar> = [
        "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}",
    ]
    static let spaces: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{202F}", "\u{2009}"]
    /// Ignored between digits and separators: default-ignorable code points
    /// and format characters, as the standard library's Unicode data has them.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
    }
    static let cpfKeywords = [
        "cpf", "cpfs", "c.p.f.", "c.p.f", "cpf/mf", "cic", "cadastro de pessoa fisica",
        "cadastro de pessoas fisica", "cadastro de pessoa fisicas", "cadastro de pessoas fisicas",
    ]
    static let otherKeywords = [
        "tel", "telefone", "telefones", "fone", "cel", "celular", "celulares", "whatsapp", "wpp", "zap",
        "fax", "pis", "pasep", "pis/pasep", "nis", "nit", "cnh", "renavam", "titulo", "titulo de eleitor",
        "cns", "rg", "cnpj", "inscricao", "matricula", "processo", "pedido", "pedidos", "protocolo", "protocolos",
        "nota", "nf",
        "conta", "contas", "agencia", "agencias", "banco", "processos", "ip",
    ]

    /// An ASCII digit: what stops a keyword.
    static func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
    /// A digit of a candidate: ASCII or fullwidth (U+FF10–FF19).
    static func isAnyDigit(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { ("0"..."9").contains($0) || (0xFF10...0xFF19).contains($0.value) } ?? false
    }
    /// A digit already hidden: `*` or the fullwidth asterisk U+FF0A.
    static func isStar(_ scalar: Unicode.Scalar) -> Bool { scalar == "*" || scalar == "\u{FF0A}" }
    /// The ASCII digit of a digit of a candidate.
    static func asciiDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.isASCII ? scalar : Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!
    }

    /// A letter folded to lowercase ASCII without its accent, if it is an ASCII or Latin-1 letter.
    static func folded(_ scalar: Unicode.Scalar) -> Character? {
        let groups: [(String, Character)] = [
            ("àáâãäåæ", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ð", "d"), ("ñ", "n"),
            ("òóôõöø", "o"), ("ùúûü", "u"), ("ýÿ", "y"), ("þ", "t"), ("ß", "s"),
        ]
        if scalar.isASCII {
            let character = Character(String(scalar).lowercased())
            return character.isLetter ? character : nil
        }
        guard scalar.value >= 0xC0, scalar.value <= 0xFF, scalar.value != 0xD7, scalar.value != 0xF7 else { return nil }
        let lower = String(scalar).lowercased()
        return groups.first { $0.0.contains(lower) }?.1 ?? (scalar == "ß" ? "s" : nil)
    }

    static func matches(_ text: String) -> [ReferenceMatch] {
        var scalars: [Scalar] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            scalars.append(Scalar(value: scalar, offset: offset, length: length))
            offset += length
        }
        let visible = scalars.filter { !isInvisible($0.value) }
        var found: [ReferenceMatch] = []
        for start in visible.indices where isAnyDigit(visible[start].value) {
            if let match = candidate(at: start, visible, scalars, text) { found.append(match) }
        }
        var readings: [ReferenceMatch] = []
        for start in scalars.indices {
            if let match = ocrReading(at: start, scalars) { readings.append(match) }
            if let match = keywordOCRReading(at: start, scalars) { readings.append(match) }
        }
        // An OCR reading that would start inside a match before it is none.
        var kept: [ReferenceMatch] = []
        for match in (found + readings).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let isReading = readings.contains(match)
            if isReading, let last = kept.last, match.range.lowerBound < last.range.upperBound { continue }
            kept.append(match)
        }
        return kept
    }

    /// The digits OCR mistakes letters for (docs/reference.md, "OCR readings").
    static let lookAlikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "l": "1", "I": "1", "i": "1", "|": "1", "!": "1", "Z": "2", "z": "2",
        "S": "5", "s": "5", "G": "6", "b": "6", "T": "7", "B": "8", "g": "9", "q": "9",
    ]

    /// An OCR reading: 14 ASCII characters `DDD.DDD.DDD-DD` from `start`, each
    /// `D` a digit or a look-alike, one or two of them look-alikes, valid
    /// and not repeated, with no word or number touching it.
    static func ocrReading(at start: Int, _ scalars: [Scalar]) -> ReferenceMatch? {
        guard start + 14 <= scalars.count else { return nil }
        let written = scalars[start..<start + 14].map(\.value)
        guard written.allSatisfy(\.isASCII) else { return nil }
        let characters = written.map(Character.init)
        guard characters[3] == ".", characters[7] == ".", characters[11] == "-" else { return nil }
        let positions = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13].map { characters[$0] }
        guard positions.allSatisfy({ $0.isWholeNumber || lookAlikes[$0] != nil }) else { return nil }
        let letters = positions.filter { !$0.isWholeNumber }.count
        guard (1...2).contains(letters) else { return nil }
        let digits = String(positions.map { $0.isWholeNumber ? $0 : lookAlikes[$0]! })
        guard Set(digits).count > 1, digits.isValidCPF else { return nil }
        let first = scalars[start].offset
        guard !ocrTouches(from: start, to: start + 14, scalars) else { return nil }
        return ReferenceMatch(
            range: first..<first + 14, digits: digits, confidence: .medium, isValid: true,
            keyword: keyword(before: first, scalars))
    }

    /// Whether the OCR reading written by `scalars[start..<end]` touches a
    /// word or a number: its neighbours, the nearest characters that are not
    /// invisible within 16 bytes, are words, or `.`, `/` or a dash with a
    /// word past it.
    static func ocrTouches(from start: Int, to end: Int, _ scalars: [Scalar]) -> Bool {
        let first = scalars[start].offset
        func neighbour(from index: Int, step: Int, base: Int) -> (Unicode.Scalar, Int)? {
            var index = index
            while index >= 0, index < scalars.count {
                let scalar = scalars[index]
                guard scalar.offset >= base - 16, scalar.offset + scalar.length <= base + 16 else { return nil }
                if !isInvisible(scalar.value) { return (scalar.value, index) }
                index += step
            }
            return nil
        }
        /// A word or number: ASCII letters and digits, `*`, `_`, and every
        /// other character not ASCII but spaces and dashes.
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                return scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "*" || scalar == "_"
            }
            return !spaces.contains(scalar) && !dashes.contains(scalar)
        }
        func touches(_ index: Int, step: Int, base: Int) -> Bool {
            guard let (near, at) = neighbour(from: index, step: step, base: base) else { return false }
            if isWord(near) { return true }
            guard near == "." || near == "/" || dashes.contains(near),
                let (next, _) = neighbour(from: at + step, step: step, base: base)
            else { return false }
            return isWord(next)
        }
        let last = scalars[end - 1]
        return touches(start - 1, step: -1, base: first) || touches(end, step: 1, base: last.offset + last.length)
    }

    /// A bare OCR reading after a keyword: 11 ASCII characters from `start`,
    /// each a digit or a look-alike, one or two of them look-alikes, with no
    /// digit or look-alike just before or after, valid and not repeated,
    /// touching no word or number, after a CPF keyword.
    static func keywordOCRReading(at start: Int, _ scalars: [Scalar]) -> ReferenceMatch? {
        guard start + 11 <= scalars.count else { return nil }
        let written = scalars[start..<start + 11].map(\.value)
        guard written.allSatisfy(\.isASCII) else { return nil }
        let characters = written.map(Character.init)
        guard characters.allSatisfy({ $0.isWholeNumber || lookAlikes[$0] != nil }) else { return nil }
        func isReadable(_ index: Int) -> Bool {
            guard index >= 0, index < scalars.count, scalars[index].value.isASCII else { return false }
            let character = Character(scalars[index].value)
            return character.isWholeNumber || lookAlikes[character] != nil
        }
        guard !isReadable(start - 1), !isReadable(start + 11) else { return nil }
        let letters = characters.filter { !$0.isWholeNumber }.count
        guard (1...2).contains(letters) else { return nil }
        let digits = String(characters.map { $0.isWholeNumber ? $0 : lookAlikes[$0]! })
        guard Set(digits).count > 1, digits.isValidCPF else { return nil }
        guard !ocrTouches(from: start, to: start + 11, scalars) else { return nil }
        let first = scalars[start].offset
        guard let keyword = keyword(before: first, scalars), cpfKeywords.contains(keyword) else { return nil }
        return ReferenceMatch(
            range: first..<first + 11, digits: digits, confidence: .medium, isValid: true, keyword: keyword)
    }

    /// The gap forms: each a list of tests, one per visible character.
    typealias Test = (Unicode.Scalar) -> Bool
    static func gaps(last: Bool) -> [(tests: [Test], separator: String)] {
        let separators: [([Test], String)] =
            [
                ([{ $0 == "." }], "."), ([{ dashes.contains($0) }], "-"), ([{ spaces.contains($0) }], " "),
            ]
            + (last
                ? [
                    ([{ $0 == "/" }], "/"),
                    ([{ spaces.contains($0) }, { dashes.contains($0) }, { spaces.contains($0) }], " - "),
                ] : [])
        let breaks: [[Test]] = [[{ $0 == "\n" }], [{ $0 == "\r" }, { $0 == "\n" }]]
        var forms: [([Test], String)] = [([], "")]
        forms += breaks.map { ($0, "") }
        for (tests, name) in separators {
            forms.append((tests, name))
            forms += breaks.map { (tests + $0, name) }
        }
        return forms.map { (tests: $0.0, separator: $0.1) }
    }

    static func candidate(at start: Int, _ visible: [Scalar], _ scalars: [Scalar], _ text: String) -> ReferenceMatch? {
        func digitRun(_ index: Int, _ count: Int) -> Bool {
            index + count <= visible.count && (index..<index + count).allSatisfy { isAnyDigit(visible[$0].value) }
        }
        // Every way to read the 3-3-3-2 groups from `start`.
        var parses: [(end: Int, separators: [String])] = []
        func read(group: Int, at index: Int, separators: [String]) {
            let size = group == 3 ? 2 : 3
            guard digitRun(index, size) else { return }
            if group == 3 {
                parses.append((index + size, separators))
                return
            }
            for gap in gaps(last: group == 2) {
                let after = index + size
                guard after + gap.tests.count <= visible.count,
                    gap.tests.enumerated().allSatisfy({ $0.element(visible[after + $0.offset].value) })
                else { continue }
                read(group: group + 1, at: after + gap.tests.count, separators: separators + [gap.separator])
            }
        }
        read(group: 0, at: start, separators: [])
        guard let parse = parses.first else { return nil }
        precondition(parses.count == 1, "ambiguous parse")
        let first = visible[start].offset
        let lastDigit = visible[parse.end - 1]
        let end = lastDigit.offset + lastDigit.length
        guard end - first <= 96 else { return nil }
        let usesSpaces = parse.separators.contains(" ")
        let fullMask = parse.separators == [".", ".", "-"]
        let dotsOnly = parse.separators == [".", ".", "."]

        // Touching: neighbours within 16 bytes, invisibles skipped.
        let firstIndex = scalars.firstIndex { $0.offset == first }!
        let lastIndex = scalars.firstIndex { $0.offset == lastDigit.offset }!
        func neighbour(from index: Int, step: Int, base: Int) -> (Unicode.Scalar, Int)? {
            var index = index + step
            while index >= 0, index < scalars.count {
                let scalar = scalars[index]
                guard scalar.offset >= base - 16, scalar.offset + scalar.length <= base + 16 else { return nil }
                if !isInvisible(scalar.value) { return (scalar.value, index) }
                index += step
            }
            return nil
        }
        func touches(from index: Int, step: Int, base: Int) -> Bool {
            guard let (near, at) = neighbour(from: index, step: step, base: base) else { return false }
            if isAnyDigit(near) { return true }
            let joins = near == "." || dashes.contains(near) || (usesSpaces && spaces.contains(near))
            guard joins, let (next, _) = neighbour(from: at, step: step, base: base) else { return false }
            return isAnyDigit(next) || (spaces.contains(near) && isStar(next))
        }
        guard !touches(from: firstIndex, step: -1, base: first), !touches(from: lastIndex, step: 1, base: end) else {
            return nil
        }

        let digits = String(
            String.UnicodeScalarView(visible[start..<parse.end].map(\.value).filter { isAnyDigit($0) }.map(asciiDigit)))
        guard Set(digits).count > 1 else { return nil }
        let valid = digits.isValidCPF
        let keyword = keyword(before: first, scalars)
        let isCPFKeyword = keyword.map(cpfKeywords.contains) ?? false
        let confidence: CPFScanner.Confidence
        if isCPFKeyword || fullMask {
            confidence = .high
        } else if !valid {
            return nil
        } else if keyword != nil || usesSpaces || dotsOnly {
            confidence = .low
        } else {
            confidence = .medium
        }
        return ReferenceMatch(
            range: first..<end, digits: digits, confidence: confidence, isValid: valid, keyword: keyword)
    }

    /// The nearest keyword ending at most 40 bytes before `first`, with no digit, `*` or LF between.
    static func keyword(before first: Int, _ scalars: [Scalar]) -> String? {
        let keywords = (cpfKeywords + otherKeywords).sorted { $0.count > $1.count }
        let firstIndex = scalars.firstIndex { $0.offset == first }!
        var endIndex = firstIndex  // the keyword ends before scalars[endIndex]
        while endIndex > 0, first - scalars[endIndex].offset <= 40 {
            if endIndex == firstIndex || folded(scalars[endIndex].value) == nil {
                for keyword in keywords {
                    let pattern = Array(keyword.unicodeScalars)
                    guard endIndex >= pattern.count else { continue }
                    let span = scalars[(endIndex - pattern.count)..<endIndex]
                    let matches = zip(span, pattern).allSatisfy { scalar, expected in
                        expected.properties.isAlphabetic
                            ? folded(scalar.value) == Character(expected) : scalar.value == expected
                    }
                    guard matches else { continue }
                    let before = endIndex - pattern.count - 1
                    if before >= 0 {
                        let value = scalars[before].value
                        if folded(value) != nil || isDigit(value) || value == "*" { continue }
                    }
                    return keyword
                }
            }
            let value = scalars[endIndex - 1].value
            if isDigit(value) || value == "*" || value == "\n" { return nil }
            endIndex -= 1
        }
        return nil
    }
}

/// Every match of the scanner over `bytes` fed in pieces of the given sizes
/// (repeated), checking the settled offset on the way.
func scanInPieces(_ bytes: [UInt8], sizes: [Int], scanner: CPFScanner = CPFScanner()) -> [CPFScanner.Match] {
    var scanner = scanner
    var found: [CPFScanner.Match] = []
    var settled = 0
    var offset = 0
    var turn = 0
    bytes.withUnsafeBytes { all in
        while offset < all.count {
            let size = min(all.count - offset, max(sizes[turn % sizes.count], turn % 3 == 0 ? 0 : 1))
            turn += 1
            scanner.feed(UnsafeRawBufferPointer(rebasing: all[offset..<offset + size])) { match in
                #expect(match.range.lowerBound >= settled)
                found.append(match)
            }
            offset += size
            #expect(scanner.offset == offset)
            #expect(
                scanner.settledOffset >= settled && scanner.settledOffset <= offset
                    && offset - scanner.settledOffset <= 115)
            settled = scanner.settledOffset
        }
    }
    scanner.finish { match in
        #expect(match.range.lowerBound >= settled)
        found.append(match)
    }
    return found
}

extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}

@Suite("CPFScanner")
struct CPFScannerTests {
    static let pieces: [String] = [
        "390", "533", "447", "05", "529", "982", "247", "25", "1", "12", "123", "23100299900",
        ".", ".", "-", "-", "\u{2011}", "\u{2013}", "\u{2212}", " ", " ", "\u{A0}", "\u{202F}", "\u{2009}", "/", " - ",
        "\n", "\r\n", "\r", "\u{200B}", "\u{AD}", "\u{FEFF}", "\u{2066}", "*", ",", ";", "x", "é", "É", "\t",
        "\u{61C}", "\u{2062}", "\u{180E}", "\u{34F}", "\u{FE0F}", "\u{E0041}", "\u{3164}", "\u{FF15}", "\u{FF0A}",
        "\u{FF10}\u{FF11}\u{FF12}", "\u{0661}", "O", "l", "lOl.OIl.lOO-lO", "SOB.", "-Z", "ABC1D23",
        "cpf ", "CPF: ", "C.P.F.", "tel ", "whatsapp", "Cadastro de Pessoas Físicas ", "ip", "nota fiscal ",
        String(repeating: "a", count: 30),
    ]

    static let gaps = [
        "", "", ".", ".", "-", " ", "\u{2011}", "\u{2013}", "\u{A0}", "\u{2009}", "/", " - ", " \u{2013} ",
        "\n", ".\n", "-\r\n", "\r", "\u{200B}", ".\u{AD}", ",", "  ", "x",
    ]

    /// Eleven digits (a valid CPF, a mistyped one, a repeated one), cut in 3-3-3-2 groups with random gaps.
    static func randomNumber(_ random: inout SplitMix64) -> String {
        let base = Int.random(in: 0..<1_000_000_000, using: &random)
        let check = CPF(base: base).checkDigits
        var digits = String(base).leftPadded(to: 9) + "\(check.first)\(check.second)"
        switch Int.random(in: 0..<10, using: &random) {
        case 0: digits = String(digits.dropLast()) + String((Int(String(digits.last!))! + 1) % 10)
        case 1: digits = String(repeating: "4", count: 11)
        default: break
        }
        let characters = Array(digits)
        if Int.random(in: 0..<4, using: &random) == 0 {
            // A bare OCR reading: one to three digits as look-alike letters, now and then a `|` or `!` beside.
            var bare = characters
            let readings = Dictionary(grouping: Reference.lookAlikes.keys) { Reference.lookAlikes[$0]! }
            for _ in 0..<[1, 1, 2, 3].randomElement(using: &random)! {
                let at = Int.random(in: 0..<11, using: &random)
                if let letters = readings[bare[at]] { bare[at] = letters.randomElement(using: &random)! }
            }
            return ["", "CPF ", "CPF ", "CPF ", "cpf: ", "|", "!", "O"].randomElement(using: &random)! + String(bare)
                + ["", "", "", "", " ", "|", "!", "l"].randomElement(using: &random)!
        }
        if Int.random(in: 0..<8, using: &random) == 0 {
            // An OCR reading: the full mask with one or two digits as look-alike letters.
            var mask = Array(
                digits.prefix(3) + "." + digits.dropFirst(3).prefix(3) + "." + digits.dropFirst(6).prefix(3))
            mask += Array("-" + digits.suffix(2))
            let readings = Dictionary(grouping: Reference.lookAlikes.keys) { Reference.lookAlikes[$0]! }
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13].randomElement(using: &random)!
                if let letters = readings[mask[at]] { mask[at] = letters.randomElement(using: &random)! }
            }
            return String(mask)
        }
        var text = ""
        for (index, character) in characters.enumerated() {
            // Now and then a fullwidth digit, or an invisible character after it.
            if Int.random(in: 0..<12, using: &random) == 0 {
                text.unicodeScalars.append(Unicode.Scalar(UInt32(character.asciiValue!) - 0x30 + 0xFF10)!)
            } else {
                text.append(character)
            }
            switch Int.random(in: 0..<50, using: &random) {
            case 0, 1: text += "\u{200B}"
            case 2: text += ["\u{61C}", "\u{2063}", "\u{FE0F}", "\u{E0020}", "\u{115F}"].randomElement(using: &random)!
            default: break
            }
            if index == 2 || index == 5 || index == 8 {
                text +=
                    Int.random(in: 0..<3, using: &random) == 0
                    ? gaps.randomElement(using: &random)!
                    : (index == 8 ? "-" : ".")
            }
        }
        return text
    }

    static func randomText(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...30, using: &random)).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? randomNumber(&random) : pieces.randomElement(using: &random)!
        }.joined()
    }

    @Test("the scanner agrees with the rule written the simple way, however the text is cut")
    func agreesWithTheReference() {
        var random = SplitMix64(seed: 0x5CA2)
        var seen: [String: Int] = [:]
        defer {
            // The random texts exercise every outcome.
            #expect(seen.count == 6, "\(seen)")
            #expect(seen.values.allSatisfy { $0 >= 20 }, "\(seen)")
        }
        for _ in 0..<1500 {
            let text = Self.randomText(&random)
            let bytes = Array(text.utf8)
            let whole = CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            let expected = Reference.matches(text)
            for match in expected {
                seen[match.isValid ? "\(match.confidence)" : "mistyped", default: 0] += 1
                if match.keyword != nil { seen["keyword", default: 0] += 1 }
                // Valid, `medium` after a CPF keyword, 11 bytes: a bare OCR reading.
                if match.range.count == 11, match.confidence == .medium, match.isValid,
                    Reference.cpfKeywords.contains(match.keyword ?? "")
                {
                    seen["bare OCR reading", default: 0] += 1
                }
            }
            #expect(whole.map(ReferenceMatch.init) == expected, "\(text.debugDescription)")
            let sizes = (0..<5).map { _ in Int.random(in: 0...20, using: &random) }
            let pieces = scanInPieces(bytes, sizes: sizes).filter { $0.isValid || $0.confidence == .high }
            #expect(pieces == whole, "\(text.debugDescription) in pieces of \(sizes)")
            for match in whole {
                #expect(match.text == String(decoding: bytes[match.range], as: UTF8.self))
            }
        }
    }

    @Test("on plain ASCII text, where the scanner takes its quick path, it agrees with the rule too")
    func agreesWithTheReferenceOnASCII() {
        var random = SplitMix64(seed: 0xA5C11)
        var found = 0
        for _ in 0..<1500 {
            // Several random texts in a row, their Unicode characters dropped:
            // long enough for the 64-byte blocks of the quick path.
            // Fullwidth digits are written as ASCII ones.
            let scalars = (0..<4).map { _ in Self.randomText(&random) }.joined().unicodeScalars.map {
                Reference.isAnyDigit($0) ? Reference.asciiDigit($0) : $0
            }
            let text = String(String.UnicodeScalarView(scalars.filter(\.isASCII)))
            let bytes = Array(text.utf8)
            let whole = CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            let expected = Reference.matches(text)
            found += expected.count
            #expect(whole.map(ReferenceMatch.init) == expected, "\(text.debugDescription)")
            let sizes = (0..<5).map { _ in Int.random(in: 0...200, using: &random) }
            let pieces = scanInPieces(bytes, sizes: sizes).filter { $0.isValid || $0.confidence == .high }
            #expect(pieces == whole, "\(text.debugDescription) in pieces of \(sizes)")
        }
        #expect(found > 2000)
    }

    @Test(
        "after long stretches without a digit (Portuguese words, accents, typographic quotes) it agrees with the rule")
    func agreesWithTheReferenceAfterDigitFreeStretches() {
        var random = SplitMix64(seed: 0x5EC0)
        let words = ["inscrição ", "órgão ", "“cadastro” ", "João ", "—", "ação ", "é ", "CPF ", "ções ", "–"]
        var found = 0
        for _ in 0..<600 {
            // Numbers between stretches of 0 to about 400 bytes with no
            // digit: the blocks the scanner passes over, and the ones next to them.
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                for _ in 0..<Int.random(in: 0...40, using: &random) { text += words.randomElement(using: &random)! }
                text += Self.randomText(&random)
            }
            let bytes = Array(text.utf8)
            let whole = CPFScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            let expected = Reference.matches(text)
            found += expected.count
            #expect(whole.map(ReferenceMatch.init) == expected, "\(text.debugDescription)")
            let sizes = (0..<5).map { _ in Int.random(in: 0...300, using: &random) }
            let pieces = scanInPieces(bytes, sizes: sizes).filter { $0.isValid || $0.confidence == .high }
            #expect(pieces == whole, "\(text.debugDescription) in pieces of \(sizes)")
        }
        #expect(found > 500)
    }

    @Test("redacting at each confidence leaves nothing of that confidence to find")
    func redactThenScan() {
        var random = SplitMix64(seed: 0x4ED)
        for round in 0..<1000 {
            let bytes = Array(Self.randomText(&random).utf8)
            let level = CPFScanner.Confidence.allCases[round % 3]
            let style = CPFScanner.RedactionStyle.allCases[round / 3 % 2]
            let redacted = CPFScanner.redacting(bytes, style: style, minimumConfidence: level)
            #expect(
                CPFScanner.matches(in: redacted, minimumConfidence: level, includeInvalid: true).isEmpty,
                "\(String(decoding: bytes, as: UTF8.self).debugDescription) at \(level)")
            #expect(redacted.count == bytes.count)
            for index in bytes.indices where redacted[index] != bytes[index] {
                // An ASCII digit (or look-alike letter) becomes `*`, a fullwidth one (EF BC 90–99) `＊` (EF BC 8A).
                let wide = index >= 2 && bytes[index - 2] == 0xEF && bytes[index - 1] == 0xBC
                #expect(
                    wide
                        ? bytes[index] &- 0x90 < 10 && redacted[index] == 0x8A
                        : CPFScanner.ocrDigit(bytes[index]) != nil && redacted[index] == UInt8(ascii: "*"))
            }
        }
    }

    @Test(
        "a scanner hiding from a confidence reports what the full scan hides at it, however the text is cut",
        arguments: CPFScanner.Confidence.allCases)
    func hidingScanner(minimum: CPFScanner.Confidence) {
        var random = SplitMix64(seed: 0x41D3 &+ UInt64(minimum.hashValue & 0xFF))
        var reported = 0
        for _ in 0..<800 {
            let text = Array((0..<3).map { _ in Self.randomText(&random) }.joined().utf8)
            let hidden = scanInPieces(text, sizes: [text.count]).filter { $0.confidence >= minimum }
            let sizes = (0..<5).map { _ in Int.random(in: 0...100, using: &random) }
            let hiding = scanInPieces(text, sizes: sizes, scanner: CPFScanner(hidingFrom: minimum))
            reported += hiding.count
            #expect(
                hiding.map(\.range) == hidden.map(\.range), "\(String(decoding: text, as: UTF8.self).debugDescription)")
            #expect(hiding.map(\.isValid) == hidden.map(\.isValid))
            #expect(hiding.map(\.digits) == hidden.map(\.digits))
            if minimum != .low {
                // Nothing skipped: every field as the full scan has it.
                #expect(hiding == hidden)
            }
        }
        #expect(reported > 500)
    }

    @Test("hiding from low, a valid CPF is reported without looking for its keyword; a mistyped one still needs it")
    func hidingFromLowSkipsTheKeywordOfValidCPFs() {
        let text = Array("PIS 39053344705 e CPF 231.002.999-00 e 23100299900".utf8)
        let full = scanInPieces(text, sizes: [text.count])
        let hiding = scanInPieces(text, sizes: [text.count], scanner: CPFScanner(hidingFrom: .low))
        #expect(full.map(\.text) == ["39053344705", "231.002.999-00"])
        #expect(full[0].keyword?.kind == .otherDocument && full[0].confidence == .low)
        #expect(hiding.map(\.text) == ["39053344705", "231.002.999-00"])
        // Its confidence with no keyword: a bare CPF is medium.
        #expect(hiding[0].keyword == nil && hiding[0].confidence == .medium)
        #expect(hiding[1].keyword?.kind == .cpf && !hiding[1].isValid)
    }

    @Test("one-byte pieces and one big piece give the same matches")
    func oneBytePieces() {
        let text = Array("CPF 390.533.447-\r\n05, tel 529 982 247 25; 390\u{200B}533447/05 x".utf8)
        #expect(scanInPieces(text, sizes: [1]) == scanInPieces(text, sizes: [text.count]))
        #expect(scanInPieces(text, sizes: [1]).count == 3)
    }

    @Test("the settled offset holds back only a number that may still be a CPF")
    func settledOffset() {
        var scanner = CPFScanner()
        Array("id 390.533.447-0".utf8).withUnsafeBytes { scanner.feed($0) { _ in Issue.record("too early") } }
        #expect(scanner.settledOffset == 3)
        Array("5\n".utf8).withUnsafeBytes { scanner.feed($0) { #expect($0.range == 3..<17) } }
        #expect(scanner.settledOffset == 18)
        Array("text".utf8).withUnsafeBytes { scanner.feed($0) { _ in Issue.record("no match") } }
        #expect(scanner.settledOffset == 22)
        #expect(scanner.offset == 22)
    }

    @Test("finish decides the number at the end and resets the scanner")
    func finishResets() {
        var scanner = CPFScanner()
        var found: [Range<Int>] = []
        Array("cpf 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0.range) } }
        #expect(found.isEmpty)
        scanner.finish { found.append($0.range) }
        #expect(found == [4..<15])
        #expect(scanner.offset == 0)
        #expect(scanner.settledOffset == 0)
    }

    @Test("a long run of digits and long lines cost nothing more, and hide nothing after them")
    func longRuns() {
        let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 100_000) + Array(" 390.533.447-05".utf8)
        #expect(scanInPieces(digits, sizes: [4096, 1, 333]).map(\.range) == [100_001..<100_015])
        let letters = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000) + Array(" 390.533.447-05 ".utf8)
        #expect(CPFScanner.matches(in: letters).map(\.range) == [100_001..<100_015])
    }
}
