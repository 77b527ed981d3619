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
    /// One CPF found in the text.
    public struct Match: Hashable, Sendable {
        /// Where the CPF is written: byte offsets from the start of the input,
        /// from its first digit to just past its last.
        public let range: Range<Int>
        /// The CPF.
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
            let star = UInt8(ascii: "*")
            var index = 0
            for position in 0..<11 {
                let hidden: Bool
                switch style {
                case nil: hidden = false
                case .full?: hidden = true
                case .lgpd?: hidden = position < 3 || position >= 9
                }
                let digit = UInt8(truncatingIfNeeded: cpf.packed >> UInt64(4 * (10 - position))) & 0xF | 0x30
                buffer.storeBytes(of: hidden ? star : digit, toByteOffset: index, as: UInt8.self)
                index += 1
                let separator: UInt8
                switch position {
                case 2 where separators & 1 != 0, 5 where separators & 2 != 0: separator = UInt8(ascii: ".")
                case 8 where separators & 4 != 0: separator = UInt8(ascii: "-")
                default: continue
                }
                buffer.storeBytes(of: separator, toByteOffset: index, as: UInt8.self)
                index += 1
            }
            return index
        }
    }

    /// Which digits of a CPF redaction hides; separators are always kept.
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

    /// Bytes fed since the start of the input: the offset of the next byte.
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

    /// Makes a scanner at the start of an input.
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
                cursor = Self.firstDigit(from: cursor, to: end)
                if cursor == end { break }
                numberStart = origin + (cursor - base)
                packed = 0
                digitCount = 0
                separators = 0
                state = .digits
            case .digits:
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
