// The text scanner behind `cpf find` and `cpf redact`: finds CPFs inside free
// text, given as bytes in pieces of any size, in constant memory.
//
// It must agree with the SPEC's rule read literally (every start position,
// the candidate pattern, the byte before and after); the tests check that
// against a brute-force reference built on `StringProtocol.isValidCPF`.

/// Finds the CPFs written inside free text (logs, dumps, tickets, documents)
/// given as bytes, in pieces of any size, in constant memory.
///
/// A CPF is found where the text holds 11 ASCII digits as `DDD.DDD.DDD-DD`,
/// each of the three separators `.`, `.`, `-` present or absent
/// (`390.533.447-05`, `39053344705`, `390533447-05`), whose check digits are
/// valid, which is not one of the ten repeated-digit numbers, and which does
/// not touch another number: the byte before it and the byte after it are
/// not digits, nor one of `.` `-` `/` `,` next to a digit. So the parts of a
/// CNPJ `12.345.678/0001-95`, of a longer run of digits or of
/// `1.390.533.447-05` are not CPFs, while `CPF:390.533.447-05.` and
/// `cpf39053344705` hold one each.
///
/// Put another way, the text is cut into *numbers*: runs of digits joined by
/// single `.`, `-`, `/` or `,` bytes. A number is a CPF exactly when the whole
/// number has one of the eight shapes and valid check digits. Matches
/// therefore never overlap (nor even touch), and no choice between competing
/// candidates ever arises.
///
/// Feed the input in order with ``feed(_:onMatch:)``, in pieces of any size,
/// then call ``finish(onMatch:)``: the end of the input counts as a byte that
/// is not a digit. Matches come in order, with byte offsets counted from the
/// start of the input, and are the same however the input is cut. A match is
/// reported as soon as the bytes after it settle it, which may be during the
/// next piece (or at ``finish(onMatch:)``). Only a few numbers of state are
/// carried from one piece to the next, never the bytes themselves, so a 1 GB
/// line or a 1 GB run of digits costs no more memory than a short one.
///
/// ```swift
/// var scanner = CPFScanner()
/// var found: [CPFScanner.Match] = []
/// for piece in ["CPF: 390.533", ".447-05; CNPJ 12.345.678/0001-95"] {
///     Array(piece.utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
/// }
/// scanner.finish { found.append($0) }
/// found.count       // 1
/// found[0].range    // 5..<19
/// found[0].text     // "390.533.447-05"
/// found[0].cpf      // 390.533.447-05
///
/// CPFScanner.matches(in: "cpf39053344705".utf8).map(\.range)   // [3..<14]
/// "CPF: 390.533.447-05".redactingCPFs(style: .lgpd)          // "CPF: ***.533.447-**"
/// ```
///
/// - Complexity: O(*n*) time in the bytes fed, O(1) memory.
public struct CPFScanner: Sendable {
    /// One CPF found in the text: where, which, and as written.
    ///
    /// ```swift
    /// let match = CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0]
    /// match.range         // 4..<18
    /// match.cpf.digits    // "39053344705"
    /// match.text          // "390.533.447-05"
    /// ```
    public struct Match: Hashable, Sendable {
        /// Where the CPF is written: byte offsets from the start of the input,
        /// from its first digit to just past its last (`4..<18` in
        /// `"CPF 390.533.447-05"`).
        public let range: Range<Int>
        /// The CPF (`390.533.447-05`, whatever separators the text has).
        public let cpf: CPF
        /// The separators written: bit 0 the `.` after the third digit, bit 1
        /// the `.` after the sixth, bit 2 the `-` after the ninth.
        @usableFromInline
        internal let separators: UInt8

        @inlinable
        internal init(range: Range<Int>, cpf: CPF, separators: UInt8) {
            self.range = range
            self.cpf = cpf
            self.separators = separators
        }

        /// The CPF as written in the text: `"390.533.447-05"`, `"39053344705"`,
        /// `"390533447-05"`…
        ///
        /// ```swift
        /// CPFScanner.matches(in: "id 390533447-05".utf8)[0].text   // "390533447-05"
        /// ```
        public var text: String {
            String(unsafeUninitializedCapacity: range.count) { buffer in
                writeText(to: UnsafeMutableRawPointer(buffer.baseAddress!))
            }
        }

        /// Writes the CPF as written in the text (``text``) as ASCII bytes into
        /// `buffer`, which must hold `range.count` bytes (at most 14), with
        /// the digits that `style` hides written as `*`; returns the number of
        /// bytes written.
        ///
        /// Writing over the match's own bytes with a style is how
        /// `cpf redact` hides a CPF in place:
        ///
        /// ```swift
        /// var bytes = Array("CPF 390.533.447-05".utf8)
        /// let match = CPFScanner.matches(in: bytes)[0]
        /// bytes.withUnsafeMutableBytes { _ = match.writeText(to: $0.baseAddress! + match.range.lowerBound, hiding: .lgpd) }
        /// String(decoding: bytes, as: UTF8.self)   // "CPF ***.533.447-**"
        /// ```
        @inlinable
        @discardableResult
        public func writeText(to buffer: UnsafeMutableRawPointer, hiding style: RedactionStyle? = nil) -> Int {
            // The digits as ASCII bytes, first digit first: 0-7 in `front`,
            // 3-10 in `back`, then written left to right with overlapping
            // stores, each separator stored where the next store leaves it
            // when it is written and overwrites it when it is not.
            let packed = cpf.packed
            var front = Self.asciiDigits(UInt32(truncatingIfNeeded: packed >> 12))
            var back = Self.asciiDigits(UInt32(truncatingIfNeeded: packed))
            let stars: UInt64 = 0x2A2A_2A2A_2A2A_2A2A
            switch style {
            case nil: break
            case .full?: (front, back) = (stars, stars)
            case .lgpd?:
                front = front & ~0xFF_FFFF | stars & 0xFF_FFFF
                back = back & ~(0xFFFF << 48) | stars & 0xFFFF << 48
            }
            let dot1 = Int(separators & 1)
            let dot2 = Int(separators >> 1 & 1)
            let dash = Int(separators >> 2 & 1)
            buffer.storeBytes(of: front.littleEndian, as: UInt64.self)
            buffer.storeBytes(of: UInt8(ascii: "."), toByteOffset: 3, as: UInt8.self)
            buffer.storeBytes(of: back.littleEndian, toByteOffset: 3 + dot1, as: UInt64.self)
            buffer.storeBytes(of: UInt8(ascii: "."), toByteOffset: 6 + dot1, as: UInt8.self)
            buffer.storeBytes(of: UInt32(truncatingIfNeeded: back >> 24).littleEndian, toByteOffset: 6 + dot1 + dot2, as: UInt32.self)
            buffer.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 9 + dot1 + dot2, as: UInt8.self)
            buffer.storeBytes(of: UInt16(truncatingIfNeeded: back >> 48).littleEndian, toByteOffset: 9 + dot1 + dot2 + dash, as: UInt16.self)
            return 11 + dot1 + dot2 + dash
        }

        /// Eight digits packed four bits each (the first in the high nibble)
        /// as eight ASCII bytes of a little-endian word, the first in byte 0.
        @inlinable
        @inline(__always)
        internal static func asciiDigits(_ nibbles: UInt32) -> UInt64 {
            var word = UInt64(nibbles)
            word = (word | word << 16) & 0x0000_FFFF_0000_FFFF
            word = (word | word << 8) & 0x00FF_00FF_00FF_00FF
            word = (word | word << 4) & 0x0F0F_0F0F_0F0F_0F0F   // byte i: digit 7-i
            return word.byteSwapped | 0x3030_3030_3030_3030
        }
    }

    /// Which digits of a CPF redaction hides; separators are always kept.
    ///
    /// ```swift
    /// "390.533.447-05".redactingCPFs(style: .full)   // "***.***.***-**"
    /// "390.533.447-05".redactingCPFs(style: .lgpd)   // "***.533.447-**"
    /// CPFScanner.RedactionStyle(rawValue: "lgpd")    // .lgpd, as `cpf redact --style lgpd`
    /// ```
    public enum RedactionStyle: String, Hashable, Sendable, CaseIterable {
        /// Every digit: `***.***.***-**`, `***********`.
        case full
        /// The first three and the last two digits, as LGPD notices show a
        /// CPF: `***.533.447-**`, `***533447**` (see ``CPF/lgpdMasked``, and
        /// its note: this is pseudonymisation, not anonymisation).
        case lgpd
    }

    /// Where the scanner stands in the text.
    @usableFromInline
    internal enum State: UInt8, Sendable {
        /// Not in a number: the last byte is not a digit, nor a `.`, `-`, `/`
        /// or `,` right after one.
        case outside
        /// In a run of digits.
        case digits
        /// Right after a `.`, `-`, `/` or `,` that follows a digit: a digit
        /// next continues the number, anything else ends it before the separator.
        case separator
    }

    /// Bytes fed since the start of the input: the offset of the next byte
    /// (`0` for a new scanner, `n` after pieces of `n` bytes in all).
    @inlinable
    public var offset: Int { bytesFed }

    @usableFromInline internal var bytesFed = 0

    @usableFromInline internal var state = State.outside
    /// The offset of the first digit of the current number.
    @usableFromInline internal var numberStart = 0
    /// Just past the last digit, in state `separator`.
    @usableFromInline internal var digitsEnd = 0
    /// The digits of the current number, four bits each, the last in the low nibble.
    @usableFromInline internal var packed: UInt64 = 0
    /// The digits in the current number; more than 11 once it cannot be a CPF.
    @usableFromInline internal var digitCount = 0
    /// The separators of the current number, as in ``Match``.
    @usableFromInline internal var separators: UInt8 = 0
    /// The byte that put the scanner in state `separator`.
    @usableFromInline internal var separator: UInt8 = 0

    /// Makes a scanner at the start of an input: `var scanner = CPFScanner()`.
    @inlinable
    public init() {}

    /// The offset up to which the input is settled: no match reported later
    /// covers any byte before it, so those bytes may be passed on (how
    /// `cpf redact` streams). It is ``offset`` except while the last bytes
    /// fed may still be a CPF, decided by what follows: then it is where that
    /// number starts, at most 15 bytes back.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("id 390.533.447-0".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.settledOffset   // 3: "390.533.447-0" may yet become a CPF
    /// ```
    @inlinable
    public var settledOffset: Int {
        state != .outside && digitCount <= 11 ? numberStart : bytesFed
    }

    /// Reads the next piece of the input (any size, empty included) and
    /// calls `onMatch` with each CPF that is now settled, in order.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("390.533.447-05 and 5".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range, $0.cpf) }   // 0..<14 390.533.447-05
    /// }
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @inlinable
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void) {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else { return }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let end = base + bytes.count
        let origin = bytesFed
        var cursor = base
        // The state in locals for the loop, written back at the end.
        var state = self.state
        var numberStart = self.numberStart
        var digitsEnd = self.digitsEnd
        var packed = self.packed
        var digitCount = self.digitCount
        var separators = self.separators
        var separator = self.separator

        while cursor < end {
            switch state {
            case .outside:
                if end - cursor >= 64 {
                    // Whole numbers judged from bit masks, 48 bytes at a time.
                    let stop = Self.scanBlocks(from: cursor, to: end, base: base, origin: origin, onMatch: onMatch)
                    cursor = stop.cursor
                    if stop.inLongNumber {
                        digitCount = 12  // 15 bytes or more: not a CPF
                        state = .digits
                        continue
                    }
                }
                // Fewer than 64 bytes left: byte by byte.
                cursor = Self.firstDigit(from: cursor, to: end)
                if cursor == end { break }
                numberStart = origin + (cursor - base)
                packed = 0
                digitCount = 0
                separators = 0
                state = .digits
            case .digits:
                if digitCount > 11 {
                    // A number too long to be a CPF: skip its digits eight at a time.
                    while end - cursor >= 8,
                          Self.digitBits(UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)))
                            == 0x8080_8080_8080_8080 {
                        cursor += 8
                    }
                }
                while cursor < end {
                    let digit = cursor.pointee &- 0x30
                    if digit >= 10 { break }
                    packed = packed << 4 | UInt64(digit)
                    digitCount &+= 1
                    cursor += 1
                }
                if cursor == end { break }
                let byte = cursor.pointee
                digitsEnd = origin + (cursor - base)
                cursor += 1
                if Self.isJoiner(byte) {
                    separator = byte
                    state = .separator
                } else {
                    if let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
                        onMatch(Match(range: numberStart..<digitsEnd, cpf: cpf, separators: separators))
                    }
                    state = .outside
                }
            case .separator:
                if cursor.pointee &- 0x30 < 10 {
                    // The separator joins two runs of digits into one number.
                    let bit = Self.separatorBit(separator, afterDigits: digitCount)
                    separators |= bit
                    if bit == 0 { digitCount = 12 }  // cannot be a CPF any more
                    state = .digits
                } else {
                    // The number ended before the separator; this byte is
                    // neither a digit nor after one.
                    if let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
                        onMatch(Match(range: numberStart..<digitsEnd, cpf: cpf, separators: separators))
                    }
                    state = .outside
                    cursor += 1
                }
            }
        }

        self.state = state
        self.numberStart = numberStart
        self.digitsEnd = digitsEnd
        self.packed = packed
        self.digitCount = digitCount
        self.separators = separators
        self.separator = separator
        bytesFed = origin + bytes.count
    }

    /// Ends the input: a number still open at the end is judged (the end
    /// counts as a byte that is not a digit), and the scanner is reset for a
    /// new input starting at offset 0.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("cpf 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }   // nothing yet
    /// scanner.finish { print($0.text) }   // 39053344705
    /// ```
    @inlinable
    public mutating func finish(onMatch: (Match) -> Void) {
        let end = state == .digits ? bytesFed : digitsEnd
        if state != .outside, let cpf = Self.cpf(packed: packed, digitCount: digitCount) {
            onMatch(Match(range: numberStart..<end, cpf: cpf, separators: separators))
        }
        self = CPFScanner()
    }

    /// Every CPF in `bytes`, in order: ``feed(_:onMatch:)`` over the whole
    /// input, then ``finish(onMatch:)``.
    ///
    /// ```swift
    /// CPFScanner.matches(in: "a 390.533.447-05 b 1.390.533.447-05".utf8).map(\.text)   // ["390.533.447-05"]
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func matches(in bytes: some Sequence<UInt8>) -> [Match] {
        var scanner = CPFScanner()
        var found: [Match] = []
        let scanned: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            scanner.feed(UnsafeRawBufferPointer(buffer)) { found.append($0) }
        }
        if scanned == nil {
            Array(bytes).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
        }
        scanner.finish { found.append($0) }
        return found
    }

    /// `bytes` with the digits of every CPF in them hidden as `*` as `style`
    /// says; every other byte is kept as it is.
    ///
    /// ```swift
    /// CPFScanner.redacting(Array("CPF 39053344705\n".utf8), style: .full)   // "CPF ***********\n" as bytes
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func redacting(_ bytes: some Sequence<UInt8>, style: RedactionStyle = .full) -> [UInt8] {
        var result = Array(bytes)
        let found = matches(in: result)
        result.withUnsafeMutableBytes { buffer in
            for match in found {
                match.writeText(to: buffer.baseAddress! + match.range.lowerBound, hiding: style)
            }
        }
        return result
    }

    // MARK: - The fast path

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
            let word = classify(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)))
            digits |= word.digits << UInt64(8 * index)
            joiners |= word.joiners << UInt64(8 * index)
        }
        return (digits, joiners)
    }

    /// One bit per byte of `word` (bit 0 for its first byte): digits and joiners.
    @inlinable
    @inline(__always)
    internal static func classify(_ word: UInt64) -> (digits: UInt64, joiners: UInt64) {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let atLeastZero = low &+ 0x5050_5050_5050_5050    // high bit set when low >= 0x30
        let aboveNine = low &+ 0x4646_4646_4646_4646      // high bit set when low >= 0x3A
        let atLeastComma = low &+ 0x5454_5454_5454_5454   // high bit set when low >= 0x2C
        let ascii = ~word & high
        return (gatherHighBits(atLeastZero & ~aboveNine & ascii), gatherHighBits(atLeastComma & ~atLeastZero & ascii))
    }

    /// The high bits of the eight bytes of `word` as eight bits: one
    /// multiplication moves bit 7 of byte *i* to bit 56 + *i*, with no two
    /// partial products meeting.
    @inlinable
    @inline(__always)
    internal static func gatherHighBits(_ word: UInt64) -> UInt64 {
        (word >> 7 &* 0x0102_0408_1020_4080) >> 56
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
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Int(offset), as: UInt64.self))
        }
        let front = word(0) & first3 | word(dot1) & next3 | word(skip2) & last2
        let back = word(3 &+ dot1) & first3 | word(3 &+ skip2) & next3 | word(3 &+ skip3) & last2

        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = front & (0x0F &* ones)
        let eighth = UInt32(truncatingIfNeeded: (back >> 40) & 0xF)
        let weighted = CPF.weightedSum(low, 0xA_0008_0006_0004, 0x9_0007_0005_0003) &+ 2 &* eighth
        let plain = CPF.weightedSum(low, 0x1_0001_0001_0001, 0x1_0001_0001_0001) &+ eighth
        let first = front & 0xFF
        guard CPF.checkDigitsMatch(weighted: weighted, plain: plain, found: back >> 48),
              front != first &* ones || back != first &* ones
        else { return nil }
        let packed = nibbles(front) << 12 | nibbles(back) & 0xFFF
        return (CPF(packed: packed), UInt8(truncatingIfNeeded: dot1 | dot2 &<< 1 | dash &<< 2))
    }

    /// The eight ASCII digits of a little-endian word, four bits each, the
    /// first byte in the high nibble.
    @inlinable
    @inline(__always)
    internal static func nibbles(_ word: UInt64) -> UInt64 {
        var nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F).byteSwapped   // byte i: digit 7-i
        nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles >> 8) & 0x0000_FFFF_0000_FFFF
        return (nibbles | nibbles >> 16) & 0xFFFF_FFFF
    }

    // MARK: - The byte rules

    /// `,` `-` `.` `/`, the bytes that join two runs of digits into one
    /// number (0x2C to 0x2F).
    @inlinable
    @inline(__always)
    internal static func isJoiner(_ byte: UInt8) -> Bool {
        byte &- 0x2C < 4
    }

    /// The bit of ``Match``'s separators for a separator that comes after
    /// `digitCount` digits of a CPF, or 0 when no CPF has that separator there.
    @inlinable
    @inline(__always)
    internal static func separatorBit(_ separator: UInt8, afterDigits digitCount: Int) -> UInt8 {
        switch (separator, digitCount) {
        case (UInt8(ascii: "."), 3): 1
        case (UInt8(ascii: "."), 6): 2
        case (UInt8(ascii: "-"), 9): 4
        default: 0
        }
    }

    /// The CPF that a whole number is, given its digits: 11 digits, not one
    /// repeated, with valid check digits.
    @inlinable
    @inline(__always)
    internal static func cpf(packed: UInt64, digitCount: Int) -> CPF? {
        guard digitCount == 11 else { return nil }
        let digits = packed & 0xFFF_FFFF_FFFF
        let (first, second) = CPF.checkDigits(ofPacked: digits >> 8)
        guard digits & 0xFF == UInt64(first) << 4 | UInt64(second), digits % 0x111_1111_1111 != 0 else { return nil }
        return CPF(packed: digits)
    }

    /// The first ASCII digit in `start..<end`, or `end`; eight bytes at a time.
    @inlinable
    @inline(__always)
    internal static func firstDigit(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var cursor = start
        while end - cursor >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            let digits = digitBits(word)
            if digits != 0 { return cursor + digits.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        while cursor < end, cursor.pointee &- 0x30 >= 10 { cursor += 1 }
        return cursor
    }

    /// The high bit of each byte of `word` that is an ASCII digit: bytes below
    /// 0x80 whose low seven bits are at least 0x30 and not above 0x39 (no sum
    /// carries from one byte into the next).
    @inlinable
    @inline(__always)
    internal static func digitBits(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let atLeastZero = low &+ 0x5050_5050_5050_5050     // high bit set when low >= 0x30
        let aboveNine = low &+ 0x4646_4646_4646_4646       // high bit set when low >= 0x3A
        return atLeastZero & ~aboveNine & ~word & high
    }
}

extension StringProtocol {
    /// This text with the digits of every CPF in it (as ``CPFScanner`` finds
    /// them) hidden as `*`, separators and everything else kept.
    ///
    /// ```swift
    /// "Cliente 390.533.447-05, tel 11 98765-4321".redactingCPFs()
    /// // "Cliente ***.***.***-**, tel 11 98765-4321"
    /// "cpf=39053344705".redactingCPFs(style: .lgpd)   // "cpf=***533447**"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func redactingCPFs(style: CPFScanner.RedactionStyle = .full) -> String {
        String(decoding: CPFScanner.redacting(utf8, style: style), as: UTF8.self)
    }
}
