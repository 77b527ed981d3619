extension CPF {
    /// The valid CPFs one typing mistake away from `text`: one digit changed,
    /// or two adjacent digits swapped. Useful to tell a user what they most
    /// likely meant.
    ///
    /// `text` is read leniently; only its digits count, and it must have 11
    /// of them (else there are no suggestions). A valid number is not its own
    /// suggestion. Repeated-digit numbers are never suggested.
    ///
    /// ```swift
    /// CPF.suggestions(for: "390.533.447-06")
    /// // [390.533.447-05, ...] sorted by digits
    /// ```
    ///
    /// - Complexity: O(1): 99 substitutions and 10 swaps are tried.
    public static func suggestions(for text: some StringProtocol) -> [CPF] {
        var digits = text.utf8.compactMap { $0 &- 0x30 < 10 ? Int($0 &- 0x30) : nil }
        guard digits.count == 11 else { return [] }
        let original = digits
        var found = Set<CPF>()

        func consider() {
            guard digits != original else { return }
            let packed = digits.reduce(into: UInt64(0)) { $0 = $0 << 4 | UInt64($1) }
            if case .success(let cpf) = CPF.conclude(
                packed: packed, digitCount: 11, isBare: true, isMask: false, options: .lenient) {
                found.insert(cpf)
            }
        }

        for index in 0..<11 {
            for digit in 0...9 where digit != original[index] {
                digits[index] = digit
                consider()
            }
            digits[index] = original[index]
        }
        for index in 0..<10 where original[index] != original[index + 1] {
            digits.swapAt(index, index + 1)
            consider()
            digits.swapAt(index, index + 1)
        }
        return found.sorted()
    }
}
