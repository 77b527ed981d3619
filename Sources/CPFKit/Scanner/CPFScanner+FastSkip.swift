// The fast skip of CPFScanner: most text has no digit, and most digits do not
// start a number, so the scanner looks at eight bytes at a time for the next
// digit and, after a number that is no CPF, for the end of its run of digits.

extension CPFScanner {
    /// The index of the first ASCII digit in `base[from..<limit]`, or an
    /// index at least `limit` with no digit before it from `from`;
    /// eight bytes at a time while eight bytes are left before `count` (the
    /// bytes that may be read, which may go past `limit`).
    ///
    /// `firstDigit(in: "ab 1", from: 0, limit: 4, count: 4) == 3`
    @inline(__always)
    internal static func firstDigit(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int, count: Int) -> Int {
        var index = start
        while index < limit, count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let digits = digitBits(word)
            if digits != 0 { return index + digits.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < limit, base[index] &- 0x30 >= 10 { index += 1 }
        return index
    }

    /// The index of the first byte at or after `start` that is not an ASCII
    /// digit, or `count`: the end of a run of digits, eight bytes at a time.
    @inline(__always)
    internal static func endOfDigits(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let others = ~digitBits(word) & 0x8080_8080_8080_8080
            if others != 0 { return index + others.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] &- 0x30 < 10 { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` that is an ASCII digit: bytes below
    /// 0x80 whose low seven bits are at least 0x30 and not above 0x39 (no sum
    /// carries from one byte into the next).
    ///
    /// `digitBits(0x3938_6161_6161_6130) == 0x8080_0000_0000_0080` ("0aaaaa89")
    @inline(__always)
    internal static func digitBits(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let atLeastZero = low &+ 0x5050_5050_5050_5050     // high bit set when low >= 0x30
        let aboveNine = low &+ 0x4646_4646_4646_4646       // high bit set when low >= 0x3A
        return atLeastZero & ~aboveNine & ~word & high
    }
}
