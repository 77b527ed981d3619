// Tests of Scanner/CPFScanner+Candidate.swift: the candidate rule (groups,
// separators, line breaks, invisible characters, the 96-byte bound) and the
// touch rule, as a table of the examples of docs/reference.md#cpf-find-cpfs-in-free-text
// and more.

import Testing

@testable import CPFKit

/// What the scanner reports in `text` (any confidence, mistyped included):
/// each match as its text, its confidence, and whether it is valid.
private func found(_ text: String) -> [String] {
    CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true).map {
        "\($0.text)|\($0.confidence)\($0.isValid ? "" : "|mistyped")"
    }
}

@Suite("CPFScanner candidates")
struct CPFScannerCandidateTests {
    @Test(
        "the reference's examples and the rule's corner cases",
        arguments: [
            // Nothing else joins numbers: CSV, SQL, URL paths, JSON, lists.
            ("1,39053344705,Ana", ["39053344705|medium"]),
            ("INSERT INTO t VALUES (2,39053344705,3);", ["39053344705|medium"]),
            ("390.533.447-05,529.982.247-25", ["390.533.447-05|high", "529.982.247-25|high"]),
            ("GET /api/v1/12/39053344705/x", ["39053344705|medium"]),
            ("/api/v2/39053344705", ["39053344705|medium"]),
            ("{\"cpf\":\"39053344705\"}", ["39053344705|high"]),
            ("a;39053344705|b\t52998224725=", ["39053344705|medium", "52998224725|medium"]),
            // Separators.
            ("CPF 390 533 447 05", ["390 533 447 05|high"]),
            ("390 533 447 05", ["390 533 447 05|low"]),
            ("CPF 390.533.447/05", ["390.533.447/05|high"]),
            ("390533447/05", ["390533447/05|medium"]),
            ("390.533.447.05", ["390.533.447.05|low"]),
            ("200.147.123.85", ["200.147.123.85|low"]),
            ("390.533.44705", ["390.533.44705|medium"]),
            ("CPF: 390.533.447 - 05", ["390.533.447 - 05|high"]),
            ("390.533.447 - 05", ["390.533.447 - 05|medium"]),
            ("CPF nº 616.676.668 – 00", ["616.676.668 – 00|high|mistyped"]),
            ("390.533.447–05", ["390.533.447–05|high"]),
            ("390\u{2011}533\u{2011}447\u{2011}05", ["390\u{2011}533\u{2011}447\u{2011}05|medium"]),
            ("390.533.447\u{2011}05", ["390.533.447\u{2011}05|high"]),
            ("390.533.447\u{2212}05", ["390.533.447\u{2212}05|high"]),
            ("390\u{A0}533\u{A0}447\u{A0}05", ["390\u{A0}533\u{A0}447\u{A0}05|low"]),
            ("390\u{202F}533\u{2009}447 05", ["390\u{202F}533\u{2009}447 05|low"]),
            ("390.533.447- 05", []),
            ("390.533.447 -05", []),
            ("390..533.447-05", []),
            ("390/533/447-05", []),
            // Line breaks, invisible characters.
            ("390.533.447-\n05", ["390.533.447-\n05|high"]),
            ("390.533.447-\r\n05", ["390.533.447-\r\n05|high"]),
            ("390.533.447\n05", ["390.533.447\n05|medium"]),
            ("390.533.447-\r05", []),
            ("390.533.447-\n\n05", []),
            ("390.5\u{200B}33.447\u{AD}-05", ["390.5\u{200B}33.447\u{AD}-05|high"]),
            ("\u{FEFF}39053\u{2066}344705\u{2069}", ["39053\u{2066}344705|medium"]),
            // Touching another number.
            ("1.390.533.447-05", []),
            ("390.533.447-05-1", []),
            ("390.533.447-05.1", []),
            ("1390.533.447-05", []),
            ("390.533.447-051", []),
            ("1\u{200B}39053344705", []),
            ("1 390.533.447-05 2", ["390.533.447-05|high"]),
            ("1 390 533 447 05", []),
            ("390 533 447 05 2", []),
            ("12.345.678/0001-95", []),
            ("390.533.447-05.", ["390.533.447-05|high"]),
            ("1-\u{200B}390.533.447-05", []),
            // Not a CPF: repeated digits, wrong check digits without a mask or keyword.
            ("111.111.111-11", []),
            ("39053344706", []),
            ("390.533.447-06", ["390.533.447-06|high|mistyped"]),
            ("CPF 231.002.999-00", ["231.002.999-00|high|mistyped"]),
            ("CPF 23100299900", ["23100299900|high|mistyped"]),
        ])
    func table(text: String, expected: [String]) {
        #expect(found(text) == expected, "\(text.debugDescription)")
    }

    @Test("a candidate spans at most 96 bytes from its first digit to its last")
    func spanBound() {
        let filler = String(repeating: "\u{200B}", count: 27)  // 81 bytes
        let within = "390\(filler).533.447-05"  // 3 + 81 + 11 = 95 bytes
        #expect(found(within).count == 1)
        #expect(found("390\(filler)\u{AD}.533.447-05").isEmpty)  // 97 bytes
        #expect(found("390\(filler)\u{AD}.533.447-0").isEmpty)
    }

    @Test("characters are recognised by their UTF-8 bytes, forwards and backwards")
    func characterKinds() {
        let text: [UInt8] = Array(
            "-\u{2010}\u{2015}\u{2212} \u{A0}\u{202F}\u{2009}\u{AD}\u{200B}\u{FEFF}\u{2069}./\n\r*xé".utf8)
        let expected: [CPFScanner.Kind] = [
            .dash, .dash, .dash, .dash, .space, .space, .space, .space, .invisible, .invisible,
            .invisible, .invisible, .dot, .slash, .lineFeed, .carriageReturn, .star, .other, .other, .other,
        ]
        text.withUnsafeBufferPointer { buffer in
            let view = CPFScanner.Text(base: buffer.baseAddress!, count: buffer.count, lowest: 0, final: true)
            var forward: [CPFScanner.Kind] = []
            var index = 0
            while true {
                let (kind, length) = view.next(index, limit: buffer.count)
                if kind == .absent { break }
                forward.append(kind)
                index += length
            }
            #expect(forward == expected)
            var backward: [CPFScanner.Kind] = []
            var end = buffer.count
            while true {
                let (kind, length) = view.previous(end, limit: 0)
                if kind == .absent { break }
                backward.append(kind)
                end -= length
            }
            #expect(backward == expected.reversed())
        }
    }

    /// What ``CPFScanner/Text/next(_:limit:)`` and
    /// ``CPFScanner/Text/previous(_:limit:)`` say of a character of two
    /// bytes `lead second`, the slow way: decoded and looked up.
    private static func decodedKind(_ lead: UInt8, _ second: UInt8) -> (CPFScanner.Kind, Int) {
        let bytes = [lead, second]
        let scalar = bytes.withUnsafeBufferPointer { CPFScanner.decodeScalar($0.baseAddress!, length: 2) }
        guard let scalar else { return (.other, 1) }
        let kind = CPFScanner.scalarKind(scalar)
        return kind == .other ? (.other, 1) : (kind, 2)
    }

    @Test("every two-byte sequence is told, without decoding, as decoding it tells")
    func twoByteShortcut() {
        var differences: [String] = []
        for lead in UInt8(0xC2)...0xDF {
            for second in UInt8(0)...0xFF {
                let expected = Self.decodedKind(lead, second)
                [lead, second, UInt8(ascii: "x")].withUnsafeBufferPointer { buffer in
                    let view = CPFScanner.Text(base: buffer.baseAddress!, count: 3, lowest: 0, final: true)
                    let forward = view.next(0, limit: 3)
                    if forward != expected { differences.append("next \(lead) \(second): \(forward)") }
                    // Backwards, the last byte is a continuation byte.
                    guard second & 0xC0 == 0x80 else { return }
                    let backward = view.previous(2, limit: 0)
                    if backward != expected { differences.append("previous \(lead) \(second): \(backward)") }
                    // With the lead out of reach: a lone continuation byte.
                    if view.previous(2, limit: 1) != (.other, 1) { differences.append("previous \(second) alone") }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        // The accented letters of Portuguese, and the two characters of C2 that matter.
        #expect(Self.decodedKind(0xC3, 0xA7) == (.other, 1))  // ç
        #expect(Self.decodedKind(0xC2, 0xA0) == (.space, 2))
        #expect(Self.decodedKind(0xC2, 0xAD) == (.invisible, 2))
        #expect(Self.decodedKind(0xCD, 0x8F) == (.invisible, 2))  // U+034F
    }

    @Test("an ASCII byte before a digit decides the touch test as the characters before it do")
    func asciiByteBefore() {
        // Before the ASCII byte: what may make `.`, `-` or a space join.
        let before: [[UInt8]] = [[], Array("1".utf8), Array("*".utf8), Array("x".utf8), Array("1\u{AD}".utf8)]
        var differences: [String] = []
        for prefix in before {
            for byte in UInt8(0)..<0x80 {
                let bytes = prefix + [byte, UInt8(ascii: "5")]
                let first = bytes.count - 1
                bytes.withUnsafeBufferPointer { buffer in
                    for lowest in [0, first - 1, first] {
                        let view = CPFScanner.Text(
                            base: buffer.baseAddress!, count: bytes.count, lowest: lowest, final: true)
                        for usesSpaces in [false, true] {
                            let quick = CPFScanner.touchesBefore(view, first, usesSpaces: usesSpaces)
                            let full = CPFScanner.touchesBeforeByCharacters(view, first, usesSpaces: usesSpaces)
                            if quick != full { differences.append("touches \(bytes) \(lowest) \(usesSpaces)") }
                        }
                        let limit = first - CPFScanner.neighbourReach
                        if view.startsNumber(first) != (view.previousVisible(first, limit: limit).kind != .digit) {
                            differences.append("starts \(bytes) \(lowest)")
                        }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    @Test("the quick ASCII parse finds what the full parse finds, on any bytes")
    func asciiCandidateAgreesWithParse() {
        // Bytes that make or break candidates, most of them digits; 32 bytes
        // from a digit, as the scanner calls it (with no byte before).
        let alphabet = Array("0123456789012345678901234567890123456789..--  /\n\r*x".utf8)
        var random = SplitMix64(seed: 27)
        var found = 0
        for _ in 0..<200_000 {
            var bytes = (0..<32).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            bytes[0] = UInt8(ascii: "0") + UInt8(random.next() % 10)
            var digits: UInt64 = 0
            for (index, byte) in bytes.prefix(24).enumerated() where byte &- 0x30 < 10 { digits |= 1 << UInt64(index) }
            bytes.withUnsafeBufferPointer { buffer in
                let quick = CPFScanner.asciiCandidate(buffer.baseAddress!, at: 0, digits: digits)
                let view = CPFScanner.Text(base: buffer.baseAddress!, count: 32, lowest: 0, final: true)
                let full: CPFScanner.Candidate?
                if case .candidate(let candidate) = CPFScanner.parse(view, at: 0) {
                    full = candidate
                } else {
                    full = nil
                }
                let text = String(decoding: bytes, as: UTF8.self).debugDescription
                #expect((quick == nil) == (full == nil), "\(text)")
                guard let quick, let full else { return }
                found += 1
                #expect(quick.end == full.end && quick.packed == full.packed, "\(text)")
                #expect(quick.offsetsLow == full.offsetsLow && quick.offsetsHigh == full.offsetsHigh, "\(text)")
                #expect(quick.usesSpaces == full.usesSpaces && quick.isFullMask == full.isFullMask, "\(text)")
                #expect(quick.isDotsOnly == full.isDotsOnly && !quick.hasWideDigits && !quick.isOCRReading, "\(text)")
            }
        }
        #expect(found > 1000)
    }

    @Test("a piece that ends inside a character or a candidate asks for more")
    func starved() {
        let bytes = Array("390.533.447\u{2013}05".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for count in 1..<buffer.count {
                let view = CPFScanner.Text(base: buffer.baseAddress!, count: count, lowest: 0, final: false)
                guard case .starved = CPFScanner.parse(view, at: 0) else {
                    Issue.record("\(count)")
                    return
                }
            }
        }
    }
}
