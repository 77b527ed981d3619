// The scanner's fast path: whole numbers judged from 64-byte bit masks.

extension CPFScanner {
    /// Scans from `start` (outside any number) for as long as 64 bytes are
    /// left, judging whole numbers from bit masks.
    ///
    /// A window of 64 bytes has two masks, one bit per byte: `digits`, and
    /// `joiners` for `,` `-` `.` `/`. A joiner between two digits is a link;
    /// digits and links make the `number` mask, and a number starts where a
    /// bit of it follows a clear one. Only the numbers of 11 to 14 bytes can
    /// be CPFs: those starts are found with a few shifts and ANDs, and only
    /// they are looked at one by one. Numbers starting in the first 48 bytes
    /// of the window are judged (the last 16 bytes are there to see where
    /// they end); then the window slides 48 bytes, the masks with it, and
    /// only the 48 new bytes are classified.
    ///
    /// Stops with fewer than 64 bytes left: at a byte outside any number, or
    /// (`inLongNumber`) inside a number of 15 bytes or more, where the state
    /// `digits` can go on: right after a digit of it, or at one.
    @inlinable
    @inline(__always)
    internal static func scanBlocks(
        from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, origin: Int,
        onMatch: (Match) -> Void
    ) -> (cursor: UnsafePointer<UInt8>, inLongNumber: Bool) {
        var window = start
        var (digits, joiners) = masks(window, words: 8)
        // Bit 0: whether the byte before the window is a digit / in a number.
        var digitBefore: UInt64 = 0
        var numberBefore: UInt64 = 0
        var number: UInt64 = 0
        let judged: UInt64 = 0xFFFF_FFFF_FFFF  // the first 48 positions
        while true {
            // The byte after the window is unknown: a joiner at position 63 is
            // never taken for a link, which only shortens numbers too long anyway.
            let links = joiners & (digits << 1 | digitBefore) & digits >> 1
            number = digits | links
            let starts = number & ~(number << 1 | numberBefore)
            // Bit i of `run11` (`run15`): the 11 (15) bytes from i are all in a number.
            let run2 = number & number >> 1
            let run4 = run2 & run2 >> 2
            let run8 = run4 & run4 >> 4
            let run11 = run8 & run4 >> 7
            let run15 = run8 & run8 >> 7
            var candidates = starts & run11 & ~run15 & judged
            while candidates != 0 {
                let position = candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                let length = (~(number >> UInt64(position))).trailingZeroBitCount
                let first = window + position
                if let (cpf, separators) = wholeNumberCPF(first, length: length, digits: UInt32(truncatingIfNeeded: digits >> UInt64(position))) {
                    let offset = origin + (first - base)
                    onMatch(Match(range: offset..<offset + length, cpf: cpf, separators: separators))
                }
            }
            if end - window < 112 { break }
            digitBefore = digits >> 47 & 1
            numberBefore = number >> 47 & 1
            window += 48
            let fresh = masks(window + 16, words: 6)
            digits = digits >> 48 | fresh.digits << 16
            joiners = joiners >> 48 | fresh.joiners << 16
        }
        // Leave at the first position not judged, unless a number runs across it.
        guard number >> 47 & 1 != 0 else { return (window + 48, false) }
        let numberEnd = 48 + (~(number >> 48)).trailingZeroBitCount
        if numberEnd >= 63 { return (window + 63, true) }  // 16 bytes or more; byte 62 or 63 a digit
        return (window + numberEnd, false)                  // judged already; the byte there is in no number
    }

    /// Bit masks of the `words` × 8 bytes at `start` (at most 64): bit *i*
    /// is set when byte *i* is an ASCII digit (`digits`) or one of `,` `-` `.`
    /// `/` (`joiners`).
    @inlinable
    @inline(__always)
    internal static func masks(_ start: UnsafePointer<UInt8>, words: Int) -> (digits: UInt64, joiners: UInt64) {
        let raw = UnsafeRawPointer(start)
        var digits: UInt64 = 0
        var joiners: UInt64 = 0
        for index in 0..<words {
            let word = DigitWord.load(raw, at: 8 * index)
            digits |= DigitWord.gatherHighBits(DigitWord.digitBits(word)) << UInt64(8 * index)
            joiners |= DigitWord.gatherHighBits(DigitWord.joinerBits(word)) << UInt64(8 * index)
        }
        return (digits, joiners)
    }

    /// The CPF that the whole number of `length` bytes (11 to 14) at
    /// `start` is, with its separators as in ``Match``; `digits` has a bit
    /// per digit byte. Reads 16 bytes from `start`.
    ///
    /// Without a branch on the shape: the bytes that are not digits must be
    /// exactly the separators of one of the eight shapes (a `.` at byte 3 or
    /// not, a `.` after six digits or not, a `-` after nine digits or not);
    /// the 11 digits are then gathered into two words with six loads at
    /// offsets the shape gives, and judged a word at a time with the
    /// arithmetic of ``CPF/isValid(_:options:)``.
    @inlinable
    @inline(__always)
    internal static func wholeNumberCPF(_ start: UnsafePointer<UInt8>, length: Int, digits: UInt32) -> (CPF, UInt8)? {
        // Masking shifts and wrapping arithmetic: every amount here is small.
        let others = ~digits & (1 &<< UInt32(truncatingIfNeeded: length) &- 1)
        let dot1 = others &>> 3 & 1
        let dot2 = others &>> (6 &+ dot1) & 1
        let skip2 = dot1 &+ dot2
        let dash = others &>> (9 &+ skip2) & 1
        let skip3 = skip2 &+ dash
        let bytes = UnsafeRawPointer(start)
        let wrongSeparators = UInt32(bytes.load(fromByteOffset: 3, as: UInt8.self) ^ 0x2E) &* dot1
            | UInt32(bytes.load(fromByteOffset: 6 &+ Int(dot1), as: UInt8.self) ^ 0x2E) &* dot2
            | UInt32(bytes.load(fromByteOffset: 9 &+ Int(skip2), as: UInt8.self) ^ 0x2D) &* dash
        guard others == dot1 &<< 3 | dot2 &<< (6 &+ dot1) | dash &<< (9 &+ skip2),
              length == 11 &+ Int(skip3), wrongSeparators == 0
        else { return nil }

        // The 11 digits as bytes 0-7 (`front`) and 3-10 (`back`).
        let first3: UInt64 = 0xFF_FFFF
        let next3: UInt64 = 0xFFFF_FF00_0000
        let last2: UInt64 = 0xFFFF_0000_0000_0000
        @inline(__always) func word(_ offset: UInt32) -> UInt64 {
            DigitWord.load(bytes, at: Int(offset))
        }
        let front = word(0) & first3 | word(dot1) & next3 | word(skip2) & last2
        let back = word(3 &+ dot1) & first3 | word(3 &+ skip2) & next3 | word(3 &+ skip3) & last2

        guard DigitWord.isValidEleven(front: front, back: back) else { return nil }
        let packed = DigitWord.packedEleven(front: front, back: back)
        return (CPF(packed: packed), UInt8(truncatingIfNeeded: dot1 | dot2 &<< 1 | dash &<< 2))
    }
}
