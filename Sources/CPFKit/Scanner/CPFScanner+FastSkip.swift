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
            let digits = DigitWord.digitBits(DigitWord.load(base + index))
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
            let others = ~DigitWord.digitBits(DigitWord.load(base + index)) & DigitWord.highBits
            if others != 0 { return index + others.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] &- 0x30 < 10 { index += 1 }
        return index
    }
}

extension CPFScanner {
    /// Two bit masks of the 64 bytes at `start`, bit *i* for byte *i*:
    /// `digits`, the ASCII digits, and `inCandidate`, the bytes that may lie
    /// between the first and the last digit of a candidate (digits, `,` to
    /// `/`, ASCII controls and space, every byte from 0x80; more than the
    /// rule allows, never less).
    ///
    /// A candidate starts at a digit after a byte that is no digit and
    /// covers 11 bytes or more of `inCandidate`: only such positions are
    /// worth a look.
    @inline(__always)
    internal static func blockMasks(_ start: UnsafePointer<UInt8>) -> (digits: UInt64, inCandidate: UInt64) {
        let high: UInt64 = 0x8080_8080_8080_8080
        var digits: UInt64 = 0
        var inCandidate: UInt64 = 0
        let raw = UnsafeRawPointer(start)
        for index in 0..<8 {
            let word = DigitWord.load(raw, at: 8 * index)
            let low = word & ~high
            let atLeastComma = low &+ 0x5454_5454_5454_5454    // >= 0x2C
            let atLeastZero = low &+ 0x5050_5050_5050_5050     // >= 0x30
            let aboveNine = low &+ 0x4646_4646_4646_4646       // >= 0x3A
            let aboveSpace = low &+ 0x5F5F_5F5F_5F5F_5F5F      // >= 0x21
            let digit = atLeastZero & ~aboveNine & ~word & high
            let other = ((atLeastComma & ~aboveNine) | ~aboveSpace) & ~word & high | word & high
            digits |= DigitWord.gatherHighBits(digit) << UInt64(8 * index)
            inCandidate |= DigitWord.gatherHighBits(other) << UInt64(8 * index)
        }
        return (digits, inCandidate)
    }

    /// The positions among the first 48 of the 64 bytes at `start` where a
    /// candidate may start (see ``blockMasks(_:)``); `digitBefore` tells
    /// whether the byte before `start` is a digit. Also the mask of the
    /// digits, bit *i* for byte *i*.
    @inline(__always)
    internal static func possibleStarts(_ start: UnsafePointer<UInt8>, digitBefore: Bool) -> (starts: UInt64, digits: UInt64) {
        let (digits, inCandidate) = blockMasks(start)
        let starts = digits & ~(digits << 1 | (digitBefore ? 1 : 0))
        let run2 = inCandidate & inCandidate >> 1
        let run4 = run2 & run2 >> 2
        let run8 = run4 & run4 >> 4
        let run11 = run8 & run4 >> 7
        return (starts & run11 & 0xFFFF_FFFF_FFFF, digits)
    }
}
