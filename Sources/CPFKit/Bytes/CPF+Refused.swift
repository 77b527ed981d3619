extension CPF {
    /// Whether text that `options` refused as a CPF (with `error`) still is
    /// one, or may be one, so that a tool that must not let a CPF through
    /// in clear hides it: a mistyped CPF in any lenient form (11 digits,
    /// wrong check digits), one of the ten repeated numbers, a valid CPF in
    /// a form `options` refuse (lenient under `.strict`), a run of 9 or 10
    /// digits that is a valid CPF once padded (when `options` do not pad),
    /// and with padding any padded run of 9 or 10 digits; the same for a
    /// whole number of 9 to 11 digits as a spreadsheet writes it
    /// (`1.09190572E+09`, `1091905720.0`). Text that is no
    /// CPF at all (`N/A`, empty, a 12-digit number, a number of 8 digits
    /// or fewer) is not.
    ///
    /// This is how `cpf pseudonymize` decides what it hides rather than copies.
    ///
    /// ```swift
    /// Array("390.533.447-00".utf8).withUnsafeBytes { bytes in
    ///     if case .failure(let error) = CPF.parse(bytes) { CPF.mayBeCPF(bytes, refused: error) }   // true
    /// }
    /// Array("N/A".utf8).withUnsafeBytes { CPF.mayBeCPF($0, refused: .invalidCharacter("N", position: 1)) }
    /// // false
    /// ```
    package static func mayBeCPF(
        _ bytes: UnsafeRawBufferPointer, refused error: CPFValidationError, options: ParsingOptions = .lenient
    ) -> Bool {
        var digitCount = 0
        if let number = bytes.withMemoryRebound(to: UInt8.self, { spreadsheetInteger($0) }) {
            digitCount = number.count  // `1.09190572E+09` holds 11 digits but writes a number of 10
        } else {
            for byte in bytes where byte &- 0x30 < 10 { digitCount += 1 }
        }
        guard (9...11).contains(digitCount) else { return false }
        switch error {
        case .checkDigits, .repeatedDigits:
            return true
        case .empty, .invalidCharacter, .format, .length:
            let broad = ParsingOptions(format: .lenient, padsLeadingZeros: true, allowsRepeatedDigits: true)
            switch parse(bytes, options: broad) {
            case .success:
                return true
            case .failure(.checkDigits):
                return digitCount == 11 || options.padsLeadingZeros
            case .failure:
                return false
            }
        }
    }
}
