// Tests of CPFScanner.swift: CPFs found inside free text, in pieces of any
// size. The key test compares the scanner with `referenceMatches`, the
// SPEC's rule read literally (every start position, the candidate pattern,
// the byte before and after, the readable rule of StringProtocol+CPF for the
// check digits), over random texts rich in digits and separators, scanned
// whole and in random block sizes.

import Testing
import CPFKit

// MARK: - The reference

/// One CPF found by the reference: where, and its 11 digits.
struct ReferenceMatch: Equatable, CustomStringConvertible {
    var range: Range<Int>
    var digits: String
    var description: String { "\(range): \(digits)" }
}

/// The SPEC's rule, written straightforwardly: at every start position, 3+3+3+2
/// digits with an optional `.`, `.`, `-` between the groups; the byte before
/// and the byte after are neither digits nor one of `. - / ,` next to a digit;
/// and the text is a valid CPF by `isValidCPF` (check digits, not repeated).
func referenceMatches(_ bytes: [UInt8]) -> [ReferenceMatch] {
    func isDigit(_ index: Int) -> Bool {
        bytes.indices.contains(index) && bytes[index] >= 0x30 && bytes[index] <= 0x39
    }
    /// Whether the byte at `index`, just outside a candidate, touches another
    /// number; `outward` is the direction away from the candidate.
    func touchesNumber(_ index: Int, outward: Int) -> Bool {
        guard bytes.indices.contains(index) else { return false }
        return isDigit(index) || (Array(".-/,".utf8).contains(bytes[index]) && isDigit(index + outward))
    }
    var found: [ReferenceMatch] = []
    for start in bytes.indices {
        var end = start
        var isCandidate = true
        for (count, separator) in [(3, UInt8(ascii: ".")), (3, UInt8(ascii: ".")), (3, UInt8(ascii: "-")), (2, 0)] {
            for _ in 0..<count {
                guard isDigit(end) else { isCandidate = false; break }
                end += 1
            }
            guard isCandidate else { break }
            // The separator may be left out, but then a digit follows, never
            // the separator: taking it whenever it is there is the only way.
            if separator != 0, end < bytes.count, bytes[end] == separator { end += 1 }
        }
        guard isCandidate, !touchesNumber(start - 1, outward: -1), !touchesNumber(end, outward: 1) else { continue }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard text.isValidCPF else { continue }
        found.append(ReferenceMatch(range: start..<end, digits: String(text.filter(\.isNumber))))
    }
    return found
}

// MARK: - Helpers

extension CPFScanner.Match {
    var asReference: ReferenceMatch { ReferenceMatch(range: range, digits: cpf.digits) }
}

/// The scanner fed `bytes` cut at the given piece sizes (cycled; 0 feeds an
/// empty piece), then finished. Also checks, after every piece, that no match
/// reported later starts before the settled offset, and that the settled
/// offset is never more than 15 bytes back.
func scanned(_ bytes: [UInt8], pieces: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> [CPFScanner.Match] {
    let sizes = pieces.contains { $0 > 0 } ? pieces : pieces + [1]
    var scanner = CPFScanner()
    var found: [CPFScanner.Match] = []
    var settled = 0
    var settledViolations = 0
    bytes.withUnsafeBytes { all in
        var offset = 0
        var turn = 0
        while offset < all.count || turn == 0 {
            let size = min(sizes[turn % sizes.count], all.count - offset)
            turn += 1
            scanner.feed(UnsafeRawBufferPointer(rebasing: all[offset..<offset + size])) { match in
                if match.range.lowerBound < settled { settledViolations += 1 }
                found.append(match)
            }
            offset += size
            if scanner.offset != offset || scanner.settledOffset < settled || scanner.settledOffset > offset
                || offset - scanner.settledOffset > 15 {
                settledViolations += 1
            }
            settled = scanner.settledOffset
        }
    }
    scanner.finish { match in
        if match.range.lowerBound < settled { settledViolations += 1 }
        found.append(match)
    }
    #expect(settledViolations == 0, "settledOffset broken for \(show(bytes))", sourceLocation: sourceLocation)
    return found
}

/// The texts of the CPFs found in `text`.
func foundTexts(_ text: String) -> [String] {
    CPFScanner.matches(in: text.utf8).map(\.text)
}

/// The eight shapes of a CPF: which of `.`, `.`, `-` are written.
func written(_ digits: String, shape: Int) -> String {
    let d = Array(digits)
    return String(d[0..<3]) + (shape & 1 != 0 ? "." : "") + String(d[3..<6]) + (shape & 2 != 0 ? "." : "")
        + String(d[6..<9]) + (shape & 4 != 0 ? "-" : "") + String(d[9..<11])
}

/// Random text for the property tests, as bytes: valid CPFs in all eight
/// shapes, CPFs with a wrong check digit, repeated-digit numbers, masked and
/// bare CNPJs, phone numbers, runs of digits of any length, separators
/// `. - / ,` and spaces, letters, line ends, NUL and bytes that are not UTF-8,
/// all next to each other.
struct ScannerTextGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    mutating func validCPF() -> String {
        CPF(base: int(0...999_999_999)).digits
    }

    mutating func piece() -> [UInt8] {
        switch int(0...15) {
        case 0...3:
            return Array(written(validCPF(), shape: int(0...7)).utf8)
        case 4:
            var digits = Array(validCPF().utf8)
            let index = int(9...10)
            digits[index] = 0x30 + (digits[index] - 0x30 + UInt8(int(1...9))) % 10
            return Array(written(String(decoding: digits, as: UTF8.self), shape: int(0...7)).utf8)
        case 5:
            return Array(written(String(repeating: String(int(0...9)), count: 11), shape: int(0...7)).utf8)
        case 6:
            let digits = (0..<14).map { _ in String(int(0...9)) }.joined()
            let d = Array(digits)
            return Array((int(0...1) == 0 ? digits
                : "\(String(d[0..<2])).\(String(d[2..<5])).\(String(d[5..<8]))/\(String(d[8..<12]))-\(String(d[12..<14]))").utf8)
        case 7:
            return Array("(11) 9\(int(1000...9999))-\(int(1000...9999))".utf8)
        case 8, 9:
            return (0..<int(1...20)).map { _ in UInt8(0x30 + int(0...9)) }
        case 10, 11:
            return (0..<int(1...4)).map { _ in pick(Array(".-/,.-/, ".utf8)) }
        case 12:
            return (0..<int(1...6)).map { _ in pick(Array("abcxyzCPF: \t=;()".utf8)) }
        case 13:
            return pick([[0x0A], [0x0D, 0x0A], [0x0D], [0x00], [0xFF], [0xC3, 0xA9], [0xEF, 0xBC, 0x93], [0xD9, 0xA3]])
        default:
            return (0..<int(1...8)).map { _ in UInt8(int(0...255)) }
        }
    }

    mutating func text(pieces: Int) -> [UInt8] {
        (0..<pieces).flatMap { _ in piece() }
    }

    /// Piece sizes for a scan: single bytes and empty pieces, small, odd and large.
    mutating func pieceSizes() -> [Int] {
        switch int(0...4) {
        case 0: return [1]
        case 1: return (0..<int(1...6)).map { _ in int(0...3) }
        case 2: return (0..<int(1...6)).map { _ in int(1...70) }
        case 3: return [int(60...200)]
        default: return (0..<int(1...4)).map { _ in pick([0, 1, 13, 47, 48, 63, 64, 65, 111, 112, 113, 500, 4096]) }
        }
    }
}

// MARK: - Tests

@Suite("CPFScanner: the SPEC's rule")
struct CPFScannerRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var found: [String]
        var why: String
        var testDescription: String { "\(why): \(text.debugDescription)" }
    }

    @Test("tricky texts", arguments: [
        Case(text: "390.533.447-05", found: ["390.533.447-05"], why: "masked"),
        Case(text: "39053344705", found: ["39053344705"], why: "bare"),
        Case(text: "390533447-05", found: ["390533447-05"], why: "only the dash"),
        Case(text: "390.53344705 390533.44705 390.533447-05", found: ["390.53344705", "390533.44705", "390.533447-05"],
             why: "any separator may be left out"),
        Case(text: "CPF:390.533.447-05.", found: ["390.533.447-05"], why: "a full stop after it is not a number"),
        Case(text: "cpf39053344705", found: ["39053344705"], why: "letters do not touch"),
        Case(text: "39053344705x", found: ["39053344705"], why: "a letter after it"),
        Case(text: "1.390.533.447-05", found: [], why: "a digit and a dot before it"),
        Case(text: "1390.533.447-05", found: [], why: "a digit before it"),
        Case(text: "390.533.447-051", found: [], why: "a digit after it"),
        Case(text: "390.533.447-05.1", found: [], why: "a dot and a digit after it"),
        Case(text: "390.533.447-05-1", found: [], why: "a dash and a digit after it"),
        Case(text: "390.533.447-05/2024", found: [], why: "a slash and a digit after it"),
        Case(text: "1,390.533.447-05", found: [], why: "a digit and a comma before it"),
        Case(text: "390.533.447-05,00", found: [], why: "a comma and a digit after it"),
        Case(text: "390.533.447-05, 00", found: ["390.533.447-05"], why: "a comma and a space after it"),
        Case(text: "-39053344705-", found: ["39053344705"], why: "a dash with no digit beyond"),
        Case(text: "x-39053344705.-1", found: ["39053344705"], why: "two separators are not one number"),
        Case(text: "12.345.678/0001-95", found: [], why: "a masked CNPJ"),
        Case(text: "12345678000195", found: [], why: "a bare CNPJ"),
        Case(text: "00.390.533/4470-50", found: [], why: "a CNPJ mask over a CPF's digits"),
        Case(text: "1239053344705", found: [], why: "a longer run of digits"),
        Case(text: "3905334470539053344705", found: [], why: "two CPFs touching"),
        Case(text: "390.533.447-05390.533.447-05", found: [], why: "two masked CPFs touching"),
        Case(text: "390.533.447-05 529.982.247-25", found: ["390.533.447-05", "529.982.247-25"], why: "two CPFs apart"),
        Case(text: "(11) 98765-4321 +55 11 987654321", found: [], why: "phone numbers"),
        Case(text: "390.533.447-06", found: [], why: "wrong check digits"),
        Case(text: "111.111.111-11 00000000000", found: [], why: "repeated digits"),
        Case(text: "390 533 447 05", found: [], why: "spaces are not separators here"),
        Case(text: "390-533-447-05 390.533.447.05 390..533.447-05", found: [], why: "wrong or doubled separators"),
        Case(text: "390.533.447-0", found: [], why: "ten digits"),
        Case(text: "39053344705\r\n52998224725\r\n", found: ["39053344705", "52998224725"], why: "CRLF line ends"),
        Case(text: "\n390.533.447-05\n", found: ["390.533.447-05"], why: "alone on a line"),
        Case(text: "\u{FF13}9053344705 ٣90533447-05", found: [], why: "non-ASCII digits are not digits"),
        Case(text: "é39053344705é", found: ["39053344705"], why: "next to non-ASCII letters"),
        Case(text: "", found: [], why: "empty text"),
    ])
    func trickyTexts(_ c: Case) {
        #expect(foundTexts(c.text) == c.found)
        #expect(referenceMatches(Array(c.text.utf8)).map { String(decoding: Array(c.text.utf8)[$0.range], as: UTF8.self) } == c.found)
    }

    @Test("a CPF at the start and at the end of the input, without a line end")
    func startAndEndOfInput() {
        let matches = CPFScanner.matches(in: "39053344705 and 529.982.247-25".utf8)
        #expect(matches.map(\.range) == [0..<11, 16..<30])
        #expect(matches.map(\.cpf.digits) == ["39053344705", "52998224725"])
    }

    @Test("bytes that are not UTF-8 and NUL bytes around a CPF")
    func binaryAround() {
        let bytes: [UInt8] = [0xFF, 0x00] + Array("390.533.447-05".utf8) + [0xC3, 0x00, 0xFE]
        #expect(CPFScanner.matches(in: bytes).map(\.range) == [2..<16])
    }

    @Test("a CPF at every position around the 48- and 64-byte windows, in each shape and surrounding")
    func everyPosition() {
        let cpf = "52998224725"
        for shape in 0..<8 {
            let text = Array(written(cpf, shape: shape).utf8)
            for filler in [UInt8(ascii: "x"), UInt8(ascii: " "), UInt8(ascii: ".")] {
                for position in 0..<140 {
                    var bytes = [UInt8](repeating: filler, count: 160)
                    bytes.replaceSubrange(position..<position + text.count, with: text)
                    #expect(CPFScanner.matches(in: bytes).map(\.range) == [position..<position + text.count])
                    // Touching a digit on either side, it is no CPF.
                    if position > 0 {
                        var before = bytes
                        before[position - 1] = UInt8(ascii: "7")
                        #expect(CPFScanner.matches(in: before).isEmpty)
                    }
                    var after = bytes
                    after[position + text.count] = UInt8(ascii: "7")
                    #expect(CPFScanner.matches(in: after).isEmpty)
                }
            }
        }
    }

    @Test("long numbers crossing the windows: digits and joiners at every position")
    func longNumbersEverywhere() {
        for length in [12, 14, 15, 16, 17, 30, 47, 48, 49, 63, 64, 65, 100] {
            for position in stride(from: 0, to: 130, by: 1) {
                var bytes = Array(repeating: UInt8(ascii: " "), count: 260)
                for index in 0..<length { bytes[position + index] = index % 4 == 3 ? UInt8(ascii: ".") : UInt8(ascii: "1") }
                // A CPF right after, apart from the number by one space.
                let cpf = Array("390.533.447-05".utf8)
                bytes.replaceSubrange(position + length + 1..<position + length + 1 + cpf.count, with: cpf)
                let expected = referenceMatches(bytes)
                #expect(CPFScanner.matches(in: bytes).map(\.asReference) == expected)
                #expect(scanned(bytes, pieces: [position % 7 + 1, 64]).map(\.asReference) == expected)
            }
        }
    }

    @Test("a long number running across the end of the fast path keeps going, whatever follows it")
    func longNumberAcrossTheEndOfTheFastPath() {
        let cpf = Array("39053344705".utf8)
        var mistakes = 0
        for length in [15, 16, 17, 20, 31, 47, 48, 49, 63, 64, 65] {
            for position in 0..<100 {
                for tail in 0..<50 {
                    for (joiner, joins) in [(UInt8(ascii: "."), true), (UInt8(ascii: "/"), true), (UInt8(ascii: " "), false)] {
                        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: position)
                        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: length) + [joiner] + cpf
                        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: tail)
                        let found = CPFScanner.matches(in: bytes).map(\.range)
                        let start = position + length + 1
                        if found != (joins ? [] : [start..<start + 11]) {
                            mistakes += 1
                            if mistakes <= 5 { Issue.record("\(show(bytes)): found \(found)") }
                        }
                    }
                }
            }
        }
        #expect(mistakes == 0)
    }
}

@Suite("CPFScanner: pieces")
struct CPFScannerPieceTests {
    @Test("scanning in pieces of any size equals scanning the whole, which equals the reference")
    func blocksOfAnySizeEqualTheWhole() {
        var generator = ScannerTextGenerator(seed: 0x5CA7)
        var total = 0
        var mismatches = 0
        for round in 0..<3_000 {
            let text = generator.text(pieces: round % 10 == 0 ? generator.int(100...400) : generator.int(0...40))
            let expected = referenceMatches(text)
            total += expected.count
            let whole = CPFScanner.matches(in: text).map(\.asReference)
            let pieces = generator.pieceSizes()
            let inPieces = scanned(text, pieces: pieces).map(\.asReference)
            if whole != expected || inPieces != expected {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(show(text)) in pieces \(pieces): reference \(expected), whole \(whole), pieces \(inPieces)")
                }
            }
        }
        #expect(mismatches == 0)
        #expect(total > 5_000, "the texts hold too few CPFs to test much: \(total)")
    }

    @Test("a CPF split between two pieces at every point is found once, where it is")
    func splitAtEveryPoint() {
        let text = Array("id=390.533.447-05;".utf8)
        for cut in 0...text.count {
            for second in [1, 2, 100] {
                let found = scanned(text, pieces: [cut, second])
                #expect(found.map(\.range) == [3..<17], "cut at \(cut), then \(second)")
            }
        }
    }

    @Test("empty pieces change nothing")
    func emptyPieces() {
        var scanner = CPFScanner()
        var found: [CPFScanner.Match] = []
        scanner.feed(UnsafeRawBufferPointer(start: nil, count: 0)) { found.append($0) }
        Array("39053344705".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        [UInt8]().withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        #expect(found.isEmpty)
        #expect(scanner.offset == 11)
        scanner.finish { found.append($0) }
        #expect(found.map(\.text) == ["39053344705"])
    }

    @Test("finish judges the number at the end of the input and resets the scanner")
    func finishResets() {
        var scanner = CPFScanner()
        var found: [CPFScanner.Match] = []
        Array("cpf 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        #expect(found.isEmpty)
        #expect(scanner.settledOffset == 4)
        scanner.finish { found.append($0) }
        #expect(found.map(\.range) == [4..<15])
        #expect(scanner.offset == 0)
        #expect(scanner.settledOffset == 0)
        // A number ended by a separator at the end of the input.
        Array("390.533.447-05.".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        scanner.finish { found.append($0) }
        #expect(found.map(\.range) == [4..<15, 0..<14])
    }

    @Test("the settled offset: where a number that may still be a CPF starts")
    func settledOffset() {
        var scanner = CPFScanner()
        Array("id 390.533.447-0".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
        #expect(scanner.settledOffset == 3)
        Array("5.".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
        #expect(scanner.settledOffset == 3)  // the dot may yet join a digit
        var found: [CPFScanner.Match] = []
        Array(" ".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        #expect(found.map(\.range) == [3..<17])
        #expect(scanner.settledOffset == 19)
        // A number too long to be a CPF is settled at once.
        Array("123456789012".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
        #expect(scanner.settledOffset == 31)
    }

    @Test("a run of 10 MB of digits, and a long chain of numbers, in constant memory")
    func hugeNumbers() {
        #expect(MemoryLayout<CPFScanner>.size <= 64)
        var scanner = CPFScanner()
        var found: [CPFScanner.Match] = []
        let digits = [UInt8](repeating: UInt8(ascii: "5"), count: 1 << 20)
        let chain = Array(String(repeating: "123.", count: 1 << 18).utf8)
        for block in [digits, chain] {
            for _ in 0..<5 {
                block.withUnsafeBytes { scanner.feed($0) { found.append($0) } }
                #expect(scanner.settledOffset == scanner.offset)
            }
        }
        Array(" 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        scanner.finish { found.append($0) }
        #expect(found.map(\.range) == [10 * (1 << 20) + 1..<10 * (1 << 20) + 12])
    }
}

@Suite("CPFScanner: matches and redaction")
struct CPFScannerMatchTests {
    @Test("a match gives its range, its CPF and its text as written", arguments: 0..<8)
    func matchFields(shape: Int) throws {
        let text = written("52998224725", shape: shape)
        let match = try #require(CPFScanner.matches(in: "cpf \(text)\n".utf8).first)
        #expect(match.range == 4..<4 + text.utf8.count)
        #expect(match.cpf == (try CPF(validating: "529.982.247-25")))
        #expect(match.text == text)
        var buffer = [UInt8](repeating: 0, count: 14)
        let count = buffer.withUnsafeMutableBytes { match.writeText(to: $0) }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == text)
    }

    @Test("the redaction styles hide all the digits, or the first three and last two", arguments: [
        ("390.533.447-05", "***.***.***-**", "***.533.447-**"),
        ("39053344705", "***********", "***533447**"),
        ("390533447-05", "*********-**", "***533447-**"),
        ("390.53344705", "***.********", "***.533447**"),
    ])
    func redactionStyles(text: String, full: String, lgpd: String) {
        #expect(text.redactingCPFs() == full)
        #expect(text.redactingCPFs(style: .full) == full)
        #expect(text.redactingCPFs(style: .lgpd) == lgpd)
        #expect(CPFScanner.RedactionStyle.allCases.map(\.rawValue) == ["full", "lgpd"])
    }

    @Test("redaction keeps every byte but the digits of each CPF")
    func redactionKeepsTheRest() {
        let text = "Cliente 390.533.447-05, tel 11 98765-4321, CNPJ 12.345.678/0001-95 cpf=52998224725"
        #expect(text.redactingCPFs() == "Cliente ***.***.***-**, tel 11 98765-4321, CNPJ 12.345.678/0001-95 cpf=***********")
        let bytes: [UInt8] = [0xFF] + Array("39053344705".utf8) + [0x00, 0xC3]
        #expect(CPFScanner.redacting(bytes, style: .lgpd) == [0xFF] + Array("***533447**".utf8) + [0x00, 0xC3])
    }

    @Test("redact then find finds nothing, and only digits of CPFs change", arguments: CPFScanner.RedactionStyle.allCases)
    func redactThenFind(style: CPFScanner.RedactionStyle) {
        var generator = ScannerTextGenerator(seed: 0x12ED)
        for _ in 0..<1_000 {
            let text = generator.text(pieces: generator.int(0...60))
            let redacted = CPFScanner.redacting(text, style: style)
            #expect(CPFScanner.matches(in: redacted).isEmpty, "\(show(text)) redacted: \(show(redacted))")
            #expect(redacted.count == text.count)
            let covered = Set(CPFScanner.matches(in: text).flatMap { Array($0.range) })
            for index in text.indices where redacted[index] != text[index] {
                #expect(covered.contains(index) && text[index] >= 0x30 && text[index] <= 0x39 && redacted[index] == 0x2A)
            }
        }
    }

    @Test("matches(in:) reads any sequence of bytes, contiguous or not")
    func anySequence() {
        let text = "a 390.533.447-05 b 1.390.533.447-05 c 52998224725"
        let lazy = text.utf8.lazy.map { $0 }
        #expect(CPFScanner.matches(in: lazy) == CPFScanner.matches(in: Array(text.utf8)))
        #expect(CPFScanner.matches(in: lazy).map(\.text) == ["390.533.447-05", "52998224725"])
    }

    @Test("the documented examples")
    func documentedExamples() {
        var scanner = CPFScanner()
        var found: [CPFScanner.Match] = []
        for piece in ["CPF: 390.533", ".447-05; CNPJ 12.345.678/0001-95"] {
            Array(piece.utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        }
        scanner.finish { found.append($0) }
        #expect(found.count == 1)
        #expect(found[0].range == 5..<19)
        #expect(found[0].text == "390.533.447-05")
        #expect(found[0].cpf.formatted == "390.533.447-05")
        #expect(CPFScanner.matches(in: "cpf39053344705".utf8).map(\.range) == [3..<14])
        #expect("CPF: 390.533.447-05".redactingCPFs(style: .lgpd) == "CPF: ***.533.447-**")
        #expect(CPFScanner.matches(in: "id 390533447-05".utf8)[0].text == "390533447-05")
        #expect(CPFScanner.matches(in: "a 390.533.447-05 b 1.390.533.447-05".utf8).map(\.text) == ["390.533.447-05"])
        #expect(String(decoding: CPFScanner.redacting(Array("CPF 39053344705\n".utf8), style: .full), as: UTF8.self) == "CPF ***********\n")
        #expect("Cliente 390.533.447-05, tel 11 98765-4321".redactingCPFs() == "Cliente ***.***.***-**, tel 11 98765-4321")
        #expect("cpf=39053344705".redactingCPFs(style: .lgpd) == "cpf=***533447**")
        let match4 = CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0]
        #expect(match4.range == 4..<18 && match4.cpf.digits == "39053344705" && match4.text == "390.533.447-05")
        #expect(CPFScanner.RedactionStyle(rawValue: "lgpd") == .lgpd)
        #expect("390.533.447-05".redactingCPFs(style: .full) == "***.***.***-**")
        var bytes = Array("CPF 390.533.447-05".utf8)
        let match = CPFScanner.matches(in: bytes)[0]
        bytes.withUnsafeMutableBytes { _ = match.writeText(to: UnsafeMutableRawBufferPointer(rebasing: $0[match.range]), hiding: .lgpd) }
        #expect(String(decoding: bytes, as: UTF8.self) == "CPF ***.533.447-**")
    }
}
