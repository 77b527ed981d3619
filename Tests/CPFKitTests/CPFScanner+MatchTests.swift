// Tests of Scanner/CPFScanner+Match.swift: what a match holds and how it is
// written, hidden in either style.

import Testing

@testable import CPFKit

@Suite("CPFScanner.Match")
struct CPFScannerMatchTests {
    @Test func rangeDigitsTextAndCPF() {
        let match = CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0]
        #expect(match.range == 4..<18)
        #expect(match.digits == "39053344705")
        #expect(match.text == "390.533.447-05")
        #expect(match.cpf == CPF(packed: 0x390_5334_4705))
        #expect(match.isValid)
        #expect(match.confidence == .high)
        #expect(match.keyword?.name == "cpf")
        #expect(match.digitOffsets == [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13])
    }

    @Test(
        "a match spans a line break exactly when a line feed is among its bytes",
        arguments: [
            ("CPF 390.533.447-05", false), ("CPF 390.533.\n447-05", true), ("CPF 390.533.447-\r\n05", true),
            ("CPF 390.533.447-05\nfim", false), ("CPF 390.533.447-05\r\n", false),
        ])
    func spansLineBreak(text: String, expected: Bool) throws {
        let match = try #require(CPFScanner.matches(in: text.utf8, minimumConfidence: .low).first)
        #expect(match.spansLineBreak == expected)
        #expect(match.spansLineBreak == match.text.contains("\n"))
    }

    @Test("a mistyped CPF has its digits but no CPF")
    func mistyped() {
        let match = CPFScanner.matches(in: "CPF 231.002.999-00".utf8, includeInvalid: true)[0]
        #expect(match.cpf == nil)
        #expect(!match.isValid)
        #expect(match.digits == "23100299900")
    }

    @Test(
        "hiding keeps separators, line breaks and invisible characters",
        arguments: [
            ("390.5\u{200B}33.447-\r\n05", CPFScanner.RedactionStyle.full, "***.*\u{200B}**.***-\r\n**"),
            ("390.5\u{200B}33.447-\r\n05", .lgpd, "***.5\u{200B}33.447-\r\n**"),
            ("390 533 447 05", .lgpd, "*** 533 447 **"),
            ("39053344705", .full, "***********"),
            // Fullwidth digits become fullwidth asterisks (three bytes each, as the digit).
            ("５２９.９８２.２４７-２５", .full, "＊＊＊.＊＊＊.＊＊＊-＊＊"),
            ("５２９.９８２.２４７-２５", .lgpd, "＊＊＊.９８２.２４７-＊＊"),
            ("529.９８２.247-2５", .full, "***.＊＊＊.***-*＊"),
            ("529.９８２.247-2５", .lgpd, "***.９８２.247-*＊"),
        ])
    func hiding(text: String, style: CPFScanner.RedactionStyle, expected: String) {
        let bytes = Array(text.utf8)
        let match = CPFScanner.matches(in: bytes, minimumConfidence: .low)[0]
        var out = [UInt8](repeating: 0, count: match.range.count)
        #expect(out.withUnsafeMutableBytes { match.writeText(to: $0, hiding: style) } == bytes.count)
        #expect(String(decoding: out, as: UTF8.self) == expected)
        #expect(out.withUnsafeMutableBytes { match.writeText(to: $0) } == bytes.count)
        #expect(out == bytes)
    }

    @Test("matches are equal when everything about them is")
    func equality() {
        let one = CPFScanner.matches(in: "a 39053344705".utf8)[0]
        let same = CPFScanner.matches(in: "b 39053344705".utf8)[0]
        let other = CPFScanner.matches(in: "a 52998224725".utf8)[0]
        #expect(one == same)
        #expect(one.hashValue == same.hashValue)
        #expect(one != other)
        #expect(CPFScanner.RedactionStyle(rawValue: "lgpd") == .lgpd)
        #expect(CPFScanner.RedactionStyle.allCases.map(\.rawValue) == ["full", "lgpd"])
    }

    @Test("writeText(to:replacingDigitsWith:) puts another CPF's digits where the digits are, all else kept")
    func replacingDigits() throws {
        let bytes = Array("CPF 390.5\u{200B}33.447 - \n05".utf8)
        let match = try #require(CPFScanner.matches(in: bytes, minimumConfidence: .low).first)
        let other = try CPF(validating: "529.982.247-25")
        var out = [UInt8](repeating: 0, count: match.range.count)
        #expect(out.withUnsafeMutableBytes { match.writeText(to: $0, replacingDigitsWith: other) } == match.range.count)
        #expect(String(decoding: out, as: UTF8.self) == "529.9\u{200B}82.247 - \n25")
    }

    @Test(
        "fullwidth digits, alone or mixed with ASCII ones, are digits of a candidate",
        arguments: [
            ("CPF ５２９.９８２.２４７-２５", "52998224725", CPFScanner.Confidence.high),
            ("id 529９８２247２５ fim", "52998224725", .medium),
            ("５２９ ９８２ ２４７ ２５", "52998224725", .low),
        ])
    func fullwidthDigits(text: String, digits: String, confidence: CPFScanner.Confidence) throws {
        let match = try #require(CPFScanner.matches(in: text.utf8, minimumConfidence: .low).first)
        #expect(match.digits == digits)
        #expect(match.confidence == confidence)
        #expect(match.text == String(text.drop { !$0.isNumber }.reversed().drop { !$0.isNumber }.reversed()))
        let written = Array(match.text.utf8)
        #expect(
            written.withUnsafeBytes { bytes in (0..<11).map { match.writtenDigit($0, in: bytes) } }
                == Array(digits.utf8))
        var out = [UInt8](repeating: 0, count: match.range.count)
        out.withUnsafeMutableBytes { _ = match.writeText(to: $0, hiding: .lgpd) }
        #expect(
            out.withUnsafeBytes { bytes in (0..<11).map { match.writtenDigit($0, in: bytes) } }
                == Array("***982247**".utf8))
        let other = try CPF(validating: "390.533.447-05")
        out.withUnsafeMutableBytes { _ = match.writeText(to: $0, replacingDigitsWith: other) }
        #expect(CPFScanner.matches(in: out, minimumConfidence: .low).map(\.digits) == ["39053344705"])
        #expect(out.count == written.count)
    }

    @Test("a fullwidth digit next to a candidate touches it; other digit forms are not digits (yet)")
    func fullwidthNeighbours() {
        #expect(CPFScanner.matches(in: "１39053344705".utf8, minimumConfidence: .low).isEmpty)
        #expect(CPFScanner.matches(in: "39053344705.１".utf8, minimumConfidence: .low).isEmpty)
        // Arabic-Indic digits (U+0660–0669) are not read.
        #expect(CPFScanner.matches(in: "٣٩٠٥٣٣٤٤٧٠٥".utf8, minimumConfidence: .low).isEmpty)
        #expect(CPFScanner.matches(in: "٣39053344705".utf8, minimumConfidence: .low).count == 1)
    }
}
