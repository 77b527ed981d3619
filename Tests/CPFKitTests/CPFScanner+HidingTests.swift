// Tests of Scanner/CPFScanner+Hiding.swift: redaction in place, as `cpf
// redact` does it, against the matches the scanner reports.

import Testing

@testable import CPFKit

/// `text` with `CPFScanner.hideCPFs` run over all of it, and the count it returns.
private func hidden(
    _ text: String, reaching own: Range<Int>? = nil, style: CPFScanner.RedactionStyle = .full,
    minimumConfidence: CPFScanner.Confidence = .low, keepingLineBreaks: Bool = false, isFinal: Bool = true
) -> (text: String, count: Int) {
    var bytes = Array(text.utf8)
    let count = bytes.withUnsafeMutableBytes {
        CPFScanner.hideCPFs(
            in: $0, reaching: own ?? 0..<$0.count, style: style, minimumConfidence: minimumConfidence,
            keepingLineBreaks: keepingLineBreaks, isFinal: isFinal)
    }
    return (String(decoding: bytes, as: UTF8.self), count)
}

@Suite("CPFScanner hiding in place")
struct CPFScannerHidingTests {
    @Test("a CPF and a mistyped CPF are hidden where they stand, and counted")
    func documentedExample() {
        let (text, count) = hidden("CPF 390.533.447-05 e 231.002.999-00", minimumConfidence: .medium)
        #expect(text == "CPF ***.***.***-** e ***.***.***-**")
        #expect(count == 2)
    }

    @Test(
        "each style hides the digits it names, fullwidth and OCR'd ones too",
        arguments: [
            ("CPF: 390.533.447-05.", CPFScanner.RedactionStyle.full, "CPF: ***.***.***-**."),
            ("CPF: 390.533.447-05.", .lgpd, "CPF: ***.533.447-**."),
            ("cpf39053344705", .lgpd, "cpf***533447**"),
            ("CPF \u{FF15}29.982.247-25", .full, "CPF \u{FF0A}**.***.***-**"),
            ("inscrito no CPF 133.72O.622-99", .full, "inscrito no CPF ***.***.***-**"),
        ])
    func styles(text: String, style: CPFScanner.RedactionStyle, expected: String) {
        #expect(hidden(text, style: style).text == expected)
    }

    @Test("only what redact hides at the confidence asked is hidden")
    func confidence() {
        #expect(hidden("tel 11987654374", minimumConfidence: .medium).text == "tel 11987654374")
        #expect(hidden("tel 11987654374", minimumConfidence: .low).text == "tel ***********")
        #expect(hidden("id 39053344705", minimumConfidence: .high).text == "id 39053344705")
    }

    @Test("a CPF reaching into the own bytes from the context is hidden but not counted; one outside is left")
    func context() {
        let text = "CPF 390.533.447-05 and 529.982.247-25"
        // Own bytes: from the middle of the first CPF to before the second.
        let (inside, count) = hidden(text, reaching: 10..<20)
        #expect(inside == "CPF ***.***.***-** and 529.982.247-25")
        #expect(count == 0)
        #expect(hidden(text, reaching: 4..<5).count == 1)
    }

    @Test("with keepingLineBreaks a CPF written across a line break is left alone")
    func lineBreaks() {
        #expect(hidden("CPF 390.533.\n447-05", keepingLineBreaks: true).text == "CPF 390.533.\n447-05")
        #expect(hidden("CPF 390.533.\n447-05").text == "CPF ***.***.\n***-**")
    }

    @Test("a CPF at the end of a buffer that is not the input's end is left for the next")
    func notFinal() {
        #expect(hidden("id 390.533.447-05", isFinal: false).text == "id 390.533.447-05")
        #expect(hidden("id 390.533.447-05 ok", isFinal: false).text == "id ***.***.***-** ok")
    }

    @Test("hiding in place writes what redacting writes, and counts what the hiding scanner reports")
    func agreesWithRedacting() {
        var random = SplitMix64(seed: 0x41D3)
        for _ in 0..<600 {
            let text = (0..<4).map { _ in CPFScannerTests.randomText(&random) }.joined()
            let bytes = Array(text.utf8)
            for level in CPFScanner.Confidence.allCases {
                let reported = CPFScanner.matches(in: bytes, minimumConfidence: level, includeInvalid: true)
                for style in CPFScanner.RedactionStyle.allCases {
                    var inPlace = bytes
                    let count = inPlace.withUnsafeMutableBytes {
                        CPFScanner.hideCPFs(in: $0, reaching: 0..<$0.count, style: style, minimumConfidence: level)
                    }
                    #expect(inPlace == CPFScanner.redacting(bytes, style: style, minimumConfidence: level))
                    #expect(count == reported.count, "\(text.debugDescription)")
                }
            }
        }
    }
}
