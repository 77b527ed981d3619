// The bit-level primitives of every fast path (the byte parser, the
// streaming parser, the generator, the text scanner), in one place.
//
// A *word* is eight bytes of text read as a `UInt64` with its first byte in
// the low eight bits, whatever the machine's byte order: every load goes
// through `DigitWord.load`, which says so with `UInt64(littleEndian:)`.
// *Packed* digits are four bits each, the last digit in the low nibble, so
// `390.533.447-05` is `0x390_5334_4705`.
//
// Each function states why it is right; Tests/CPFKitTests/DigitWordTests.swift
// checks every one of them against the readable rule for each of the 256
// byte values at each of the eight positions of a word.

/// Word-at-a-time operations on ASCII digits.
@usableFromInline
internal enum DigitWord {
    /// 0x01 in every byte.
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every byte.
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` from `raw`, the first in the low eight bits.
    @inlinable
    @inline(__always)
    static func load(_ raw: UnsafeRawPointer, at offset: Int = 0) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether all eight bytes of `word` are ASCII digits `0`–`9`.
    ///
    /// Proof: a digit is 0x30–0x39, so its high nibble is 3 and its low
    /// nibble plus 6 stays below 16. Adding 0x06 to every low nibble at once
    /// cannot carry from one byte into the next (each low nibble is at most
    /// 0x0F, and 0x0F + 0x06 < 0x100), so a carry into a high nibble shows
    /// exactly the low nibbles above 9.
    @inlinable
    @inline(__always)
    static func areDigits(_ word: UInt64) -> Bool {
        word & (0xF0 &* ones) == 0x30 &* ones && (word & (0x0F &* ones) &+ 0x06 &* ones) & (0xF0 &* ones) == 0
    }

    /// Bit 7 of each byte of `word` that is an ASCII digit, and no other bit.
    ///
    /// Proof: on the low seven bits of each byte (at most 0x7F), adding 0x50
    /// sets bit 7 exactly when the byte is at least 0x30, and adding 0x46
    /// exactly when it is at least 0x3A; neither sum passes 0xFF, so nothing
    /// carries into the next byte. Bytes with bit 7 set (not ASCII) are
    /// cleared by `~word`.
    @inlinable
    @inline(__always)
    static func digitBits(_ word: UInt64) -> UInt64 {
        let low = word & ~highBits
        let atLeastZero = low &+ 0x5050_5050_5050_5050
        let aboveNine = low &+ 0x4646_4646_4646_4646
        return atLeastZero & ~aboveNine & ~word & highBits
    }

    /// Bit 7 of each byte of `word` that is one of `,` `-` `.` `/` (0x2C to
    /// 0x2F), by the same carry-free sums as ``digitBits(_:)``.
    @inlinable
    @inline(__always)
    static func joinerBits(_ word: UInt64) -> UInt64 {
        let low = word & ~highBits
        let atLeastComma = low &+ 0x5454_5454_5454_5454  // bit 7 set when low >= 0x2C
        let atLeastZero = low &+ 0x5050_5050_5050_5050  // bit 7 set when low >= 0x30
        return atLeastComma & ~atLeastZero & ~word & highBits
    }

    /// The bit 7 of each of the eight bytes of `word` (every other bit
    /// clear) as eight bits, byte *i* in bit *i*.
    ///
    /// Proof: bit 7 of byte *i* is bit 8*i* + 7. The multiplier is the sum of
    /// 2^7*j* for *j* from 0 to 7, so that bit is copied to 8*i* + 7 + 7*j*;
    /// for *j* = 7 − *i* that is bit 56 + *i*. No two (*i*, *j*) pairs land on
    /// the same bit (8*i* + 7*j* = 8*i'* + 7*j'* needs *i* − *i'* a multiple of 7
    /// and *j'* − *j* a multiple of 8), so no sum carries, and bits 56–63
    /// receive exactly the eight bits in byte order.
    @inlinable
    @inline(__always)
    static func gatherHighBits(_ word: UInt64) -> UInt64 {
        ((word & highBits) &* 0x0002_0408_1020_4081) >> 56
    }

    /// Bit 7 of each byte of `word` that equals `byte`, and no other bit.
    ///
    /// Proof: a byte of `word ^ pattern` is zero exactly where `word` holds
    /// `byte`. On its low seven bits, adding 0x7F sets bit 7 exactly when
    /// they are not all zero, without carrying into the next byte (0x7F +
    /// 0x7F < 0x100); OR-ing in the byte itself adds its own bit 7. So bit 7
    /// of the complement is set exactly for the zero bytes.
    @inlinable
    @inline(__always)
    static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* ones)
        return ~((difference & ~highBits) &+ ~highBits | difference) & highBits
    }

    /// Bit 7 of each byte of `word` that is an ASCII letter (`A`–`Z`,
    /// `a`–`z`), and no other bit; shifted right by two it is the bit that
    /// makes a letter lowercase.
    ///
    /// Proof: setting bit 5 makes capitals small and moves no other byte
    /// into `a`–`z` (the bytes it changes are 0x40–0x5F, which become
    /// 0x60–0x7F, and only the capitals land on letters). On the low seven
    /// bits, adding 0x1F sets bit 7 exactly when the byte is at least 0x61,
    /// and adding 0x05 exactly when it is at least 0x7B; neither sum passes
    /// 0xFF, so nothing carries. Bytes with bit 7 set are cleared by `~word`.
    @inlinable
    @inline(__always)
    static func asciiLetterBits(_ word: UInt64) -> UInt64 {
        let small = (word | 0x20 &* ones) & ~highBits
        let atLeastA = small &+ 0x1F &* ones
        let aboveZ = small &+ 0x05 &* ones
        return atLeastA & ~aboveZ & ~word & highBits
    }

    /// The eight ASCII digits of `word`, packed (its first byte in the high
    /// nibble of the 32-bit result). Only the low nibble of each byte is
    /// read: call it on digits.
    ///
    /// Proof: after the byte swap byte *i* holds digit 7 − *i*; each step
    /// halves the number of groups, putting a group's upper neighbour right
    /// above it (nibbles, then bytes, then 16-bit halves), and the masks drop
    /// the copies left behind.
    @inlinable
    @inline(__always)
    static func packedDigits(_ word: UInt64) -> UInt64 {
        var nibbles = (word & (0x0F &* ones)).byteSwapped
        nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles >> 8) & 0x0000_FFFF_0000_FFFF
        return (nibbles | nibbles >> 16) & 0xFFFF_FFFF
    }

    /// The inverse of ``packedDigits(_:)``: eight packed digits (the first in
    /// the high nibble) as the ASCII bytes of a word, the first in byte 0.
    @inlinable
    @inline(__always)
    static func asciiDigits(_ packed: UInt32) -> UInt64 {
        var word = UInt64(packed)
        word = (word | word << 16) & 0x0000_FFFF_0000_FFFF
        word = (word | word << 8) & 0x00FF_00FF_00FF_00FF
        word = (word | word << 4) & 0x0F0F_0F0F_0F0F_0F0F  // byte i: digit 7-i
        return word.byteSwapped | 0x3030_3030_3030_3030
    }

    /// Σ digit × weight over the eight digit values (0–9, one per byte) of
    /// `digits`, in two multiplications.
    ///
    /// Proof: the even and the odd bytes are spread over four 16-bit lanes
    /// each; the weights are laid out in reverse lane order, so the top lane
    /// of each product gathers the sum of the four products (lower lanes
    /// hold partial sums that never reach it: each partial sum is at most
    /// 4 × 9 × 11 < 2^16, so no lane carries).
    @inlinable
    @inline(__always)
    static func weightedSum(_ digits: UInt64, _ evenWeights: UInt64, _ oddWeights: UInt64) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let even = (digits & lanes) &* evenWeights
        let odd = ((digits >> 8) & lanes) &* oddWeights
        return UInt32(truncatingIfNeeded: even >> 48) &+ UInt32(truncatingIfNeeded: odd >> 48)
    }

    /// The check digits of a base with these sums: `weighted` is Σ digit ×
    /// (10…2) over the nine base digits, `plain` is Σ digit.
    ///
    /// Proof: the second sum weighs the base 11…3, which is `weighted` +
    /// `plain`, and the first check digit × 2.
    @inlinable
    @inline(__always)
    static func checkDigits(weighted: UInt32, plain: UInt32) -> (first: UInt32, second: UInt32) {
        let firstRemainder = weighted % 11
        let first = firstRemainder < 2 ? 0 : 11 &- firstRemainder
        let secondRemainder = (weighted &+ plain &+ 2 &* first) % 11
        let second = secondRemainder < 2 ? 0 : 11 &- secondRemainder
        return (first, second)
    }

    /// Whether the two ASCII digits in the low 16 bits of `found` (first
    /// digit in the low byte) are the check digits for these sums.
    @inlinable
    @inline(__always)
    static func checkDigitsMatch(weighted: UInt32, plain: UInt32, found: UInt64) -> Bool {
        let (first, second) = checkDigits(weighted: weighted, plain: plain)
        return found & 0x0F0F == UInt64(first) | UInt64(second) << 8
    }

    /// The check digits of nine packed digits.
    ///
    /// Proof: the first eight digits, spread one per byte (the first in
    /// byte 0) by ``asciiDigits(_:)``, are weighed 10…3 and summed by
    /// ``weightedSum(_:_:_:)`` as in ``isValidEleven(front:back:allowsRepeatedDigits:)``;
    /// the ninth, in the low nibble, is added apart. Some twenty
    /// instructions fewer than nine digits taken out and weighed one by
    /// one, on every candidate the scanner judges.
    @inlinable
    @inline(__always)
    static func checkDigits(ofPacked base: UInt64) -> (UInt8, UInt8) {
        let digits = asciiDigits(UInt32(truncatingIfNeeded: base >> 4)) & (0x0F &* ones)
        let eighth = UInt32(truncatingIfNeeded: base & 0xF)
        let weighted = weightedSum(digits, 0xA_0008_0006_0004, 0x9_0007_0005_0003) &+ 2 &* eighth
        let plain = weightedSum(digits, 0x1_0001_0001_0001, 0x1_0001_0001_0001) &+ eighth
        let (first, second) = checkDigits(weighted: weighted, plain: plain)
        return (UInt8(truncatingIfNeeded: first), UInt8(truncatingIfNeeded: second))
    }

    /// Whether 11 packed digits are one digit repeated.
    ///
    /// Proof: 0x111_1111_1111 × *d* is the digit *d* in all eleven nibbles
    /// (no nibble carries for *d* ≤ 9), and those are the only multiples
    /// below 16^11 whose nibbles are all digits.
    @inlinable
    @inline(__always)
    static func isRepeated(packed: UInt64) -> Bool {
        packed % 0x111_1111_1111 == 0
    }

    /// Whether 11 ASCII digits, given as the words of their bytes 0–7
    /// (`front`) and 3–10 (`back`), are a valid CPF: right check digits,
    /// and (unless `allowsRepeatedDigits`) not one digit repeated. Both words
    /// must be all digits.
    ///
    /// Proof: digits 0–7 are weighed 10…3 straight from `front`; digit 8 is
    /// byte 5 of `back` (bits 40–43), weighed 2; the check digits are bytes 6
    /// and 7 of `back`. The eleven digits are all equal exactly when both
    /// words are their first byte repeated.
    @inlinable
    @inline(__always)
    static func isValidEleven(front: UInt64, back: UInt64, allowsRepeatedDigits: Bool = false) -> Bool {
        let digits = front & (0x0F &* ones)
        let eighth = UInt32(truncatingIfNeeded: (back >> 40) & 0xF)
        let weighted = weightedSum(digits, 0xA_0008_0006_0004, 0x9_0007_0005_0003) &+ 2 &* eighth
        let plain = weightedSum(digits, 0x1_0001_0001_0001, 0x1_0001_0001_0001) &+ eighth
        guard checkDigitsMatch(weighted: weighted, plain: plain, found: back >> 48) else { return false }
        let first = front & 0xFF
        return allowsRepeatedDigits || front != first &* ones || back != first &* ones
    }

    /// The packed value of 11 ASCII digits given as in ``isValidEleven(front:back:allowsRepeatedDigits:)``.
    @inlinable
    @inline(__always)
    static func packedEleven(front: UInt64, back: UInt64) -> UInt64 {
        packedDigits(front) << 12 | packedDigits(back) & 0xFFF
    }
}
