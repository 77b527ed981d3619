// OCR readings of CPFScanner: a CPF written as the full mask
// `DDD.DDD.DDD-DD` in which OCR turned up to two digits into letters that
// look like them (`133.72O.622-99`, `3l0.996.985-88`), looked for only where
// the full mask's shape already is (`.` `.` `-` at their places, a digit in
// the first group and in the last); and, after a CPF keyword, the same
// letters among 11 characters written bare (`CPF 3l099698588`), looked for
// only at a letter with three digits in a row beside it.

extension CPFScanner {
    /// The digit an OCR reading takes an ASCII byte for: a digit for itself,
    /// a look-alike letter for the digit it is mistaken for, or `nil`.
    ///
    /// | digit | look-alikes |
    /// |---|---|
    /// | 0 | `O` `o` `D` `Q` |
    /// | 1 | `l` `I` `i` `\|` `!` |
    /// | 2 | `Z` `z` |
    /// | 5 | `S` `s` |
    /// | 6 | `G` `b` |
    /// | 7 | `T` |
    /// | 8 | `B` |
    /// | 9 | `g` `q` |
    ///
    /// `ocrDigit(UInt8(ascii: "O")) == 0`, `ocrDigit(UInt8(ascii: "x")) == nil`
    @inline(__always)
    internal static func ocrDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte &- 0x30
        case UInt8(ascii: "O"), UInt8(ascii: "o"), UInt8(ascii: "D"), UInt8(ascii: "Q"): 0
        case UInt8(ascii: "l"), UInt8(ascii: "I"), UInt8(ascii: "i"), UInt8(ascii: "|"), UInt8(ascii: "!"): 1
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): 2
        case UInt8(ascii: "S"), UInt8(ascii: "s"): 5
        case UInt8(ascii: "G"), UInt8(ascii: "b"): 6
        case UInt8(ascii: "T"): 7
        case UInt8(ascii: "B"): 8
        case UInt8(ascii: "g"), UInt8(ascii: "q"): 9
        default: nil
        }
    }

    /// The offsets of the 11 digit positions of the full mask from its first.
    internal static let fullMaskOffsets: (low: UInt64, high: UInt32) = (0x0908_0605_0402_0100, 0x0D_0C0A)

    /// The most look-alike letters an OCR reading holds.
    internal static let maximumOCRLetters = 2

    /// Among 64 positions, whose masks are `current` (`next`: the 64 after),
    /// those where an OCR reading of the full mask may start: bytes 3, 7 and
    /// 11 from there may be separators, a digit lies among bytes 0–2 and
    /// among bytes 10, 12 and 13, and, at a position of `starts` (where a
    /// number of digits may start: its first 11 bytes may all be digits and
    /// separators), bytes 12 and 13 are not both digits (a letter would be
    /// among them). More than the rule allows, never less.
    @inline(__always)
    internal static func possibleOCRStarts(_ current: BlockMasks, _ next: BlockMasks, starts: UInt64) -> UInt64 {
        let separators = current.inCandidate & ~current.digits
        let nextSeparators = next.inCandidate & ~next.digits
        let shape =
            funnel(separators, nextSeparators, 3) & funnel(separators, nextSeparators, 7)
            & funnel(separators, nextSeparators, 11)
        if shape == 0 { return 0 }
        let digits = current.digits
        let firstGroup = digits | funnel(digits, next.digits, 1) | funnel(digits, next.digits, 2)
        let twelve = funnel(digits, next.digits, 12)
        let thirteen = funnel(digits, next.digits, 13)
        // Of bytes 8–10 and 12–13, at most two are letters: 10, 12 or 13 is a digit.
        let lastGroup = funnel(digits, next.digits, 10) | twelve | thirteen
        return shape & firstGroup & lastGroup & ~(starts & twelve & thirteen)
    }

    /// Whether an ASCII byte next to an OCR reading joins it to a word or a
    /// number: a letter, a digit, `*` or `_`.
    @inline(__always)
    internal static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
    }

    /// What the character next to an OCR reading is to it.
    internal enum OCRNeighbour {
        /// A word or a number it would belong to: an ASCII letter or digit,
        /// `*`, `_`, a fullwidth digit, or any other character not ASCII
        /// that is not a space or a dash.
        case word
        /// `.`, `/` or a dash: a word or number just past it touches.
        case joining
        /// Anything else, or nothing.
        case apart
    }

    /// What the character of kind `kind` at `at` is next to an OCR reading.
    @inline(__always)
    internal static func ocrNeighbour(_ text: Text, _ kind: Kind, at: Int) -> OCRNeighbour {
        switch kind {
        case .absent, .starved, .space, .lineFeed, .carriageReturn: return .apart
        case .digit, .star: return .word
        case .dot, .dash, .slash: return .joining
        default:
            let byte = text.base[at]
            return byte >= 0x80 || isWordByte(byte) ? .word : .apart
        }
    }

    /// The OCR reading of the full mask whose first position is at `first`:
    /// bytes `first..<first + 14` are `DDD.DDD.DDD-DD` where each `D` is a
    /// digit or a look-alike letter (see ``ocrDigit(_:)``), with 1 or 2
    /// letters, and it touches no word or number (see ``OCRNeighbour``):
    /// the character before it and the one after it (invisible characters
    /// skipped, within 16 bytes) are no `.word`, nor a `.joining` one
    /// with a `.word` past it.
    @inline(__always)
    internal static func ocrCandidate(_ text: Text, at first: Int) -> Parse {
        // The bytes fed so far that are wrong decide already; most
        // positions fail at once.
        let available = Swift.min(first + 14, text.count)
        @inline(__always) func isNot(_ offset: Int, _ byte: UInt8) -> Bool {
            first + offset < available && text.base[first + offset] != byte
        }
        if isNot(3, UInt8(ascii: ".")) || isNot(7, UInt8(ascii: ".")) || isNot(11, UInt8(ascii: "-")) { return .none }
        return ocrReading(text, at: first, available: available)
    }

    /// ``ocrCandidate(_:at:)`` once its separators are in place.
    @inline(never)
    private static func ocrReading(_ text: Text, at first: Int, available: Int) -> Parse {
        let base = text.base
        let end = first + 14
        var candidate = Candidate()
        var letters = 0
        for index in 0..<11 {
            let at = first + index + (index < 3 ? 0 : index < 6 ? 1 : index < 9 ? 2 : 3)
            if at >= available { return text.final ? .none : .starved }
            let byte = base[at]
            guard let digit = ocrDigit(byte) else { return .none }
            if byte &- 0x30 >= 10 { letters += 1 }
            candidate.packed = candidate.packed << 4 | UInt64(digit)
        }
        guard letters > 0, letters <= maximumOCRLetters else { return .none }
        if let touching = ocrTouches(text, from: first, to: end) { return touching }
        candidate.offsetsLow = fullMaskOffsets.low
        candidate.offsetsHigh = fullMaskOffsets.high
        candidate.isOCRReading = true
        candidate.isDotsOnly = false
        candidate.end = end
        return .candidate(candidate)
    }

    /// Whether an OCR reading from `first` to `end` touches a word or a
    /// number (see ``OCRNeighbour``): `.none` when it does, `.starved` when
    /// the bytes fed so far do not tell, `nil` when it touches nothing. The
    /// character before it and the one after it (invisible characters
    /// skipped, within 16 bytes) are no `.word`, nor a `.joining` one with a
    /// `.word` past it.
    @inline(__always)
    private static func ocrTouches(_ text: Text, from first: Int, to end: Int) -> Parse? {
        // After, then before.
        let afterLimit = end + neighbourReach
        let (after, afterAt, afterLength) = text.nextVisible(end, limit: afterLimit)
        if after == .starved { return .starved }
        switch ocrNeighbour(text, after, at: afterAt) {
        case .word: return Parse.none
        case .joining:
            let (next, nextAt, _) = text.nextVisible(afterAt + afterLength, limit: afterLimit)
            if next == .starved { return .starved }
            if ocrNeighbour(text, next, at: nextAt) == .word { return Parse.none }
        case .apart: break
        }
        let beforeLimit = first - neighbourReach
        let (before, beforeAt) = text.previousVisible(first, limit: beforeLimit)
        switch ocrNeighbour(text, before, at: beforeAt) {
        case .word: return Parse.none
        case .joining:
            let (previous, previousAt) = text.previousVisible(beforeAt, limit: beforeLimit)
            if ocrNeighbour(text, previous, at: previousAt) == .word { return Parse.none }
        case .apart: break
        }
        return nil
    }
}

extension CPFScanner {
    /// Whether the byte is one a look-alike letter may be among the block
    /// masks: ASCII, and no digit, separator (`,` to `/`), space or control
    /// (every letter, `|`, `!`, and other punctuation).
    @inline(__always)
    internal static func isOtherASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80 && byte &- 0x2C >= 14
    }

    /// Whether the byte at `at` is where a bare reading after a keyword is
    /// looked for: ``isOtherASCII(_:)``, with three ASCII digits in a row
    /// just after it or just before it (within `text`).
    @inline(__always)
    internal static func isKeywordOCRTrigger(_ text: Text, at: Int) -> Bool {
        let base = text.base
        guard isOtherASCII(base[at]) else { return false }
        @inline(__always) func digit(_ index: Int) -> Bool {
            index >= text.lowest && index < text.count && base[index] &- 0x30 < 10
        }
        return (digit(at + 1) && digit(at + 2) && digit(at + 3)) || (digit(at - 1) && digit(at - 2) && digit(at - 3))
    }

    /// Among 64 positions, whose masks are `current` (`next`: the 64 after),
    /// those of ``isKeywordOCRTrigger(_:at:)``: a byte that is no digit,
    /// separator, space, control or byte from 0x80, with three digits in a
    /// row just after it or just before it, and maybe others (which
    /// ``keywordOCRReading(_:letter:)`` passes over). `runs` has bit *i* set
    /// when bytes *i* to *i* + 2 are digits (*i* from 0 to 63); `runsBefore`
    /// is that of the 64 bytes before (its top three bits are what matters);
    /// `writtenBefore` has bit *i* set when byte *i* of the 64 before is a
    /// digit or no separator (its top four bits matter; all ones when not
    /// known).
    ///
    /// Every bare reading after a keyword holds such a letter: its nine or
    /// more digits lie in at most three runs split by its one or two
    /// letters, so the longest run has three digits or more and a letter
    /// beside it. Of those letters, only the ones with a digit or letter
    /// four bytes away on the side of the digits, or one byte away on the
    /// other side, are kept: 11 bytes holding the letter and the three
    /// digits hold one of those too (`.566Z ` in a timestamp is passed over).
    @inline(__always)
    internal static func possibleKeywordOCRLetters(
        _ current: BlockMasks, _ next: BlockMasks, runs: UInt64, runsBefore: UInt64, writtenBefore: UInt64
    ) -> UInt64 {
        let threeAfter = runs >> 1 | (next.digits & 0b111 == 0b111 ? 1 << 63 : 0)
        let threeBefore = runs << 3 | runsBefore >> 61
        let letters = ~current.inCandidate & (threeAfter | threeBefore)
        if letters == 0 { return 0 }
        // The reading's 11 bytes hold the letter and its three digits, and
        // one byte more on either side: a digit or a letter (no separator).
        let written = current.digits | ~current.inCandidate
        let nextWritten = next.digits | ~next.inCandidate
        let oneAfter = funnel(written, nextWritten, 1)
        let oneBefore = written << 1 | writtenBefore >> 63
        let fourBefore = written << 4 | writtenBefore >> 60
        return letters
            & (threeBefore & (fourBefore | oneAfter) | threeAfter & (funnel(written, nextWritten, 4) | oneBefore))
    }

    /// The runs-of-three mask (see ``possibleKeywordOCRLetters(_:_:runs:runsBefore:)``)
    /// of the 64 bytes before `index`, as far as its top three bits go (the
    /// ones that matter): bit 61 when the three bytes before `index` are
    /// ASCII digits, bit 62 for the two before and the one at `index`, bit
    /// 63 for the one before and the two from `index`. `digits` is the
    /// digits mask of the 64 bytes from `index`.
    @inline(__always)
    internal static func runsOfThree(_ text: Text, before index: Int, _ digits: UInt64) -> UInt64 {
        var before: UInt64 = 0
        if index - text.lowest >= 8 {
            before = DigitWord.gatherHighBits(DigitWord.digitBits(DigitWord.load(text.base + index - 8))) << 56
        } else {
            for back in 1...3 where index - back >= text.lowest && text.base[index - back] &- 0x30 < 10 {
                before |= 1 << UInt64(64 - back)
            }
        }
        return before & (before >> 1 | digits << 63) & (before >> 2 | digits << 62)
    }

    /// Where a bare reading after a keyword that bytes still to come may
    /// complete would start, if it holds the byte at `index`: when the ASCII
    /// digits and look-alike letters from `index` go on to the end of the
    /// bytes fed so far, the first of those just before `index`; otherwise,
    /// or when they are more than 11 in all (too many for a reading),
    /// `index`. A reading fully written is decided where it is tried.
    @inline(__always)
    internal static func keywordReadingStart(_ text: Text, before index: Int) -> Int {
        let base = text.base
        var end = index
        while end < text.count {
            guard ocrDigit(base[end]) != nil, end - index < 11 else { return index }
            end += 1
        }
        var start = index
        while start > text.lowest, end - start <= 11, ocrDigit(base[start - 1]) != nil { start -= 1 }
        return end - start > 11 ? index : start
    }

    /// The bare OCR reading after a CPF keyword that holds the look-alike
    /// letter at `letter` (a position of ``isKeywordOCRTrigger(_:at:)``), and
    /// where it starts: the 11 bytes around it are ASCII digits and
    /// look-alike letters (see ``ocrDigit(_:)``), with 1 or 2 letters, no
    /// such byte just before or after them, no word or number touching them
    /// (see ``OCRNeighbour``), and a CPF keyword before them (see the
    /// keyword file). It is tried at the first such letter of the reading
    /// only, so that however the text is cut it is found once.
    @inline(never)
    internal static func keywordOCRReading(_ text: Text, letter: Int) -> (parse: Parse, start: Int) {
        let base = text.base
        guard ocrDigit(base[letter]) != nil, isKeywordOCRTrigger(text, at: letter) else { return (.none, letter) }
        // Back to the first byte of the run of digits and look-alikes.
        var start = letter
        while start > text.lowest, letter - start < 11, ocrDigit(base[start - 1]) != nil { start -= 1 }
        if letter - start >= 11 { return (.none, letter) }
        // Tried at the first trigger letter of the reading only.
        for index in start..<letter where isKeywordOCRTrigger(text, at: index) { return (.none, letter) }
        let end = start + 11
        var candidate = Candidate()
        var letters = 0
        for index in start..<end {
            if index >= text.count { return (text.final ? .none : .starved, start) }
            let byte = base[index]
            guard let digit = ocrDigit(byte) else { return (.none, letter) }
            if byte &- 0x30 >= 10 { letters += 1 }
            candidate.packed = candidate.packed << 4 | UInt64(digit)
        }
        guard letters <= maximumOCRLetters else { return (.none, letter) }
        // No digit or look-alike just after it (`|` and `!` are no word bytes).
        if end < text.count, ocrDigit(base[end]) != nil { return (.none, letter) }
        if let touching = ocrTouches(text, from: start, to: end) { return (touching, start) }
        // Only after a CPF keyword.
        guard keyword(text, before: start)?.kind == .cpf else { return (.none, letter) }
        candidate.offsetsLow = 0x0706_0504_0302_0100
        candidate.offsetsHigh = 0x0A_0908
        candidate.isOCRReading = true
        candidate.isFullMask = false
        candidate.isDotsOnly = false
        candidate.end = end
        return (.candidate(candidate), start)
    }
}
