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

    /// The positions among the 64 bytes at `start` where a fullwidth digit
    /// (EF BC 90–99) starts, bit *i* for byte *i*; `leads` has bit *i*
    /// set when byte *i* is 0xEF. Two bytes after the 64 may be read.
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
    /// `nonASCII`, the bytes from 0x80; and `wideLeads`, the bytes 0xEF
    /// (which start the fullwidth digits EF BC 90–99).
    internal struct BlockMasks {
        var digits: UInt64
        var inCandidate: UInt64
        var nonASCII: UInt64
        var wideLeads: UInt64

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
            // when there are some, out of line.
            (nonASCII, wideLeads) = highs & high != 0 ? Self.nonASCIIMasks(raw) : (0, 0)
        }

        /// `nonASCII` and `wideLeads` of the 64 bytes at `raw`, some of them from 0x80.
        @inline(never)
        static func nonASCIIMasks(_ raw: UnsafeRawPointer) -> (nonASCII: UInt64, wideLeads: UInt64) {
            var nonASCII: UInt64 = 0
            var wideLeads: UInt64 = 0
            // Bytes from 0xE0 (bits 7, 6 and 5 set) start the characters of three bytes or more.
            var fromE0: UInt64 = 0
            for index in 0..<8 {
                let word = DigitWord.load(raw, at: 8 * index)
                nonASCII |= DigitWord.gatherHighBits(word) << UInt64(8 * index)
                fromE0 |= word & word << 1 & word << 2
            }
            // Bytes 0xEF, sought only among such characters (rare in Latin text).
            if fromE0 & DigitWord.highBits != 0 {
                for index in 0..<8 {
                    let word = DigitWord.load(raw, at: 8 * index)
                    wideLeads |= DigitWord.gatherHighBits(DigitWord.bytesEqual(word, 0xEF)) << UInt64(8 * index)
                }
            }
            return (nonASCII, wideLeads)
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
