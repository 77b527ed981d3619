// The quick parse of CPFScanner's candidate rule, for the common case of 32
// bytes that are all ASCII: the shapes of most text judged a word at a time,
// the others a byte at a time, with exactly the full parse's answer.

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
    /// and not the first 12 (``scan(_:origin:from:limit:hidingFrom:reportedEnd:into:)``
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
