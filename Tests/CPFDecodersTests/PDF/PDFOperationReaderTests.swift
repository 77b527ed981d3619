// Tests of PDFOperationReader.swift: the operations of a content stream,
// each operator with its operands and where they stand.

import Testing

@testable import CPFDecoders

@Suite("PDFOperationReader")
struct PDFOperationReaderTests {
    /// Every operation of `content`: its operator, its operands, and the text of its range.
    static func operations(_ content: String) -> [(String, [PDFObject], String)] {
        let bytes = Array(content.utf8)
        return bytes.withUnsafeBytes { raw in
            var reader = PDFOperationReader(raw)
            var found: [(String, [PDFObject], String)] = []
            while let (name, range) = reader.next() {
                found.append((name, reader.operands, String(decoding: bytes[range], as: UTF8.self)))
            }
            return found
        }
    }

    @Test("each operator comes with the operands before it and its range: from the end of the one before to itself")
    func operatorsAndOperands() {
        let found = Self.operations("BT /F1 12 Tf\n[(CPF ) -250 (390)] TJ /Span <</ActualText (x)>> BDC EMC ET")
        #expect(found.map(\.0) == ["BT", "Tf", "TJ", "BDC", "EMC", "ET"])
        #expect(found[1].1 == [.name("F1"), .integer(12)])
        #expect(found[2].1 == [.array([.string(Array("CPF ".utf8)), .integer(-250), .string(Array("390".utf8))])])
        #expect(found[3].1 == [.name("Span"), .dictionary(["ActualText": .string([0x78])])])
        #expect(
            found.map(\.2) == [
                "BT", " /F1 12 Tf", "\n[(CPF ) -250 (390)] TJ", " /Span <</ActualText (x)>> BDC", " EMC", " ET",
            ])
    }

    @Test("an inline image's data is skipped, never read as operators, even when it holds their names")
    func inlineImages() {
        let found = Self.operations("q BI /W 2 /H 1 /BPC 8 /CS /G ID (x) Tj EI Q (after) Tj")
        #expect(found.map(\.0) == ["q", "Q", "Tj"])
        #expect(found[2].1 == [.string(Array("after".utf8))])
    }

    @Test("a stray ] or >> drops the operands before it; only the last operands past the bound are kept")
    func strayDelimitersAndBound() {
        #expect(Self.operations("1 2 ] 3 Td").first?.1 == [.integer(3)])
        #expect(Self.operations("1 2 >> Td").first?.1 == [])
        let many = (0..<5000).map(String.init).joined(separator: " ") + " Tj"
        let operands = Self.operations(many).first?.1 ?? []
        #expect(operands.count == PDFOperationReader.maximumOperands)
        #expect(operands.last == .integer(4999))
    }

    @Test("on random bytes every range lies within the content, after the one before it, and ends at its operator")
    func randomContent() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 ()<>[]/\\\nBTETjTJBIDEIq%".utf8)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
                alphabet.randomElement(using: &random)!
            }
            bytes.withUnsafeBytes { raw in
                var reader = PDFOperationReader(raw)
                var last = 0
                while let (name, range) = reader.next() {
                    #expect(range.lowerBound >= last && range.upperBound <= bytes.count)
                    #expect(bytes[range].suffix(name.utf8.count).elementsEqual(name.utf8))
                    last = range.upperBound
                }
            }
        }
    }
}
