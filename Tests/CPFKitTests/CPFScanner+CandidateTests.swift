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
