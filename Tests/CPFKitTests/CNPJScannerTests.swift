// Tests of Scanner/CNPJScanner.swift: the candidate rule on vectors,
// agreement with the rule written the simple way (every shape tried at every
// word start, `isValidCNPJ` as the oracle), and streaming (pieces of any
// size, settled offset, finish).

import Testing

@testable import CPFKit

/// The CNPJ scanning rule written the simple way: every shape of the
/// candidate tried at each start, the readable rule `isValidCNPJ` deciding
/// the check digits.
enum CNPJReference {
    struct Found: Equatable, CustomStringConvertible {
        var range: Range<Int>
        var characters: String
        var confidence: CPFScanner.Confidence
        var isValid: Bool
        var description: String { "\(range) \(characters) \(confidence) \(isValid)" }
    }

    static let keywords = ["cnpj", "cnpjs", "c.n.p.j.", "c.n.p.j", "cnpj/mf"]

    static func isWord(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// The shape of a candidate: each gap nothing, the mask's separator or a space.
    static let shapes: [[String]] = {
        var all: [[String]] = [[]]
        for separator in [".", ".", "/", "-"] {
            all = all.flatMap { shape in ["", separator, " "].map { shape + [$0] } }
        }
        return all
    }()

    /// The characters of `bytes` at `start` read with `shape` (each gap
    /// then nothing, a LF or a CRLF, tried in turn), or nil.
    static func read(_ bytes: [UInt8], at start: Int, shape: [String]) -> (end: Int, characters: [UInt8])? {
        func readGroups(_ group: Int, _ offset: Int, _ characters: [UInt8]) -> (Int, [UInt8])? {
            let size = [2, 3, 3, 4, 2][group]
            guard offset + size <= bytes.count else { return nil }
            let read = Array(bytes[offset..<(offset + size)])
            guard read.allSatisfy(isWord) else { return nil }
            if group == 4 {
                guard read.allSatisfy(isDigit) else { return nil }
                return (offset + size, characters + read)
            }
            for lineBreak in ["", "\n", "\r\n"] {
                let gap = Array((shape[group] + lineBreak).utf8)
                let after = offset + size
                guard after + gap.count <= bytes.count, Array(bytes[after..<(after + gap.count)]) == gap else {
                    continue
                }
                if let found = readGroups(group + 1, after + gap.count, characters + read) { return found }
            }
            return nil
        }
        return readGroups(0, start, []).map { (end: $0.0, characters: $0.1) }
    }

    static func keywordApplies(_ bytes: [UInt8], before start: Int) -> Bool {
        let lowered = bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        for end in stride(from: start, through: max(0, start - 40), by: -1) {
            if end < start, isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "*") || bytes[end] == 0x0A {
                return false
            }
            for keyword in keywords.map({ Array($0.utf8) }) where end - keyword.count >= 0 {
                guard Array(lowered[(end - keyword.count)..<end]) == keyword else { continue }
                let before = end - keyword.count - 1
                if before >= 0, isWord(bytes[before]) || bytes[before] == UInt8(ascii: "*") { continue }
                if end < start, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowered[end]) { continue }
                return true
            }
        }
        return false
    }

    static func matches(_ bytes: [UInt8]) -> [Found] {
        var found: [Found] = []
        var start = 0
        starts: while start < bytes.count {
            defer { start += 1 }
            guard isWord(bytes[start]), start == 0 || !isWord(bytes[start - 1]) else { continue }
            for shape in shapes {
                guard let (end, characters) = read(bytes, at: start, shape: shape) else { continue }
                let isMask = shape == [".", ".", "/", "-"]
                let usesSpaces = shape.contains(" ")
                if !isMask, characters.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) {
                    continue
                }
                func joins(_ at: Int, _ next: Int) -> Bool {
                    guard at >= 0, at < bytes.count else { return false }
                    if isWord(bytes[at]) { return true }
                    guard next >= 0, next < bytes.count else { return false }
                    if bytes[at] == UInt8(ascii: ".") { return isWord(bytes[next]) }
                    if "/-".utf8.contains(bytes[at]) { return isDigit(bytes[next]) }
                    return usesSpaces && bytes[at] == UInt8(ascii: " ")
                        && (isDigit(bytes[next]) || bytes[next] == UInt8(ascii: "*"))
                }
                /// A `/` or a dash at `at`, then a letter.
                func nearWord(_ at: Int, _ next: Int) -> Bool {
                    guard at >= 0, at < bytes.count, next >= 0, next < bytes.count else { return false }
                    return "/-".utf8.contains(bytes[at]) && isWord(bytes[next]) && !isDigit(bytes[next])
                }
                let endsSentence = end + 1 < bytes.count && bytes[end] == UInt8(ascii: ".") && !isDigit(bytes[end + 1])
                if joins(start - 1, start - 2) || (!endsSentence && joins(end, end + 1)) { continue }
                let text = String(decoding: characters, as: UTF8.self).uppercased()
                let isValid = text.isValidCNPJ
                if nearWord(start - 1, start - 2) || (!endsSentence && nearWord(end, end + 1)) {
                    guard isValid, isMask || characters.allSatisfy(isDigit) else { continue }
                }
                let keyword = keywordApplies(bytes, before: start)
                let confidence: CPFScanner.Confidence
                if keyword || isMask {
                    confidence = .high
                } else if !isValid {
                    continue
                } else if text.contains(where: \.isLetter) || shape == [" ", " ", " ", " "] {
                    confidence = .low
                } else {
                    confidence = .medium
                }
                found.append(Found(range: start..<end, characters: text, confidence: confidence, isValid: isValid))
                start = end - 1
                continue starts
            }
        }
        return found
    }
}

@Suite("CNPJScanner")
struct CNPJScannerTests {
    static func found(_ match: CNPJScanner.Match) -> CNPJReference.Found {
        CNPJReference.Found(
            range: match.range, characters: match.characters, confidence: match.confidence, isValid: match.isValid)
    }

    /// Scans `bytes` fed in pieces of the given sizes (repeated), then finishes.
    static func scanInPieces(_ bytes: [UInt8], sizes: [Int]) -> [CNPJScanner.Match] {
        var scanner = CNPJScanner()
        var found: [CNPJScanner.Match] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let size = min(sizes[turn % sizes.count], bytes.count - start)
            turn += 1
            let settledBefore = scanner.settledOffset
            bytes[start..<(start + size)].withUnsafeBytes { piece in
                scanner.feed(piece) { match in
                    #expect(match.range.lowerBound >= settledBefore)
                    found.append(match)
                }
            }
            start += size
        }
        scanner.finish { found.append($0) }
        return found
    }

    @Test(
        "vectors: what is a CNPJ in text, and how sure",
        arguments: [
            ("CNPJ 12.ABC.345/01DE-35", ["12ABC34501DE35 high true"]),
            ("12.ABC.345/01DE-35", ["12ABC34501DE35 high true"]),
            ("12.abc.345/01de-35", ["12ABC34501DE35 high true"]),
            ("id 12abc34501de35", []),
            ("id 12ABC34501DE35", ["12ABC34501DE35 low true"]),
            ("cnpj 12ABC34501DE35", ["12ABC34501DE35 high true"]),
            ("empresa 11.222.333/0001-81.", ["11222333000181 high true"]),
            ("x 11222333000181 y", ["11222333000181 medium true"]),
            ("x 11 222 333 0001 81 y", ["11222333000181 low true"]),
            ("x 11222333/0001-81 y", ["11222333000181 medium true"]),
            ("CPF/CNPJ: 11222333000181", ["11222333000181 high true"]),
            ("C.N.P.J. nº 11.222.333/0001-81", ["11222333000181 high true"]),
            ("inscrita no CNPJ/MF sob o nº 11222333000181", ["11222333000181 high true"]),
            ("CNPJ 11.222.333/0001-82", ["11222333000182 high false"]),
            ("x 11222333000182", []),
            ("00.000.000/0000-00", ["00000000000000 high false"]),
            ("x 00000000000000", []),
            ("1.11.222.333/0001-81", []),
            ("11.222.333/0001-81.5", []),
            ("11.222.333/0001-81.txt", ["11222333000181 high true"]),
            ("CNPJ 40.782.414/\n0002-15", ["40782414000215 high true"]),
            ("40.782.414/\r\n0002-15", ["40782414000215 high true"]),
            ("40.782.414/\r0002-15", []),
            ("40.782.414/\n\n0002-15", []),
            ("11.222.333/0001-81-5", []),
            ("11.222.333/0001-81/A", ["11222333000181 high true"]),
            ("11.222.333/0001-81/5", []),
            ("11.222.333/0001-82/A", []),
            ("A11222333000181", []),
            ("112223330001815", []),
            ("CPF 390.533.447-05", []),
            ("12.ABC.345/01DE-3X", []),
            ("CNPJ 99 11222333000181", ["11222333000181 medium true"]),
            ("ACNPJ 11222333000181", ["11222333000181 medium true"]),
        ])
    func vectors(text: String, expected: [String]) {
        let found = CNPJScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true)
        #expect(found.map { "\($0.characters) \($0.confidence) \($0.isValid)" } == expected)
        #expect(CNPJReference.matches(Array(text.utf8)) == found.map(Self.found))
    }

    @Test(
        "beside a word by a '/' or a dash: a valid full mask or 14 digits is a CNPJ, anything less certain is not",
        arguments: [
            // URLs' paths and file names: found, confidence as anywhere else.
            ("https://x.com.br/ficha/11.222.333/0001-81", ["11222333000181 high true"]),
            ("/ficha/11.222.333/0001-81/detalhes", ["11222333000181 high true"]),
            ("https://x.com.br/c/11222333000181", ["11222333000181 medium true"]),
            ("ficha-ção-11222333000181.pdf", ["11222333000181 medium true"]),
            ("export-11.222.333/0001-81.csv", ["11222333000181 high true"]),
            ("relatorio-11222333000181-final.txt", ["11222333000181 medium true"]),
            ("a/11222333/0001-81", ["11222333000181 medium true"]),
            ("a/11 222 333 0001 81 b", ["11222333000181 low true"]),
            ("ficha/12.ABC.345/01DE-35", ["12ABC34501DE35 high true"]),
            ("ficha/12.abc.345/01de-35", ["12ABC34501DE35 high true"]),
            ("CNPJ-11222333000181", ["11222333000181 high true"]),
            // Less certain shapes stay joined to the word.
            ("ficha/12ABC34501DE35", []),
            ("cod-12ABC34501DE35", []),
            ("12ABC34501DE35-lote", []),
            ("ficha/11.222.333/0001-82", []),
            ("ficha-11222333000182", []),
            ("ficha-00000000000000", []),
            // A number, a letter or a '.' before it still joins.
            ("2024/11222333000181", []),
            ("9-11.222.333/0001-81", []),
            ("ficha11222333000181", []),
            ("ficha.11222333000181", []),
            ("11222333000181-5", []),
            ("11222333000181/7", []),
        ])
    func besideAWord(text: String, expected: [String]) {
        let found = CNPJScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true)
        #expect(found.map { "\($0.characters) \($0.confidence) \($0.isValid)" } == expected)
        #expect(CNPJReference.matches(Array(text.utf8)) == found.map(Self.found))
    }

    /// Texts rich in candidates: CNPJs (valid, mistyped, repeated) in every
    /// shape, keywords, and pieces that touch them.
    static func randomText(_ random: inout SplitMix64) -> [UInt8] {
        let pieces = [
            " ", " ", "\n", "CNPJ ", "cnpj: ", "C.N.P.J. ", "CNPJ/MF nº ", "x", "AB", "5", ".", "-", "/", "*", "ficha/",
            "-x",
            " e ", "CPF 390.533.447-05 ", "12", " 9 ", "\r\n", "\r",
        ]
        let generators = [CNPJGenerator(), CNPJGenerator(alphanumeric: true)]
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &random) {
            guard Int.random(in: 0..<3, using: &random) == 0 else {
                text += pieces.randomElement(using: &random)!
                continue
            }
            var characters = Array(
                generators.randomElement(using: &random)!.next(using: &random).characters)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: characters[13] = characters[13] == "9" ? "0" : "9"
            case 1: characters = Array(repeating: "7", count: 14)
            case 2: characters = characters.map { Character($0.lowercased()) }
            default: break
            }
            let shape = CNPJReference.shapes.randomElement(using: &random)!
            let masked = Int.random(in: 0..<2, using: &random) == 0 ? [".", ".", "/", "-"] : shape
            var written = ""
            for (index, character) in characters.enumerated() {
                written.append(character)
                if let gap = [1: 0, 4: 1, 7: 2, 11: 3][index] {
                    written += masked[gap]
                    if Int.random(in: 0..<10, using: &random) == 0 { written += ["\n", "\r\n", "\r"][index % 3] }
                }
            }
            text += written
        }
        return Array(text.utf8)
    }

    @Test("the scanner agrees with the rule written the simple way, however the text is cut")
    func agreesWithTheReference() {
        var random = SplitMix64(seed: 0xC4_9A)
        var seen: [String: Int] = [:]
        for _ in 0..<1000 {
            let bytes = Self.randomText(&random)
            let whole = CNPJScanner.matches(in: bytes, minimumConfidence: .low, includeInvalid: true)
            let expected = CNPJReference.matches(bytes)
            for match in expected { seen[match.isValid ? "\(match.confidence)" : "mistyped", default: 0] += 1 }
            #expect(whole.map(Self.found) == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let sizes = (0..<5).map { _ in Int.random(in: 1...20, using: &random) }
            #expect(Self.scanInPieces(bytes, sizes: sizes) == whole, "pieces of \(sizes)")
            for match in whole {
                #expect(match.text == String(decoding: bytes[match.range], as: UTF8.self))
                #expect(match.cnpj.map(\.characters) == (match.isValid ? match.characters : nil))
            }
        }
        // The random texts exercise every outcome.
        #expect(seen.count == 4, "\(seen)")
        #expect(seen.values.allSatisfy { $0 >= 20 }, "\(seen)")
    }

    @Test("every valid CNPJ written as the full mask between spaces is found, numeric or alphanumeric")
    func findsEveryGeneratedCNPJ() {
        var random = SplitMix64(seed: 0x14)
        for alphanumeric in [false, true] {
            let generator = CNPJGenerator(alphanumeric: alphanumeric)
            for _ in 0..<300 {
                let cnpj = generator.next(using: &random)
                let found = CNPJScanner.matches(in: "a \(cnpj.formatted) b".utf8)
                #expect(found.map(\.cnpj) == [cnpj])
                #expect(found.first?.range == 2..<20)
            }
        }
    }

    @Test("the settled offset holds back only what may still be a CNPJ")
    func settledOffset() {
        var scanner = CNPJScanner()
        Array("id 11.222.333/0001-8".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
        #expect(scanner.settledOffset == 3)
        #expect(scanner.offset == 20)
        var found: [CNPJScanner.Match] = []
        Array("1 e. ".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        #expect(found.map(\.range) == [3..<21])
        #expect(scanner.settledOffset == scanner.offset)
    }

    @Test("finish decides the candidate at the end and resets the scanner")
    func finishDecidesAndResets() {
        var scanner = CNPJScanner()
        var found: [CNPJScanner.Match] = []
        Array("CNPJ 11222333000181".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        #expect(found.isEmpty)
        scanner.finish { found.append($0) }
        #expect(found.map(\.text) == ["11222333000181"])
        #expect(scanner.offset == 0)
        #expect(scanner.settledOffset == 0)
    }

    @Test("a long run of letters and digits costs nothing more and hides nothing after it")
    func longRuns() {
        var scanner = CNPJScanner()
        var found: [CNPJScanner.Match] = []
        let run = [UInt8](repeating: UInt8(ascii: "7"), count: 1 << 16)
        for _ in 0..<16 { run.withUnsafeBytes { scanner.feed($0) { found.append($0) } } }
        Array(" CNPJ 12.ABC.345/01DE-35 ".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        scanner.finish { found.append($0) }
        #expect(found.map(\.characters) == ["12ABC34501DE35"])
        #expect(found.first?.range.lowerBound == 16 << 16 + 6)
    }
}
