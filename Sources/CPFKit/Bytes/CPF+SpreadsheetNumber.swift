// The byte-level reading of a whole number as a spreadsheet writes it
// (`1091905720.0`, `1.09190572E+09`), for the byte and streaming parsers when
// leading zeros are padded. It must agree with `spreadsheetIntegerDigits` in
// Rule/StringProtocol+CPF.swift, the readable rule; the tests check that over
// random inputs cut into random pieces.

extension CPF {
    /// Reads bytes one at a time as a whole number of 1 to 11 digits written
    /// by a spreadsheet: a fraction of zeros (`1091905720.0`) or scientific
    /// notation (`1.09190572E+09`), with spaces, tabs and carriage returns
    /// allowed around it.
    ///
    /// ```swift
    /// var number = CPF.SpreadsheetNumber()
    /// for byte in "1.09190572E+09".utf8 { number.consume(byte) }
    /// number.integerDigits   // (packed: 0x109190572_0, count: 10)
    /// ```
    ///
    /// - Complexity: O(1) a byte and O(1) memory.
    @usableFromInline
    internal struct SpreadsheetNumber: Sendable {
        /// Whether the bytes so far can no longer be such a number.
        @usableFromInline internal private(set) var isDead = false
        private var sawContent = false
        private var pendingTrim = false
        private var sawPoint = false
        private var sawExponentMark = false
        private var sawPlus = false
        /// Digits before the point or the exponent mark.
        private var wholeCount = 0
        /// Digits after the point, before the exponent mark.
        private var fractionCount = 0
        private var fractionIsZero = true
        /// The first 11 digits of the whole part and the fraction, four bits each.
        private var packed: UInt64 = 0
        /// How many digits of the whole part and the fraction a number needs:
        /// up to its last digit that is not zero.
        private var significantCount = 0
        private var exponentCount = 0
        private var exponent = 0

        @usableFromInline
        internal init() {}

        /// Reads the next byte.
        @usableFromInline
        internal mutating func consume(_ byte: UInt8) {
            if isDead { return }
            if CPF.isTrimmedByte(byte) {
                pendingTrim = sawContent
                return
            }
            if pendingTrim {
                // A space, tab or carriage return inside the number.
                isDead = true
                return
            }
            sawContent = true
            let digit = byte &- 0x30
            if digit < 10 {
                if sawExponentMark {
                    exponentCount += 1
                    exponent = exponent * 10 + Int(digit)
                    isDead = exponentCount > 2
                    return
                }
                if sawPoint {
                    fractionCount += 1
                    fractionIsZero = fractionIsZero && digit == 0
                } else {
                    wholeCount += 1
                    isDead = wholeCount > 11
                }
                let position = wholeCount + fractionCount
                if position <= 11 { packed = packed << 4 | UInt64(digit) }
                if digit != 0 { significantCount = position }
                return
            }
            switch byte {
            case UInt8(ascii: "."):
                isDead = sawPoint || sawExponentMark || wholeCount == 0
                sawPoint = true
            case UInt8(ascii: "E"), UInt8(ascii: "e"):
                isDead = sawExponentMark || wholeCount != 1 || (sawPoint && fractionCount == 0)
                sawExponentMark = true
            case UInt8(ascii: "+"):
                isDead = !sawExponentMark || sawPlus || exponentCount > 0
                sawPlus = true
            default:
                isDead = true
            }
        }

        /// The number's digits, packed four bits each, and their count from 1
        /// to 11, when the bytes read are such a number; else `nil`.
        @usableFromInline
        internal var integerDigits: (packed: UInt64, count: Int)? {
            guard !isDead, wholeCount > 0 else { return nil }
            let count: Int
            if sawExponentMark {
                guard exponentCount > 0, exponent + 1 <= 11, significantCount <= exponent + 1 else { return nil }
                count = exponent + 1
            } else {
                guard sawPoint, fractionCount > 0, fractionIsZero else { return nil }
                count = wholeCount
            }
            let held = min(wholeCount + fractionCount, 11)
            let digits = held >= count ? packed >> UInt64(4 * (held - count)) : packed << UInt64(4 * (count - held))
            return (digits, count)
        }
    }
}

extension CPF {
    /// The digits of `bytes` read as a whole number a spreadsheet wrote,
    /// packed four bits each, and their count (1 to 11), when `options` read
    /// such numbers (lenient, padding); else `nil`. For the command's
    /// rewriters, which write such a number's digits, never its characters.
    ///
    /// ```swift
    /// Array("1.09190572E+09".utf8).withUnsafeBytes {
    ///     CPF.spreadsheetInteger($0, options: .init(padsLeadingZeros: true))
    /// }   // (packed: 0x1091905720, count: 10)
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    package static func spreadsheetInteger(
        _ bytes: UnsafeRawBufferPointer, options: ParsingOptions
    ) -> (packed: UInt64, count: Int)? {
        guard options.padsLeadingZeros, options.format == .lenient else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self) { spreadsheetInteger($0) }
    }
}
