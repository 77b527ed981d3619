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
}
