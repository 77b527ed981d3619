// The candidate rule of CPFScanner, on a run of bytes in memory: the
// candidate parsed from its first digit, and the test of whether it touches
// another number.

extension CPFScanner {
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
        /// in and out of the parsers and ``CPFScanner/judge(_:_:at:origin:hidingFrom:reportedEnd:into:)``.
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
