extension CPFScanner {
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
                writeText(to: UnsafeMutableRawBufferPointer(buffer))
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
        /// bytes.withUnsafeMutableBytes { _ = match.writeText(to: UnsafeMutableRawBufferPointer(rebasing: $0[match.range]), hiding: .lgpd) }
        /// String(decoding: bytes, as: UTF8.self)   // "CPF ***.533.447-**"
        /// ```
        @inlinable
        @discardableResult
        public func writeText(to buffer: UnsafeMutableRawBufferPointer, hiding style: RedactionStyle? = nil) -> Int {
            precondition(buffer.count >= range.count, "writeText(to:hiding:) needs range.count bytes")
            // Every store below ends at or before byte `range.count`.
            let buffer = buffer.baseAddress!
            // The digits as ASCII bytes, first digit first: 0-7 in `front`,
            // 3-10 in `back`, then written left to right with overlapping
            // stores, each separator stored where the next store leaves it
            // when it is written and overwrites it when it is not.
            let packed = cpf.packed
            var front = DigitWord.asciiDigits(UInt32(truncatingIfNeeded: packed >> 12))
            var back = DigitWord.asciiDigits(UInt32(truncatingIfNeeded: packed))
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
    }
}
