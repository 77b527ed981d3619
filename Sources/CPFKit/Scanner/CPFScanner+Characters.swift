// The characters of CPFScanner's candidate rule, recognised by their UTF-8
// bytes: digits (ASCII and fullwidth), separators, line breaks and invisible
// characters, told without decoding where one byte decides; and a run of
// bytes in memory read character by character, forwards and backwards.

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
}
