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

    /// The kind of the character whose UTF-8 encoding is `E2 second third`.
    @inline(__always)
    internal static func kindE2(_ second: UInt8, _ third: UInt8) -> Kind {
        switch (second, third) {
        case (0x80, 0x8B...0x8F), (0x80, 0xAA...0xAE), (0x81, 0xA0), (0x81, 0xA6...0xA9): .invisible  // U+200B–200F, U+202A–202E, U+2060, U+2066–2069
        case (0x80, 0x90...0x95), (0x88, 0x92): .dash     // U+2010–2015, U+2212
        case (0x80, 0x89), (0x80, 0xAF): .space           // U+2009, U+202F
        default: .other
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
            guard byte == 0xC2 || byte == 0xE2 || byte == 0xEF else { return (.other, 1) }
            if index + 1 >= limit { return (.absent, 0) }
            if index + 1 >= count { return (final ? .other : .starved, 1) }
            let second = base[index + 1]
            if byte == 0xC2 {
                return second == 0xAD ? (.invisible, 2) : second == 0xA0 ? (.space, 2) : (.other, 1)
            }
            guard byte == 0xE2 ? (second == 0x80 || second == 0x81 || second == 0x88) : second == 0xBB else { return (.other, 1) }
            if index + 2 >= limit { return (.absent, 0) }
            if index + 2 >= count { return (final ? .other : .starved, 1) }
            let third = base[index + 2]
            if byte == 0xEF { return third == 0xBF ? (.invisible, 3) : (.other, 1) }
            let kind = CPFScanner.kindE2(second, third)
            return kind == .other ? (.other, 1) : (kind, 3)
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
            if last >= 0xC0 || end - 2 < limit { return (.other, 1) }
            let second = base[end - 2]
            if second == 0xC2 {
                return last == 0xAD ? (.invisible, 2) : last == 0xA0 ? (.space, 2) : (.other, 1)
            }
            if end - 3 < limit { return (.other, 1) }
            let first = base[end - 3]
            if first == 0xEF, second == 0xBB, last == 0xBF { return (.invisible, 3) }
            if first == 0xE2 {
                let kind = CPFScanner.kindE2(second, last)
                if kind != .other { return (kind, 3) }
            }
            return (.other, 1)
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
            previousVisible(index, limit: index - CPFScanner.neighbourReach).kind != .digit
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
        var lastDigit = first
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
                candidate.packed = candidate.packed << 4 | UInt64(text.base[index] &- 0x30)
                digitCount += 1
                lastDigit = index
                index += 1
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
        candidate.end = lastDigit + 1

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
        let beforeLimit = first - neighbourReach
        let (before, beforeAt) = text.previousVisible(first, limit: beforeLimit)
        switch before {
        case .digit: return .none
        case .dot, .dash, .space:
            if before == .space && !candidate.usesSpaces { break }
            let (previous, _) = text.previousVisible(beforeAt, limit: beforeLimit)
            if previous == .digit || (before == .space && previous == .star) { return .none }
        default: break
        }
        return .candidate(candidate)
    }
}

extension CPFScanner {
    /// Whether the 32 bytes at `first`, all ASCII, may hold a candidate that
    /// starts there: a quick test of the rule for text without invisible or
    /// Unicode characters. `false` means ``parse(_:at:)`` finds none (it
    /// never rejects what the rule accepts); `true` means ask it.
    @inline(__always)
    internal static func mayStartASCIICandidate(_ bytes: UnsafePointer<UInt8>) -> Bool {
        @inline(__always) func isDigit(_ index: Int) -> Bool { bytes[index] &- 0x30 < 10 }
        var index = 0
        for group in 0..<4 {
            let size = group == 3 ? 2 : 3
            for offset in 0..<size where !isDigit(index + offset) { return false }
            index += size
            if group == 3 { break }
            let byte = bytes[index]
            if byte &- 0x30 < 10 { continue }
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: " "):
                if group == 2, byte == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "-") {
                    guard bytes[index + 2] == UInt8(ascii: " ") else { return false }
                    index += 2
                }
                index += 1
            case UInt8(ascii: "/") where group == 2:
                index += 1
            case 0x0A, 0x0D:
                break
            default:
                return false
            }
            if bytes[index] == 0x0A {
                index += 1
            } else if bytes[index] == 0x0D {
                guard bytes[index + 1] == 0x0A else { return false }
                index += 2
            }
        }
        let after = bytes[index]
        if after &- 0x30 < 10 { return false }
        if after == UInt8(ascii: ".") || after == UInt8(ascii: "-") { return !isDigit(index + 1) }
        return true
    }
}
