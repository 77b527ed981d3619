// Tests of MaskLayout.swift: the layout the CPF and CNPJ masks share.

import Testing

@testable import CPFKit

@Suite("MaskLayout")
struct MaskLayoutTests {
    /// A layout with a separator at positions 1 and 3: "a-b-c".
    static func dashes(_ position: Int) -> UInt8? { position == 1 || position == 3 ? UInt8(ascii: "-") : nil }

    @Test(
        "the masked length counts a separator only once a character follows it",
        arguments: [(0, 0), (1, 1), (2, 3), (3, 5), (4, 6)])
    func maskedLength(count: Int, expected: Int) {
        #expect(MaskLayout.maskedLength(of: count, separator: Self.dashes) == expected)
    }

    @Test("the masked length is the length of the mask each type writes, at every count")
    func agreesWithTheMasks() {
        let digits = "39053344705"
        for count in 0...11 {
            #expect(
                MaskLayout.maskedLength(of: count, separator: CPFMask.separator(at:))
                    == CPFMask.apply(to: digits.prefix(count)).utf8.count)
        }
        let characters = "12ABC34501DE35"
        for count in 0...14 {
            #expect(
                MaskLayout.maskedLength(of: count, separator: CNPJMask.separator(at:))
                    == CNPJMask.apply(to: characters.prefix(count)).utf8.count)
        }
    }
}
