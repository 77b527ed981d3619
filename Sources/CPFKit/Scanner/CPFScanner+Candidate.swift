// The candidate rule of CPFScanner, on a run of bytes in memory: the
// characters that matter (digits, separators, line breaks, invisible
// characters) recognised by their UTF-8 bytes, the candidate parsed from its
// first digit, and the test of whether it touches another number.

extension CPFScanner {
    /// What a character is to the candidate rule.
    internal enum Kind: UInt8 {
        case digit, dot, dash, space, slash, lineFeed, carriageReturn, invisible, star, other
        /// No character: past the end of the input, or of the bytes the rule may look at.
        case absent
        /// The bytes fed so far end inside the character, or before it.
        case starved
    }

    /// The kind of an ASCII byte.
    @inline(__always)
    internal static func asciiKind(_ byte: UInt8) -> Kind {
        switch byte {
        case 0x30...0x39: .digit
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "-"): .dash
        case UInt8(ascii: " "): .space
        case UInt8(ascii: "/"): .slash
        case 0x0A: .lineFeed
        case 0x0D: .carriageReturn
        case UInt8(ascii: "*"): .star
        default: .other
        }
    }

    /// The kind of a character that is not ASCII, from its code point:
    /// spaces, dashes, fullwidth digits U+FF10–FF19, the fullwidth asterisk
    /// U+FF0A (how `redact` hides a fullwidth digit), and the ignorable code
    /// points of ``isIgnorable(_:)`` (invisible).
    @inline(__always)
    internal static func scalarKind(_ scalar: UInt32) -> Kind {
        switch scalar {
        case 0xA0, 0x2009, 0x202F: .space
        case 0x2010...0x2015, 0x2212: .dash
        case 0xFF10...0xFF19: .digit
        case 0xFF0A: .star
        default: isIgnorable(scalar) ? .invisible : .other
        }
    }

    /// The number of bytes of the UTF-8 sequence that `lead` starts (2 to
    /// 4), or 0 when `lead` starts none.
    @inline(__always)
    internal static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
    }

    /// The lead bytes of two-byte characters (U+0080–U+07FF) none of which
    /// the candidate rule tells from a letter: bit *n* for lead `0xC0 + n`.
    /// Of those code points only U+00A0 (a space) and the ignorable U+00AD,
    /// U+034F, U+0600–0605, U+061C, U+06DD and U+070F are not `.other`, so
    /// every lead but C2, CD, D8, DB and DC is plain: C3 (U+00C0–U+00FF, the
    /// accented letters of Portuguese), C4–CC (Latin Extended), Greek,
    /// Cyrillic, Hebrew… Such a character is `.other` without decoding it,
    /// the cost the scanner had before it knew every ignorable code point.
    /// (C0 and C1 start no character; their bits are clear.) A test walks
    /// every two-byte sequence and compares with ``scalarKind(_:)``.
    @inline(__always)
    internal static var plainTwoByteLeads: UInt32 {
        // Every bit but 0, 1, 2 (C2), 13 (CD), 24 (D8), 27 (DB) and 28 (DC).
        0xE6FF_DFF8
    }

    /// The kind of the two-byte character `0xC2 second` (U+0080–U+00BF),
    /// and its length: only U+00A0 (a space) and U+00AD (soft hyphen,
    /// invisible) matter; anything else is `.other` of length 1, as
    /// ``scalarKind(_:)`` would say after decoding (a `second` that is not
    /// a continuation byte included).
    @inline(__always)
    internal static func kindC2(_ second: UInt8) -> (Kind, Int) {
        second == 0xA0 ? (.space, 2) : second == 0xAD ? (.invisible, 2) : (.other, 1)
    }

    /// The code point of the `length` bytes at `bytes` (a lead byte and its
    /// continuation bytes), or `nil` when they are not one well-formed
    /// UTF-8 sequence (an overlong form, a surrogate, past U+10FFFF).
    @inline(__always)
    internal static func decodeScalar(_ bytes: UnsafePointer<UInt8>, length: Int) -> UInt32? {
        let lead = bytes[0]
        var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in 1..<length {
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return nil
        case 4 where scalar < 0x1_0000 || scalar > 0x10_FFFF: return nil
        default: return scalar
        }
    }

    /// A run of bytes of the input in memory: `base[0..<count]` is the input
    /// from the offset `origin`; indices below `lowest` are before the start
    /// of the input (or before what the rule may look at). With `final`, the
    /// input ends at `count`; otherwise more may follow.
    internal struct Text {
        let base: UnsafePointer<UInt8>
        let count: Int
        let lowest: Int
        let final: Bool

        /// The character at `index`, which must lie before `limit`, and its length.
        @inline(__always)
        func next(_ index: Int, limit: Int) -> (Kind, Int) {
            if index >= limit { return (.absent, 0) }
            if index >= count { return (final ? .absent : .starved, 0) }
            let byte = base[index]
            if byte < 0x80 { return (CPFScanner.asciiKind(byte), 1) }
            return nextNonASCII(index, limit: limit)
        }

        /// ``next(_:limit:)`` for a byte from 0x80 at `index` (below `limit`
        /// and `count`). Out of line: inlined, its decoding made every
        /// caller save and restore more registers, some ten instructions a
        /// call even on ASCII, where it is never reached.
        @inline(never)
        func nextNonASCII(_ index: Int, limit: Int) -> (Kind, Int) {
            let byte = base[index]
            let length = CPFScanner.sequenceLength(byte)
            if length == 0 { return (.other, 1) }
            if index + length > limit { return (.absent, 0) }
            if index + length > count {
                // Only the bytes fed so far: starved while they may start the sequence.
                for next in index + 1..<count where base[next] & 0xC0 != 0x80 { return (.other, 1) }
                return (final ? .other : .starved, 1)
            }
            // Most characters of two bytes are letters: told without decoding.
            if length == 2 {
                if CPFScanner.plainTwoByteLeads >> UInt32(byte & 0x1F) & 1 != 0 { return (.other, 1) }
                if byte == 0xC2 { return CPFScanner.kindC2(base[index + 1]) }
            }
            guard let scalar = CPFScanner.decodeScalar(base + index, length: length) else { return (.other, 1) }
            let kind = CPFScanner.scalarKind(scalar)
            return kind == .other ? (.other, 1) : (kind, length)
        }

        /// The next character at or after `index` that is not invisible,
        /// before `limit`, and the index where it starts.
        @inline(__always)
        func nextVisible(_ index: Int, limit: Int) -> (kind: Kind, at: Int, length: Int) {
            var index = index
            while true {
                let (kind, length) = next(index, limit: limit)
                if kind != .invisible { return (kind, index, length) }
                index += length
            }
        }

        /// The character that ends just before `end`, lying at or after
        /// `limit`, and its length.
        @inline(__always)
        func previous(_ end: Int, limit: Int) -> (Kind, Int) {
            let limit = Swift.max(limit, lowest)
            if end <= limit { return (.absent, 0) }
            let last = base[end - 1]
            if last < 0x80 { return (CPFScanner.asciiKind(last), 1) }
            return previousNonASCII(end, limit: limit)
        }

        /// ``previous(_:limit:)`` for a byte from 0x80 just before `end`
        /// (`limit` below `end`, at least `lowest`). Out of line, as
        /// ``nextNonASCII(_:limit:)``.
        @inline(never)
        func previousNonASCII(_ end: Int, limit: Int) -> (Kind, Int) {
            let last = base[end - 1]
            if last >= 0xC0 { return (.other, 1) }
            // A character of two bytes, most often a letter: told without decoding.
            if end - 2 >= limit {
                let lead = base[end - 2]
                if lead &- 0xC2 < 0x1E {
                    if CPFScanner.plainTwoByteLeads >> UInt32(lead & 0x1F) & 1 != 0 { return (.other, 1) }
                    if lead == 0xC2 { return CPFScanner.kindC2(last) }
                }
            }
            // Back to the lead byte, at most three bytes before the last.
            var start = end - 2
            while start >= limit, end - start <= 4, base[start] & 0xC0 == 0x80 { start -= 1 }
            if start < limit || end - start > 4 { return (.other, 1) }
            let length = end - start
            guard CPFScanner.sequenceLength(base[start]) == length,
                let scalar = CPFScanner.decodeScalar(base + start, length: length)
            else { return (.other, 1) }
            let kind = CPFScanner.scalarKind(scalar)
            return kind == .other ? (.other, 1) : (kind, length)
        }

        /// The last character before `end` that is not invisible, at or after `limit`.
        @inline(__always)
        func previousVisible(_ end: Int, limit: Int) -> (kind: Kind, at: Int) {
            var end = end
            while true {
                let (kind, length) = previous(end, limit: limit)
                if kind != .invisible { return (kind, end - length) }
                end -= length
            }
        }

        /// Whether the digit at `index` starts a number: the character before
        /// it (invisible characters skipped) is not a digit.
        @inline(__always)
        func startsNumber(_ index: Int) -> Bool {
            // An ASCII byte before (never invisible) decides alone.
            if index > lowest, base[index - 1] < 0x80 { return base[index - 1] &- 0x30 >= 10 }
            return previousVisible(index, limit: index - CPFScanner.neighbourReach).kind != .digit
        }
    }

    /// How far the touch test looks on each side of a candidate, in bytes:
    /// the neighbour and the character next to it (invisible characters
    /// skipped) must lie within this many bytes of the digit.
    internal static let neighbourReach = 16
    /// The most bytes a candidate spans, from its first digit to its last.
    internal static let maximumSpan = 96

    /// A candidate parsed from its first digit.
    internal struct Candidate {
        init() {}

        /// A candidate of these 11 packed digits, its other fields to be set.
        init(packed: UInt64) { self.packed = packed }

        /// This candidate, ending just before `end`.
        func ending(at end: Int) -> Candidate {
            var candidate = self
            candidate.end = end
            return candidate
        }

        /// Just past the last digit.
        var end = 0
        /// The 11 digits, four bits each, the last in the low nibble.
        var packed: UInt64 = 0
        /// The offsets of the 11 digits from the first, a byte each (the
        /// first eight in `offsetsLow`, the last three in `offsetsHigh`).
        var offsetsLow: UInt64 = 0
        var offsetsHigh: UInt32 = 0
        /// One of the separators is a space (U+0020, U+00A0, U+202F, U+2009).
        var usesSpaces = false
        /// Written `DDD.DDD.DDD-DD` (any dash; a line break after a separator allowed).
        var isFullMask = true
        /// The three separators are all `.` (`200.147.123.45`).
        var isDotsOnly = true
        /// ``hasWideDigits`` (bit 0) and ``isOCRReading`` (bit 1), the two
        /// facts of rare candidates, in one byte: so a candidate takes 32
        /// bytes, four words, which Swift passes and returns by value; with
        /// two more `Bool`s (33 bytes) it went by reference, through memory,
        /// in and out of the parsers and ``CPFScanner/judge(_:_:at:origin:hidingFrom:onMatch:)``.
        private var rareFacts: UInt8 = 0

        /// Some digits are fullwidth (U+FF10–FF19, three bytes each).
        var hasWideDigits: Bool {
            get { rareFacts & 1 != 0 }
            set { rareFacts = newValue ? rareFacts | 1 : rareFacts & ~1 }
        }
        /// An OCR reading: some digits are look-alike letters (see ``CPFScanner/ocrCandidate(_:at:)``).
        var isOCRReading: Bool {
            get { rareFacts & 2 != 0 }
            set { rareFacts = newValue ? rareFacts | 2 : rareFacts & ~2 }
        }
    }

    /// The outcome of parsing at a digit.
    internal enum Parse {
        case candidate(Candidate)
        case none
        /// The bytes fed so far do not decide; try again with more.
        case starved
    }

    /// Parses the candidate whose first digit is at `first` and tests that it
    /// touches no other number.
    @inline(__always)
    internal static func parse(_ text: Text, at first: Int) -> Parse {
        var candidate = Candidate()
        let limit = first + maximumSpan
        var index = first
        var digitCount = 0
        for group in 0..<4 {
            // The digits of the group.
            for position in 0..<(group == 3 ? 2 : 3) {
                if group > 0 || position > 0 {
                    if position > 0 {
                        let (kind, at, _) = text.nextVisible(index, limit: limit)
                        if kind == .starved { return .starved }
                        guard kind == .digit else { return .none }
                        index = at
                    }
                }
                let offset = UInt64(index - first)
                if digitCount < 8 {
                    candidate.offsetsLow |= offset << (8 * UInt64(digitCount))
                } else {
                    candidate.offsetsHigh |= UInt32(offset) << (8 * UInt32(digitCount - 8))
                }
                // An ASCII digit, or a fullwidth one (EF BC 90–99).
                let byte = text.base[index]
                let isWide = byte >= 0x80
                if isWide { candidate.hasWideDigits = true }
                candidate.packed = candidate.packed << 4 | UInt64(isWide ? text.base[index + 2] &- 0x90 : byte &- 0x30)
                digitCount += 1
                index += isWide ? 3 : 1
            }
            if group == 3 { break }
            // The gap: nothing, a separator, a line break, or a separator and a line break.
            var (kind, at, length) = text.nextVisible(index, limit: limit)
            if kind == .starved { return .starved }
            if kind == .digit {
                candidate.isFullMask = false
                candidate.isDotsOnly = false
                index = at
                continue
            }
            var separator = Kind.other
            switch kind {
            case .dot, .dash: separator = kind
            case .slash where group == 2: separator = kind
            case .space:
                separator = .space
                if group == 2 {
                    // A dash with a space on each side, before the last group.
                    let (after, afterAt, afterLength) = text.nextVisible(at + length, limit: limit)
                    if after == .starved { return .starved }
                    if after == .dash {
                        let (space, spaceAt, spaceLength) = text.nextVisible(afterAt + afterLength, limit: limit)
                        if space == .starved { return .starved }
                        guard space == .space else { return .none }
                        separator = .slash  // neither a plain dash nor a space: no full mask
                        (kind, at, length) = (.space, spaceAt, spaceLength)
                    }
                }
            case .lineFeed, .carriageReturn: break
            default: return .none
            }
            if separator != .other {
                if separator == .space { candidate.usesSpaces = true }
                if separator != (group == 2 ? .dash : .dot) { candidate.isFullMask = false }
                if separator != .dot { candidate.isDotsOnly = false }
                (kind, at, length) = text.nextVisible(at + length, limit: limit)
                if kind == .starved { return .starved }
            } else {
                candidate.isFullMask = false
                candidate.isDotsOnly = false
            }
            if kind == .carriageReturn {
                (kind, at, length) = text.nextVisible(at + length, limit: limit)
                if kind == .starved { return .starved }
                guard kind == .lineFeed else { return .none }
            }
            if kind == .lineFeed {
                (kind, at, length) = text.nextVisible(at + length, limit: limit)
                if kind == .starved { return .starved }
            }
            guard kind == .digit else { return .none }
            index = at
        }
        candidate.end = index

        // Touching: after the last digit, then before the first.
        let afterLimit = candidate.end + neighbourReach
        let (after, afterAt, afterLength) = text.nextVisible(candidate.end, limit: afterLimit)
        switch after {
        case .starved: return .starved
        case .digit: return .none
        case .dot, .dash, .space:
            if after == .space && !candidate.usesSpaces { break }
            let (next, _, _) = text.nextVisible(afterAt + afterLength, limit: afterLimit)
            if next == .starved { return .starved }
            if next == .digit || (after == .space && next == .star) { return .none }
        default: break
        }
        if touchesBefore(text, first, usesSpaces: candidate.usesSpaces) { return .none }
        return .candidate(candidate)
    }

    /// Whether a candidate whose first digit is at `first` touches a number
    /// before it: the character before (invisible characters skipped) is a
    /// digit, or is `.` or a dash (or, for a candidate that uses spaces, a
    /// space) with a digit (or, after a space, a `*`) before it.
    @inline(__always)
    internal static func touchesBefore(_ text: Text, _ first: Int, usesSpaces: Bool) -> Bool {
        // Most often the byte before is ASCII (never invisible), and unless
        // it is `.`, `-` or a space that may join, it decides alone: looked
        // at directly, as ``Text/previous(_:limit:)`` would.
        if first > text.lowest {
            let byte = text.base[first - 1]
            if byte < 0x80 {
                switch asciiKind(byte) {
                case .digit: return true
                case .dot, .dash: break
                case .space where usesSpaces: break
                default: return false
                }
            }
        }
        return touchesBeforeByCharacters(text, first, usesSpaces: usesSpaces)
    }

    /// ``touchesBefore(_:_:usesSpaces:)`` character by character, whatever
    /// the bytes before `first`.
    @inline(__always)
    internal static func touchesBeforeByCharacters(_ text: Text, _ first: Int, usesSpaces: Bool) -> Bool {
        let beforeLimit = first - neighbourReach
        let (before, beforeAt) = text.previousVisible(first, limit: beforeLimit)
        switch before {
        case .digit: return true
        case .dot, .dash, .space:
            if before == .space && !usesSpaces { return false }
            let (previous, _) = text.previousVisible(beforeAt, limit: beforeLimit)
            return previous == .digit || (before == .space && previous == .star)
        default: return false
        }
    }
}

extension CPFScanner {
    /// The candidate starting at `first`, the first of 32 bytes that are all ASCII,
    /// parsed without looking for Unicode separators or invisible characters
    /// (there are none), with its touch test after the last digit; `nil`
    /// when there is none. It gives exactly what ``parse(_:at:)`` gives on
    /// such bytes, for the common case, at a fraction of the cost; the touch
    /// test before the first digit is ``touchesBefore(_:_:usesSpaces:)``'s.
    /// `digits` has bit *i* set when byte *i* is a digit, for the first 24 bytes.
    /// A candidate of ASCII bytes spans at most 22 bytes, and its touch test
    /// looks two bytes further: all within the 32.
    ///
    /// The caller first makes sure that 11 of the first 22 bytes are digits
    /// and not the first 12 (``scan(_:origin:from:limit:hidingFrom:onMatch:)``
    /// does, from `digits`): those quick rejections are not repeated here,
    /// where they cost some thirty instructions a call (the count of bits
    /// is not one instruction on baseline x86-64). They only save work: with
    /// fewer than 11 digits no shape below matches, and with 12 in a row
    /// the bare shape's touch test after it fails, so the answer is the same.
    @inline(__always)
    internal static func asciiCandidate(_ base: UnsafePointer<UInt8>, at first: Int, digits: UInt64) -> Candidate? {
        let bytes = base + first
        @inline(__always) func isDigit(_ index: Int) -> Bool { bytes[index] &- 0x30 < 10 }
        let raw = UnsafeRawPointer(bytes)
        // The shapes of most real text, each gap nothing, `.` or `-`
        // (`390.533.447-05`, `39053344705`, `390533447-05`…), judged a word
        // at a time as v1 did; anything else takes the loop below.
        @inline(__always) func gap(_ at: Int) -> (skip: Int, byte: UInt8)? {
            let byte = bytes[at]
            if byte &- 0x30 < 10 { return (0, 0) }
            return byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") ? (1, byte) : nil
        }
        // Whether the byte at `at`, where `gap` found no `.`, `-` or digit,
        // may still start a separator of the loop below: a space, a line
        // break, or before the last group a `/`. If not, no candidate starts
        // here: the loop would read the same groups and stop at that byte.
        @inline(__always) func mayBeOtherSeparator(_ at: Int, last: Bool) -> Bool {
            let byte = bytes[at]
            return byte == UInt8(ascii: " ") || byte == 0x0A || byte == 0x0D || (last && byte == UInt8(ascii: "/"))
        }
        guard let (s1, b1) = gap(3) else {
            if mayBeOtherSeparator(3, last: false) { return slowCandidate(bytes, at: first) }
            return nil
        }
        guard let (s2, b2) = gap(6 + s1) else {
            if mayBeOtherSeparator(6 + s1, last: false) { return slowCandidate(bytes, at: first) }
            return nil
        }
        guard let (s3, b3) = gap(9 + s1 + s2) else {
            if mayBeOtherSeparator(9 + s1 + s2, last: true) { return slowCandidate(bytes, at: first) }
            return nil
        }
        do {
            let skip2 = s1 + s2
            let skip3 = skip2 + s3
            // Digits at 0-2, 3+s1..., 6+skip2..., 9+skip3...10+skip3.
            let expected: UInt64 =
                0b111 | 0b111 << UInt64(3 + s1) | 0b111 << UInt64(6 + skip2) | 0b11 << UInt64(9 + skip3)
            if digits & expected == expected {
                // Bytes 0-7 and 3-10 of the digits alone, gathered from three loads each.
                @inline(__always) func word(_ offset: Int) -> UInt64 { DigitWord.load(raw, at: offset) }
                let first3: UInt64 = 0xFF_FFFF
                let next3: UInt64 = 0xFFFF_FF00_0000
                let last2: UInt64 = 0xFFFF_0000_0000_0000
                let front = word(0) & first3 | word(s1) & next3 | word(skip2) & last2
                let back = word(3 + s1) & first3 | word(3 + skip2) & next3 | word(3 + skip3) & last2
                var candidate = Candidate(packed: DigitWord.packedEleven(front: front, back: back))
                // Digit i lies at i, plus each skip it comes after.
                candidate.offsetsLow =
                    0x0706_0504_0302_0100 &+ UInt64(s1) &* 0x0101_0101_0100_0000
                    &+ UInt64(s2) &* 0x0101_0000_0000_0000
                candidate.offsetsHigh = 0x0A_0908 &+ UInt32(skip2) &* 0x01_0101 &+ UInt32(s3) &* 0x01_0100
                let separators = s1 &+ s2 &+ s3
                candidate.isFullMask =
                    separators == 3 && b1 == UInt8(ascii: ".") && b2 == UInt8(ascii: ".") && b3 == UInt8(ascii: "-")
                candidate.isDotsOnly =
                    separators == 3 && b1 == UInt8(ascii: ".") && b2 == UInt8(ascii: ".") && b3 == UInt8(ascii: ".")
                let end = 11 + skip3
                return touchesAfter(bytes, end, usesSpaces: false) ? nil : candidate.ending(at: first + end)
            }
            // The same groups, read by the loop below, would not be digits
            // either, unless a line break follows a separator.
            let lineBreaks =
                DigitWord.bytesEqual(DigitWord.load(raw), 0x0A) | DigitWord.bytesEqual(DigitWord.load(raw), 0x0D)
                | DigitWord.bytesEqual(DigitWord.load(raw, at: 8), 0x0A)
                | DigitWord.bytesEqual(DigitWord.load(raw, at: 8), 0x0D)
                | DigitWord.bytesEqual(DigitWord.load(raw, at: 16), 0x0A)
                | DigitWord.bytesEqual(DigitWord.load(raw, at: 16), 0x0D)
            return lineBreaks == 0 ? nil : slowCandidate(bytes, at: first)
        }
    }

    /// ``asciiCandidate(_:at:digits:)`` for the shapes with a space, a line
    /// break or `/` between groups, a byte at a time.
    @inline(never)
    private static func slowCandidate(_ bytes: UnsafePointer<UInt8>, at first: Int) -> Candidate? {
        @inline(__always) func isDigit(_ index: Int) -> Bool { bytes[index] &- 0x30 < 10 }
        var candidate = Candidate()
        var index = 0
        var digitCount = 0
        for group in 0..<4 {
            let size = group == 3 ? 2 : 3
            for _ in 0..<size {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                if digitCount < 8 {
                    candidate.offsetsLow |= UInt64(index) << (8 * UInt64(digitCount))
                } else {
                    candidate.offsetsHigh |= UInt32(index) << (8 * UInt32(digitCount - 8))
                }
                candidate.packed = candidate.packed << 4 | UInt64(digit)
                digitCount += 1
                index += 1
            }
            if group == 3 { break }
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                candidate.isFullMask = false
                candidate.isDotsOnly = false
                continue
            }
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "-"):
                if byte != (group == 2 ? UInt8(ascii: "-") : UInt8(ascii: ".")) { candidate.isFullMask = false }
                if byte != UInt8(ascii: ".") { candidate.isDotsOnly = false }
                index += 1
            case UInt8(ascii: " "):
                candidate.isFullMask = false
                candidate.isDotsOnly = false
                if group == 2, bytes[index + 1] == UInt8(ascii: "-") {
                    // A dash with a space on each side, before the last group.
                    guard bytes[index + 2] == UInt8(ascii: " ") else { return nil }
                    index += 3
                } else {
                    candidate.usesSpaces = true
                    index += 1
                }
            case UInt8(ascii: "/") where group == 2:
                candidate.isFullMask = false
                candidate.isDotsOnly = false
                index += 1
            case 0x0A, 0x0D:
                candidate.isFullMask = false
                candidate.isDotsOnly = false
            default:
                return nil
            }
            if bytes[index] == 0x0D {
                guard bytes[index + 1] == 0x0A else { return nil }
                index += 2
            } else if bytes[index] == 0x0A {
                index += 1
            }
            guard isDigit(index) else { return nil }
        }
        candidate.end = first + index
        return touchesAfter(bytes, index, usesSpaces: candidate.usesSpaces) ? nil : candidate
    }

    /// Whether the ASCII bytes right after a candidate ending at `end` touch
    /// another number: a digit, or `.` or `-` (or, for a candidate that uses
    /// spaces, a space) followed by a digit (or, after a space, a `*`).
    @inline(__always)
    internal static func touchesAfter(_ bytes: UnsafePointer<UInt8>, _ end: Int, usesSpaces: Bool) -> Bool {
        let after = bytes[end]
        if after &- 0x30 < 10 { return true }
        if after == UInt8(ascii: ".") || after == UInt8(ascii: "-") || (after == UInt8(ascii: " ") && usesSpaces) {
            let next = bytes[end + 1]
            return next &- 0x30 < 10 || (after == UInt8(ascii: " ") && next == UInt8(ascii: "*"))
        }
        return false
    }
}
