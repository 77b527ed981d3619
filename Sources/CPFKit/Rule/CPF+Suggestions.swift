extension CPF {
    /// The valid CPFs one typing mistake away from `text`: one digit changed,
    /// two adjacent digits swapped, one digit missing (10 digits given) or
    /// one digit too many (12 digits given). Useful to tell a user what they
    /// most likely meant.
    ///
    /// `text` is read leniently; only its digits count, and it must have 10,
    /// 11 or 12 of them (else there are no suggestions). A valid number is
    /// not its own suggestion. Repeated-digit numbers are never suggested.
    ///
    /// ```swift
    /// CPF.suggestions(for: "390.533.447-06")
    /// // [390.533.447-05, ...] sorted by digits
    /// CPF.suggestions(for: "3905334470")    // a digit missing
    /// // [..., 390.533.447-05, ...]
    /// ```
    ///
    /// - Complexity: O(1): at most 110 insertions, 99 substitutions and 10
    ///   swaps, or 12 deletions, are tried.
    public static func suggestions(for text: some StringProtocol) -> [CPF] {
        var digits = text.utf8.compactMap { $0 &- 0x30 < 10 ? Int($0 &- 0x30) : nil }
        var found = Set<CPF>()

        func add(_ candidate: [Int]) {
            let packed = candidate.reduce(into: UInt64(0)) { $0 = $0 << 4 | UInt64($1) }
            if case .success(let cpf) = CPF.conclude(
                packed: packed, digitCount: 11, isBare: true, isMask: false, options: .lenient)
            {
                found.insert(cpf)
            }
        }

        switch digits.count {
        case 10:
            for index in 0...10 {
                for digit in 0...9 {
                    var candidate = digits
                    candidate.insert(digit, at: index)
                    add(candidate)
                }
            }
            return found.sorted()
        case 12:
            for index in 0..<12 {
                var candidate = digits
                candidate.remove(at: index)
                add(candidate)
            }
            return found.sorted()
        case 11:
            break
        default:
            return []
        }
        let original = digits

        func consider() {
            guard digits != original else { return }
            add(digits)
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
