// The fast skip of CPFScanner: most text has no digit, and most digits do not
// start a number, so the scanner looks at eight bytes at a time for the next
// digit and, after a number that is no CPF, for the end of its run of digits.

extension CPFScanner {
    /// The index of the first ASCII digit or byte 0xEF (which starts a
    /// fullwidth digit, U+FF10–FF19 being EF BC 90–99) in
    /// `base[from..<limit]`, or an index at least `limit` with neither
    /// before it from `from`; eight bytes at a time while eight bytes are
    /// left before `count` (the bytes that may be read, which may go past
    /// `limit`). A word with no byte from 0x80 costs one test more.
    ///
    /// `firstDigit(in: "ab 1", from: 0, limit: 4, count: 4) == 3`
    @inline(__always)
    internal static func firstDigit(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int, count: Int) -> Int {
        var index = start
        while index < limit, count - index >= 8 {
            let word = DigitWord.load(base + index)
            var digits = DigitWord.digitBits(word)
            if word & DigitWord.highBits != 0 { digits |= DigitWord.bytesEqual(word, 0xEF) }
            if digits != 0 { return index + digits.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < limit, base[index] &- 0x30 >= 10, base[index] != 0xEF { index += 1 }
        return index
    }

    /// Whether a number (or an OCR reading) may start among the 64 bytes at
    /// `start`: the 72 bytes from there hold an ASCII digit or a byte 0xEF
    /// (a reading starts at most two bytes before its first digit). Nine
    /// words of carry-free sums, and 0xEF looked for only among the
    /// characters of three bytes or more; 72 bytes are read.
    ///
    /// `mayStartNumber(Array("no digits here…" + 60 × "a"))` is false.
    @inline(__always)
    internal static func mayStartNumber(_ start: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(start)
        var digits: UInt64 = 0
        var fromE0: UInt64 = 0
        for index in 0..<9 {
            let word = DigitWord.load(raw, at: 8 * index)
            // Bit 7 of a byte is set when it is a digit: `word ^ "00000000"`
            // turns digits into 0–9; adding 0x76 to its low seven bits (no
            // carry leaves a byte) sets bit 7 of every byte from 10 up, and
            // or-ing the byte back that of every byte from 0x80. Not
            // ``DigitWord/digitBits(_:)``'s sums: the optimiser kept those
            // on the stack for the ``BlockMasks`` that may follow, some
            // thirty instructions more for every block passed over.
            let fromZero = word ^ 0x3030_3030_3030_3030
            digits |= ~((fromZero & ~DigitWord.highBits) &+ 0x7676_7676_7676_7676 | fromZero)
            // Bits 7, 6 and 5 set: a byte from 0xE0.
            fromE0 |= word & word << 1 & word << 2
        }
        if digits & DigitWord.highBits != 0 { return true }
        if fromE0 & DigitWord.highBits == 0 { return false }
        for index in 0..<9 where DigitWord.bytesEqual(DigitWord.load(raw, at: 8 * index), 0xEF) != 0 { return true }
        return false
    }

    /// The positions among the 64 bytes at `start` where a fullwidth digit
    /// (EF BC 90–99) starts, bit *i* for byte *i*, among `leads` (every
    /// such position and maybe others: ``wideRuns(_:_:)``). Two bytes after
    /// the 64 may be read.
    @inline(__always)
    internal static func wideDigitStarts(_ start: UnsafePointer<UInt8>, leads: UInt64) -> UInt64 {
        var candidates = leads
        var starts: UInt64 = 0
        while candidates != 0 {
            let position = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            if start[position] == 0xEF, start[position + 1] == 0xBC, start[position + 2] &- 0x90 < 10 {
                starts |= 1 << UInt64(position)
            }
        }
        return starts
    }

    /// Among 64 positions, whose masks are `current` (`next`: the 64 after),
    /// those that start three bytes from 0x80 in a row: where a fullwidth
    /// digit (EF BC 90–99) may start. Latin text has few such runs (two
    /// accented letters in a row), so the bytes 0xEF are looked for there
    /// only, by ``wideDigitStarts(_:leads:)``.
    @inline(__always)
    internal static func wideRuns(_ current: BlockMasks, _ next: BlockMasks) -> UInt64 {
        let high = current.nonASCII
        if high == 0 { return 0 }
        return high & funnel(high, next.nonASCII, 1) & funnel(high, next.nonASCII, 2)
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
    /// Bit masks of 64 bytes, bit *i* for byte *i*: `digits`, the ASCII
    /// digits; `inCandidate`, the bytes that may lie between the first and
    /// the last digit of a candidate (digits, `,` to `/`, ASCII controls and
    /// space, every byte from 0x80; more than the rule allows, never less);
    /// and `nonASCII`, the bytes from 0x80.
    internal struct BlockMasks {
        var digits: UInt64
        var inCandidate: UInt64
        var nonASCII: UInt64

        /// The masks of the 64 bytes at `start`.
        @inline(__always)
        init(_ start: UnsafePointer<UInt8>) {
            let high = DigitWord.highBits
            var digits: UInt64 = 0
            var inCandidate: UInt64 = 0
            var highs: UInt64 = 0
            let raw = UnsafeRawPointer(start)
            for index in 0..<8 {
                let word = DigitWord.load(raw, at: 8 * index)
                let low = word & ~high
                let atLeastComma = low &+ 0x5454_5454_5454_5454  // >= 0x2C
                let atLeastZero = low &+ 0x5050_5050_5050_5050  // >= 0x30
                let aboveNine = low &+ 0x4646_4646_4646_4646  // >= 0x3A
                let aboveSpace = low &+ 0x5F5F_5F5F_5F5F_5F5F  // >= 0x21
                let digit = atLeastZero & ~aboveNine & ~word & high
                let other = ((atLeastComma & ~aboveNine) | ~aboveSpace) & ~word & high | word & high
                let shift = UInt64(8 * index)
                digits |= DigitWord.gatherHighBits(digit) << shift
                inCandidate |= DigitWord.gatherHighBits(other) << shift
                highs |= word
            }
            self.digits = digits
            self.inCandidate = inCandidate
            // Most blocks are ASCII: their bytes from 0x80 are gathered only
            // when there are some.
            var nonASCII: UInt64 = 0
            if highs & high != 0 {
                for index in 0..<8 {
                    nonASCII |= DigitWord.gatherHighBits(DigitWord.load(raw, at: 8 * index)) << UInt64(8 * index)
                }
            }
            self.nonASCII = nonASCII
        }
    }

    /// Bits `shift` to `shift + 63` of the 128-bit number `high:low`, for
    /// `shift` from 0 to 63.
    @inline(__always)
    internal static func funnel(_ low: UInt64, _ high: UInt64, _ shift: Int) -> UInt64 {
        shift == 0 ? low : low >> UInt64(shift) | high << UInt64(64 - shift)
    }

    /// The positions among 64 bytes, whose masks are `current`, where a
    /// candidate may start: three digits after a byte that is no digit
    /// (`digitBefore` tells about the byte before the first), with 11 bytes
    /// or more of `inCandidate` from there on (`next` holds the masks of the
    /// 64 bytes that follow).
    @inline(__always)
    internal static func possibleStarts(_ current: BlockMasks, _ next: BlockMasks, digitBefore: Bool) -> UInt64 {
        let digits = current.digits
        // A candidate's first group is three digits, or digits with an
        // invisible character (not ASCII) among them; and a number starts
        // only after a byte that is no digit.
        let threeDigits = funnel(digits, next.digits, 1) & funnel(digits, next.digits, 2)
        let nonASCIINear = funnel(current.nonASCII, next.nonASCII, 1) | funnel(current.nonASCII, next.nonASCII, 2)
        let starts = digits & (threeDigits | nonASCIINear) & ~(digits << 1 | (digitBefore ? 1 : 0))
        let low = current.inCandidate
        let high = next.inCandidate
        // Bit p of runN: the N bits from p on are all set.
        let run2 = low & (low >> 1 | high << 63)
        let run2High = high & high >> 1
        let run4 = run2 & funnel(run2, run2High, 2)
        let run4High = run2High & run2High >> 2
        let run8 = run4 & funnel(run4, run4High, 4)
        let run11 = run8 & funnel(run4, run4High, 7)
        return starts & run11
    }
}
