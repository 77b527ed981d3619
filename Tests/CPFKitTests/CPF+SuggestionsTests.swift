import CPFKit
import Testing

@Suite("CPF.suggestions(for:)")
struct CPFSuggestionsTests {
    /// The definition, checked the slow way: every 11-digit string that
    /// differs from `digits` in one place, or in two adjacent places holding
    /// each other's digits, and that the readable rule calls valid.
    static func bruteForce(_ digits: [UInt8]) -> [String] {
        var found = Set<String>()
        for i in 0..<11 {
            for j in i..<11 {
                for a in UInt8(0)...9 {
                    for b in UInt8(0)...9 {
                        var candidate = digits
                        candidate[i] = a
                        candidate[j] = b
                        let differing = (0..<11).filter { candidate[$0] != digits[$0] }
                        let isSubstitution = differing.count == 1
                        let isSwap =
                            differing.count == 2 && differing[1] == differing[0] + 1
                            && candidate[differing[0]] == digits[differing[1]]
                            && candidate[differing[1]] == digits[differing[0]]
                        guard isSubstitution || isSwap else { continue }
                        let text = String(decoding: candidate.map { $0 + 48 }, as: UTF8.self)
                        if text.isValidCPF { found.insert(text) }
                    }
                }
            }
        }
        return found.sorted()
    }

    @Test("equal a brute-force search over all one-typo neighbours, for random numbers")
    func matchesBruteForce() {
        var random = SplitMix64(seed: 11)
        for round in 0..<150 {
            var digits = (0..<11).map { _ in UInt8(random.next() % 10) }
            if round % 3 == 0 {
                // Start from a valid number with one typo, the common case.
                let cpf = CPFGenerator().next(using: &random)
                digits = cpf.digits.utf8.map { $0 - 48 }
                let index = Int(random.next() % 11)
                digits[index] = (digits[index] + 1 + UInt8(random.next() % 9)) % 10
            }
            let text = String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
            #expect(CPF.suggestions(for: text).map(\.digits) == Self.bruteForce(digits), "\(text)")
        }
    }

    @Test("a mistyped check digit suggests the right number")
    func fixesCheckDigit() {
        #expect(CPF.suggestions(for: "390.533.447-06").map(\.formatted).contains("390.533.447-05"))
    }

    @Test("two swapped digits are found")
    func fixesSwap() {
        // 390.533.447-05 with its 4th and 5th digits swapped.
        #expect(CPF.suggestions(for: "395.033.447-05").map(\.digits).contains("39053344705"))
    }

    @Test(
        "inputs without 10 to 12 digits have no suggestions", arguments: ["", "123", "390.533.44", "390.533.447-0555"])
    func needsElevenDigits(text: String) {
        #expect(CPF.suggestions(for: text).isEmpty)
    }

    @Test("a missing digit is found, wherever it was", arguments: Array(0..<11))
    func fixesMissingDigit(index: Int) {
        var digits = Array("39053344705")
        digits.remove(at: index)
        let found = CPF.suggestions(for: String(digits))
        #expect(found.map(\.digits).contains("39053344705"))
        #expect(found.allSatisfy { $0.digits.count == 11 && "\($0.digits)".isValidCPF })
    }

    @Test("an extra digit is found, wherever it was", arguments: Array(0..<12))
    func fixesExtraDigit(index: Int) {
        var digits = Array("39053344705")
        digits.insert("8", at: index)
        #expect(CPF.suggestions(for: String(digits)).map(\.digits).contains("39053344705"))
    }

    @Test("never suggests the input itself or a repeated-digit number")
    func excludesSelfAndRepeated() {
        #expect(!CPF.suggestions(for: "39053344705").map(\.digits).contains("39053344705"))
        #expect(!CPF.suggestions(for: "11111111112").map(\.digits).contains("11111111111"))
    }
}
