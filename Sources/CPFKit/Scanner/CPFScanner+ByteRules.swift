// The scanner's rules for single bytes and whole numbers.

extension CPFScanner {
    /// `,` `-` `.` `/`, the bytes that join two runs of digits into one
    /// number (0x2C to 0x2F).
    @inlinable
    @inline(__always)
    internal static func isJoiner(_ byte: UInt8) -> Bool {
        byte &- 0x2C < 4
    }

    /// The bit of ``Match``'s separators for a separator that comes after
    /// `digitCount` digits of a CPF, or 0 when no CPF has that separator there.
    @inlinable
    @inline(__always)
    internal static func separatorBit(_ separator: UInt8, afterDigits digitCount: Int) -> UInt8 {
        switch (separator, digitCount) {
        case (UInt8(ascii: "."), 3): 1
        case (UInt8(ascii: "."), 6): 2
        case (UInt8(ascii: "-"), 9): 4
        default: 0
        }
    }

    /// The CPF that a whole number is, given its digits: 11 digits, not one
    /// repeated, with valid check digits.
    @inlinable
    @inline(__always)
    internal static func cpf(packed: UInt64, digitCount: Int) -> CPF? {
        guard digitCount == 11 else { return nil }
        let digits = packed & 0xFFF_FFFF_FFFF
        let (first, second) = DigitWord.checkDigits(ofPacked: digits >> 8)
        guard digits & 0xFF == UInt64(first) << 4 | UInt64(second), !DigitWord.isRepeated(packed: digits) else { return nil }
        return CPF(packed: digits)
    }

    /// The first ASCII digit in `start..<end`, or `end`; eight bytes at a time.
    @inlinable
    @inline(__always)
    internal static func firstDigit(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var cursor = start
        while end - cursor >= 8 {
            let digits = DigitWord.digitBits(DigitWord.load(cursor))
            if digits != 0 { return cursor + digits.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        while cursor < end, cursor.pointee &- 0x30 >= 10 { cursor += 1 }
        return cursor
    }
}
