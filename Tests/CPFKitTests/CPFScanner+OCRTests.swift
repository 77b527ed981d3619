// Tests of Scanner/CPFScanner+OCR.swift: OCR readings of the full mask, and
// bare ones after a CPF keyword, with look-alike letters among the digits
// (the random agreement with the rule written the simple way is in
// CPFScannerTests).

import Testing

@testable import CPFKit

@Suite("CPFScanner OCR readings")
struct CPFScannerOCRTests {
    @Test(
        "a full mask with one or two look-alike letters is read as the digits they look like, at medium",
        arguments: [
            ("inscrito no CPF 133.72O.622-99", "13372062299", 16..<30),
            ("titular do CPF 3l0.996.985-88, residente", "31099698588", 15..<29),
            ("CPF l02.048.304-O0", "10204830400", 4..<18),
            ("sob o n.º 39O.533.447-O5.", "39053344705", 11..<25),
            ("(529.982.Z47-Z5)", "52998224725", 1..<15),
        ])
    func issueExamples(text: String, digits: String, range: Range<Int>) throws {
        let match = try #require(CPFScanner.matches(in: text.utf8).first)
        #expect(match.isOCRReading)
        #expect(match.digits == digits)
        #expect(match.range == range)
        #expect(match.confidence == .medium)
        #expect(match.isValid)
        let redacted = String(decoding: CPFScanner.redacting(Array(text.utf8)), as: UTF8.self)
        #expect(redacted.contains("***.***.***-**"))
        #expect(CPFScanner.matches(in: redacted.utf8, minimumConfidence: .low, includeInvalid: true).isEmpty)
    }

    @Test(
        "look-alikes that do not make a CPF are left alone",
        arguments: [
            "CPF 133.72O.622-98",  // checksum fails: never a mistyped CPF
            "133.7ZO.6Z2-99",  // three letters
            "codigo 12.ABC.345/01DE-35",  // an alphanumeric CNPJ
            "placa ABC1D23 e ABC-1234",
            "x133.72O.622-99",  // glued to a word
            "133.72O.622-99a", "133.72O.622-99.5", "9.133.72O.622-99", "133.72O.622-99-é",
            "133 72O 622 99",  // not the full mask
            "lOl.OIl.lOO-lO", "sha 4f0e3b7c2d1a9e8f", "COD 000.00O.000-00",  // repeated
        ])
    func negatives(text: String) {
        #expect(CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true).isEmpty, "\(text)")
    }

    @Test("an OCR reading that would start inside a match before it is none: matches never overlap")
    func readingInsideAMatch() {
        // A mistyped CPF after the keyword (310996 133.72), then letters.
        let text = "titular do CPF: e CPF 310996 133.72O.622-99\n"
        let found = CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true)
        #expect(found.map(\.text) == ["310996 133.72"])
        #expect(found.first?.isValid == false)
        for minimum in CPFScanner.Confidence.allCases {
            var hiding = CPFScanner(hidingFrom: minimum)
            var hidden: [Range<Int>] = []
            Array(text.utf8).withUnsafeBytes { hiding.feed($0) { hidden.append($0.range) } }
            hiding.finish { hidden.append($0.range) }
            #expect(hidden == found.map(\.range), "hiding from \(minimum)")
        }
        for size in 1...6 {
            #expect(scanInPieces(Array(text.utf8), sizes: [size]).map(\.text) == ["310996 133.72"], "pieces of \(size)")
        }
        // Without the keyword the first is no match: the reading is one.
        #expect(CPFScanner.matches(in: "id 310996 133.72O.622-99".utf8).map(\.text) == ["133.72O.622-99"])
    }

    @Test("a scanner hiding from high does not look for OCR readings; from medium it does")
    func hidingFrom() {
        let text = Array("CPF 133.72O.622-99".utf8)
        #expect(scanInPieces(text, sizes: [1], scanner: CPFScanner(hidingFrom: .high)).isEmpty)
        #expect(
            scanInPieces(text, sizes: [3], scanner: CPFScanner(hidingFrom: .medium)).map(\.digits) == ["13372062299"])
    }

    @Test("every look-alike letter of the table reads as its digit")
    func table() {
        let table: [(String, UInt8)] = [
            ("OoDQ", 0), ("lIi|!", 1), ("Zz", 2), ("Ss", 5), ("Gb", 6), ("T", 7), ("B", 8), ("gq", 9),
        ]
        var readable = 0
        for byte in UInt8(0)...0x7F {
            let expected = table.first { $0.0.utf8.contains(byte) }?.1 ?? (byte &- 0x30 < 10 ? byte &- 0x30 : nil)
            #expect(CPFScanner.ocrDigit(byte) == expected)
            if expected != nil { readable += 1 }
        }
        #expect(readable == 29)
        // In place of the 5 of 390.533.447-05, each of S and s.
        for letter in ["S", "s"] {
            #expect(CPFScanner.matches(in: "390.\(letter)33.447-05".utf8).first?.digits == "39053344705")
        }
    }

    @Test(
        "after a CPF keyword, 11 bare digits with one or two look-alike letters are read, at medium",
        arguments: [
            ("CPF 3l099698588", "31099698588", 4..<15),
            ("titular do CPF: 31O99698588, residente", "31099698588", 16..<27),
            ("CPF nº 3109969858B.", "31099698588", 8..<19),
            ("inscrito no CPF sob o nº l02048304O0 e", "10204830400", 26..<37),
            ("C.P.F. 529982Z47Z5", "52998224725", 7..<18),
            ("Cadastro de Pessoas Físicas: 39O533447O5", "39053344705", 30..<41),
        ])
    func keywordBareReadings(text: String, digits: String, range: Range<Int>) throws {
        let match = try #require(CPFScanner.matches(in: text.utf8).first)
        #expect(match.isOCRReading)
        #expect(match.digits == digits)
        #expect(match.range == range)
        #expect(match.confidence == .medium)
        #expect(match.keyword?.kind == .cpf)
        let redacted = String(decoding: CPFScanner.redacting(Array(text.utf8)), as: UTF8.self)
        #expect(redacted.contains("***********"), "\(redacted)")
        #expect(CPFScanner.matches(in: redacted.utf8, minimumConfidence: .low, includeInvalid: true).isEmpty)
        // However the text is cut.
        for size in 1...7 {
            #expect(scanInPieces(Array(text.utf8), sizes: [size]).map(\.range) == [range], "pieces of \(size)")
        }
    }

    @Test(
        "bare look-alikes are read only after a CPF keyword, in 11 characters with at most two letters",
        arguments: [
            "id 3l099698588",  // no keyword
            "tel 3l099698588",  // another document's keyword
            "CPF 3l099698587",  // checksum fails
            "CPF 3lO9969858B",  // three letters
            "CPF 3l0996985880", "CPF 03l099698588", "CPF O3l099698588",  // twelve characters
            "CPF 3l099698588|", "CPF |3l099698588",  // a look-alike beside it
            "CPF x3l099698588", "CPF 3l099698588x", "CPF 3l099698588.5", "cpf3l099698588",  // touching
            "CPF 3l0996 98588",  // not bare
            "2024-08-06T05:22:45.566Z INFO cpf=227.184.098-86",  // a timestamp's letters
            "CPF lllllllllll",  // letters only
        ])
    func keywordBareNegatives(text: String) {
        let found = CPFScanner.matches(in: text.utf8, minimumConfidence: .low, includeInvalid: true)
        #expect(found.allSatisfy { !$0.isOCRReading }, "\(text)")
    }

    @Test("a letter beside three digits is where a bare reading is looked for, in the block masks as byte by byte")
    func keywordTriggers() {
        var random = SplitMix64(seed: 0x0C2)
        let alphabet = Array("0123456789lOSZ=:. ab".utf8)
        for _ in 0..<300 {
            let bytes = (0..<200).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                let text = CPFScanner.Text(base: base, count: 200, lowest: 0, final: true)
                let current = CPFScanner.BlockMasks(base + 64)
                let next = CPFScanner.BlockMasks(base + 128)
                let digits = current.digits
                let runs =
                    digits & CPFScanner.funnel(digits, next.digits, 1) & CPFScanner.funnel(digits, next.digits, 2)
                let runsBefore = CPFScanner.runsOfThree(text, before: 64, digits)
                let before = CPFScanner.BlockMasks(base)
                let mask = CPFScanner.possibleKeywordOCRLetters(
                    current, next, runs: runs, runsBefore: runsBefore,
                    writtenBefore: random.next() % 2 == 0 ? before.digits | ~before.inCandidate : .max)
                func readable(_ index: Int) -> Bool { CPFScanner.ocrDigit(bytes[index]) != nil }
                for position in 0..<64 where CPFScanner.isKeywordOCRTrigger(text, at: 64 + position) {
                    // Among the letters in 11 digits and look-alikes or more, every one (more are allowed).
                    let at = 64 + position
                    guard readable(at) else { continue }
                    var start = at
                    while start > 0, readable(start - 1) { start -= 1 }
                    var end = at + 1
                    while end < 200, readable(end) { end += 1 }
                    if end - start >= 11 {
                        #expect(mask >> UInt64(position) & 1 != 0, "letter at \(position) in \(bytes[start..<end])")
                    }
                }
            }
        }
    }

    @Test(
        "a bare reading whose letter opens a block, its three digits before in the block before, is found",
        arguments: [52, 53, 54])
    func letterAfterABlockOfDigits(filler: Int) {
        // The letter lands on byte 64, 65 or 66: its block and the next hold
        // no three digits in a row, the block before does.
        let text =
            String(repeating: "a", count: filler - 1) + " CPF 39053344O20 fim " + String(repeating: "b", count: 150)
        let found = CPFScanner.matches(in: text.utf8)
        #expect(found.map(\.range) == [filler + 4..<filler + 15])
        #expect(found.first?.isOCRReading == true)
        #expect(found.first?.digits == "39053344020")
    }
}
