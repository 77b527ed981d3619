// OCR readings of CPFScanner: a CPF written as the full mask
// `DDD.DDD.DDD-DD` in which OCR turned up to two digits into letters that
// look like them (`133.72O.622-99`, `3l0.996.985-88`). Looked for only where
// the full mask's shape already is: `.` `.` `-` at their places, a digit in
// the first group and in the last.

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
        // Touching, after then before, invisible characters skipped.
        let afterLimit = end + neighbourReach
        let (after, afterAt, afterLength) = text.nextVisible(end, limit: afterLimit)
        if after == .starved { return .starved }
        switch ocrNeighbour(text, after, at: afterAt) {
        case .word: return .none
        case .joining:
            let (next, nextAt, _) = text.nextVisible(afterAt + afterLength, limit: afterLimit)
            if next == .starved { return .starved }
            if ocrNeighbour(text, next, at: nextAt) == .word { return .none }
        case .apart: break
        }
        let beforeLimit = first - neighbourReach
        let (before, beforeAt) = text.previousVisible(first, limit: beforeLimit)
        switch ocrNeighbour(text, before, at: beforeAt) {
        case .word: return .none
        case .joining:
            let (previous, previousAt) = text.previousVisible(beforeAt, limit: beforeLimit)
            if ocrNeighbour(text, previous, at: previousAt) == .word { return .none }
        case .apart: break
        }
        candidate.offsetsLow = fullMaskOffsets.low
        candidate.offsetsHigh = fullMaskOffsets.high
        candidate.isOCRReading = true
        candidate.isDotsOnly = false
        candidate.end = end
        return .candidate(candidate)
    }
}
