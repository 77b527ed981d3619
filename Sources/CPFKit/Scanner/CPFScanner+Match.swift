// A match of CPFScanner: where it is, what it is, how sure, and its bytes as
// written (held inline: at most 96 bytes, no allocation per match).

extension CPFScanner {
    /// One CPF (or mistyped CPF) found in the text: where, which, how sure, and as written.
    ///
    /// ```swift
    /// let match = CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0]
    /// match.range         // 4..<18
    /// match.digits        // "39053344705"
    /// match.text          // "390.533.447-05"
    /// match.confidence    // .high
    /// match.isValid       // true
    /// ```
    public struct Match: Hashable, Sendable {
        /// Where it is written: byte offsets from the start of the input, from
        /// its first digit to just past its last (`4..<18` in `"CPF 390.533.447-05"`).
        public let range: Range<Int>
        /// How sure the scanner is that it is a CPF (see ``Confidence``).
        public let confidence: Confidence
        /// Whether its check digits are right; `false` for a mistyped CPF
        /// (`CPF 231.002.999-00`), which is reported with confidence `.high`.
        public let isValid: Bool
        /// The keyword that applies to it (`CPF`, `tel`…), if any.
        public let keyword: Keyword?
        /// The 11 digits, four bits each, the last in the low nibble.
        internal let packed: UInt64
        /// The offsets of the digits from `range.lowerBound`, a byte each.
        @usableFromInline internal let offsetsLow: UInt64
        @usableFromInline internal let offsetsHigh: UInt32
        /// Some digits are fullwidth (U+FF10–FF19, three bytes each).
        @usableFromInline internal let hasWideDigits: Bool
        /// Whether it is an OCR reading: written as the full mask with one
        /// or two letters that OCR mistakes for digits (`133.72O.622-99`),
        /// or as 11 such characters bare after a CPF keyword
        /// (`CPF 3l099698588`), read as those digits (``digits`` is
        /// `"13372062299"`). Such a match is always valid, with confidence
        /// `.medium`.
        ///
        /// ```swift
        /// let match = CPFScanner.matches(in: "CPF 3l0.996.985-88".utf8)[0]
        /// match.isOCRReading   // true
        /// match.digits         // "31099698588"
        /// match.confidence     // .medium
        /// ```
        public let isOCRReading: Bool
        /// The bytes from the first digit to the last, zero after them.
        internal let bytes: InlineBytes

        internal init(
            range: Range<Int>, candidate: CPFScanner.Candidate, confidence: Confidence, isValid: Bool,
            keyword: Keyword?, bytes: UnsafePointer<UInt8>, readable: Int
        ) {
            self.range = range
            self.confidence = confidence
            self.isValid = isValid
            self.keyword = keyword
            packed = candidate.packed
            offsetsLow = candidate.offsetsLow
            offsetsHigh = candidate.offsetsHigh
            hasWideDigits = candidate.hasWideDigits
            isOCRReading = candidate.isOCRReading
            self.bytes = InlineBytes(bytes, count: range.count, readable: readable)
        }

        /// The CPF, or `nil` for a mistyped one (``isValid`` false).
        ///
        /// ```swift
        /// CPFScanner.matches(in: "cpf 390 533 447 05".utf8)[0].cpf   // 390.533.447-05
        /// ```
        public var cpf: CPF? { isValid ? CPF(packed: packed) : nil }

        /// Its 11 digits as ASCII (`"39053344705"`), valid or not.
        ///
        /// ```swift
        /// CPFScanner.matches(in: "CPF 231.002.999-00".utf8, includeInvalid: true)[0].digits   // "23100299900"
        /// ```
        public var digits: String {
            String(unsafeUninitializedCapacity: 11) { buffer in
                for index in 0..<11 {
                    buffer[index] = UInt8(truncatingIfNeeded: packed >> (4 * UInt64(10 - index)) & 0xF) | 0x30
                }
                return 11
            }
        }

        /// The offset of digit `index` (0 to 10) from `range.lowerBound`.
        @inline(__always)
        internal func digitOffset(_ index: Int) -> Int {
            index < 8
                ? Int(truncatingIfNeeded: offsetsLow >> (8 * UInt64(index)) & 0xFF)
                : Int(truncatingIfNeeded: offsetsHigh >> (8 * UInt32(index - 8)) & 0xFF)
        }

        /// Where its 11 digits are, as offsets from `range.lowerBound`: what
        /// redaction overwrites, every separator, line break and invisible
        /// character between them kept.
        ///
        /// ```swift
        /// CPFScanner.matches(in: "390.533.447-05".utf8)[0].digitOffsets   // [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13]
        /// ```
        public var digitOffsets: [Int] { (0..<11).map(digitOffset) }

        /// Digit `index` (0 to 10) of the match as it stands in `written`
        /// (its bytes from ``range``'s start, as written, hidden or
        /// pseudonymised), as one ASCII byte: a digit, or `*` for a hidden
        /// one; a fullwidth digit or asterisk gives its ASCII form.
        /// For the command-line tool (how `find --hide` fills JSON's `cpf`).
        ///
        /// ```swift
        /// let match = CPFScanner.matches(in: "５２９.９８２.２４７-２５".utf8)[0]
        /// Array("５２９.９８２.２４７-２５".utf8).withUnsafeBytes { match.writtenDigit(0, in: $0) }   // "5"
        /// ```
        package func writtenDigit(_ index: Int, in written: UnsafeRawBufferPointer) -> UInt8 {
            let offset = digitOffset(index)
            let byte = written[offset]
            if byte < 0x80 {
                return byte == UInt8(ascii: "*") ? byte : CPFScanner.ocrDigit(byte).map { $0 | 0x30 } ?? byte
            }
            let last = written[offset + 2]
            return last == 0x8A ? UInt8(ascii: "*") : last &- 0x90 | 0x30
        }

        /// The match as written in the text (`"390.533.447-05"`,
        /// `"390 533 447 05"`, `"390.533.447-\n05"`…), at most 96 bytes;
        /// bytes that are not UTF-8 are replaced with U+FFFD.
        ///
        /// ```swift
        /// CPFScanner.matches(in: "id 390533447/05".utf8)[0].text   // "390533447/05"
        /// ```
        public var text: String {
            withUnsafeBytes(of: bytes.words) { String(decoding: $0.prefix(range.count), as: UTF8.self) }
        }

        /// Whether the match is written across a line break
        /// (`"390.533.\n447-05"`), which a tool that works line by line (a
        /// partition of a Spark job) cannot see whole.
        ///
        /// ```swift
        /// CPFScanner.matches(in: "CPF 390.533.\n447-05".utf8)[0].spansLineBreak   // true
        /// CPFScanner.matches(in: "CPF 390.533.447-05".utf8)[0].spansLineBreak     // false
        /// ```
        public var spansLineBreak: Bool {
            withUnsafeBytes(of: bytes.words) { $0.prefix(range.count).contains(0x0A) }
        }

        /// Writes the match as written (``text``'s bytes, `range.count` of
        /// them) to `buffer`, with the digits that `style` hides written as
        /// `*`; returns the number of bytes written.
        /// For the command-line tool; users call ``CPFScanner/redacting(_:style:minimumConfidence:includeInvalid:)``
        /// or ``Swift/StringProtocol/redactingCPFs(style:)``.
        ///
        /// Writing over the match's own bytes with a style is how `cpf redact`
        /// hides a CPF in place:
        ///
        /// ```swift
        /// var bytes = Array("CPF 390.533.447-05".utf8)
        /// let match = CPFScanner.matches(in: bytes)[0]
        /// bytes.withUnsafeMutableBytes { _ = match.writeText(to: UnsafeMutableRawBufferPointer(rebasing:
        /// $0[match.range]), hiding: .lgpd) }
        /// String(decoding: bytes, as: UTF8.self)   // "CPF ***.533.447-**"
        /// ```
        @discardableResult
        package func writeText(to buffer: UnsafeMutableRawBufferPointer, hiding style: RedactionStyle? = nil) -> Int {
            let count = range.count
            precondition(buffer.count >= count, "writeText(to:hiding:) needs range.count bytes")
            let buffer = buffer.baseAddress!
            withUnsafeBytes(of: bytes.words) { buffer.copyMemory(from: $0.baseAddress!, byteCount: count) }
            if let style { hideDigits(in: UnsafeMutableRawBufferPointer(start: buffer, count: count), style: style) }
            return count
        }

        /// Writes `*` over the digits that `style` hides in `buffer`, which
        /// holds the match as written (its first ``range``.count bytes):
        /// how `cpf redact` hides a CPF where it stands, without copying it.
        /// For the command-line tool; users call ``CPFScanner/redacting(_:style:minimumConfidence:includeInvalid:)``
        /// or ``Swift/StringProtocol/redactingCPFs(style:)``.
        ///
        /// ```swift
        /// var bytes = Array("CPF 390.533.447-05".utf8)
        /// let match = CPFScanner.matches(in: bytes)[0]
        /// bytes.withUnsafeMutableBytes { match.hideDigits(in: UnsafeMutableRawBufferPointer(rebasing:
        /// $0[match.range]), style: .full) }
        /// String(decoding: bytes, as: UTF8.self)   // "CPF ***.***.***-**"
        /// ```
        ///
        /// - Complexity: O(1): eleven bytes written at most.
        @inlinable
        package func hideDigits(in buffer: UnsafeMutableRawBufferPointer, style: RedactionStyle) {
            precondition(buffer.count >= range.count, "hideDigits(in:style:) needs range.count bytes")
            Self.hideDigits(
                offsetsLow: offsetsLow, offsetsHigh: offsetsHigh, hasWideDigits: hasWideDigits,
                at: buffer.baseAddress!, style: style)
        }

        /// ``hideDigits(in:style:)`` for the digits at the offsets
        /// `offsetsLow` and `offsetsHigh` (a byte each) from `base`.
        @usableFromInline
        @inline(__always)
        internal static func hideDigits(
            offsetsLow low: UInt64, offsetsHigh high: UInt32, hasWideDigits: Bool, at base: UnsafeMutableRawPointer,
            style: RedactionStyle
        ) {
            if hasWideDigits {
                hideWideDigits(offsetsLow: low, offsetsHigh: high, at: base, style: style)
                return
            }
            let star = UInt8(ascii: "*")
            if style == .full {
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 24 & 0xFF), as: UInt8.self)
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 32 & 0xFF), as: UInt8.self)
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 40 & 0xFF), as: UInt8.self)
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 48 & 0xFF), as: UInt8.self)
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 56), as: UInt8.self)
                base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: high & 0xFF), as: UInt8.self)
            }
            base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low & 0xFF), as: UInt8.self)
            base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 8 & 0xFF), as: UInt8.self)
            base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: low >> 16 & 0xFF), as: UInt8.self)
            base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: high >> 8 & 0xFF), as: UInt8.self)
            base.storeBytes(of: star, toByteOffset: Int(truncatingIfNeeded: high >> 16 & 0xFF), as: UInt8.self)
        }

        /// ``hideDigits(in:style:)`` for a match with fullwidth digits: each
        /// becomes a fullwidth asterisk U+FF0A (`＊`, three bytes as the
        /// digit), each ASCII digit a `*`.
        @usableFromInline
        internal static func hideWideDigits(
            offsetsLow low: UInt64, offsetsHigh high: UInt32, at base: UnsafeMutableRawPointer, style: RedactionStyle
        ) {
            for index in 0..<11 where style == .full || index < 3 || index > 8 {
                let offset =
                    index < 8
                    ? Int(truncatingIfNeeded: low >> (8 * UInt64(index)) & 0xFF)
                    : Int(truncatingIfNeeded: high >> (8 * UInt32(index - 8)) & 0xFF)
                if base.load(fromByteOffset: offset, as: UInt8.self) >= 0x80 {
                    base.storeBytes(of: 0x8A, toByteOffset: offset + 2, as: UInt8.self)  // EF BC 8A
                } else {
                    base.storeBytes(of: UInt8(ascii: "*"), toByteOffset: offset, as: UInt8.self)
                }
            }
        }

        /// Writes the match as written (``text``'s bytes, `range.count` of
        /// them) to `buffer` with its 11 digits replaced, in order, by those
        /// of `replacement`; every separator, line break and invisible
        /// character stays. Returns the number of bytes written. This is how
        /// `cpf redact --style pseudonym` puts a pseudonym in place.
        /// For the command-line tool; users call ``CPFScanner/redacting(_:style:minimumConfidence:includeInvalid:)``
        /// or ``Swift/StringProtocol/redactingCPFs(style:)``.
        ///
        /// ```swift
        /// var bytes = Array("CPF 390.533.447-05".utf8)
        /// let match = CPFScanner.matches(in: bytes)[0]
        /// let other = try CPF(validating: "529.982.247-25")
        /// bytes.withUnsafeMutableBytes { _ = match.writeText(to: UnsafeMutableRawBufferPointer(rebasing:
        /// $0[match.range]), replacingDigitsWith: other) }
        /// String(decoding: bytes, as: UTF8.self)   // "CPF 529.982.247-25"
        /// ```
        @discardableResult
        package func writeText(to buffer: UnsafeMutableRawBufferPointer, replacingDigitsWith replacement: CPF) -> Int {
            let count = writeText(to: buffer, hiding: nil)
            for index in 0..<11 {
                let digit = UInt8(truncatingIfNeeded: replacement[digitAt: index])
                let offset = digitOffset(index)
                // A fullwidth digit (EF BC 90–99) is replaced by a fullwidth one.
                if buffer[offset] >= 0x80 { buffer[offset + 2] = 0x90 | digit } else { buffer[offset] = digit | 0x30 }
            }
            return count
        }
    }

    /// Which digits of a CPF redaction hides; separators and everything
    /// else between the digits are always kept.
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
}

/// Up to 96 bytes held inline, zero after the last one.
internal struct InlineBytes: Hashable, Sendable {
    typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    var words: Words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// The first `count` bytes at `source`, of which `readable` may be read.
    @inline(__always)
    init(_ source: UnsafePointer<UInt8>, count: Int, readable: Int) {
        if count <= 24, readable >= 24 {
            // Three words, the bytes after the last one cleared.
            let raw = UnsafeRawPointer(source)
            let keep = count >= 8 ? UInt64.max : (UInt64(1) << UInt64(8 * count)) &- 1
            words.0 = DigitWord.load(raw) & keep
            if count > 8 {
                words.1 =
                    DigitWord.load(raw, at: 8)
                    & (count >= 16 ? UInt64.max : (UInt64(1) << UInt64(8 * (count - 8))) &- 1)
            }
            if count > 16 {
                words.2 =
                    DigitWord.load(raw, at: 16)
                    & (count >= 24 ? UInt64.max : (UInt64(1) << UInt64(8 * (count - 16))) &- 1)
            }
            words.0 = UInt64(littleEndian: words.0)
            words.1 = UInt64(littleEndian: words.1)
            words.2 = UInt64(littleEndian: words.2)
            return
        }
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: source, byteCount: Swift.min(count, 96)) }
    }

    static func == (lhs: InlineBytes, rhs: InlineBytes) -> Bool {
        withUnsafeBytes(of: lhs.words) { left in withUnsafeBytes(of: rhs.words) { right in left.elementsEqual(right) } }
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: words) { hasher.combine(bytes: $0) }
    }
}
