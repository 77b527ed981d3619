extension CPFPseudonymizer {
    /// A 256-bit AES key for ``CPFPseudonymizer``.
    ///
    /// Made from 32 bytes or from 64 hexadecimal digits (the form of a key
    /// file, `cpf pseudonymize --new-key-file`). Its `description` and
    /// `debugDescription` never show the bytes, so a key that ends up in a
    /// log, a `print` or a debugger's summary does not leak:
    ///
    /// ```swift
    /// let key = CPFPseudonymizer.Key(hexadecimal: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")!
    /// print(key)   // CPFPseudonymizer.Key(256 bits, hidden)
    /// ```
    public struct Key: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The 32 bytes.
        internal let bytes: [UInt8]

        /// A new random key from `generator`, which must be cryptographically
        /// secure for a key that protects real data.
        ///
        /// ```swift
        /// var generator = SystemRandomNumberGenerator()
        /// let key = CPFPseudonymizer.Key.random(using: &generator)
        /// ```
        public static func random(using generator: inout some RandomNumberGenerator) -> Key {
            var bytes = [UInt8]()
            bytes.reserveCapacity(32)
            for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) } }
            return Key(bytes: bytes)!
        }

        /// A new random key from the system's cryptographically secure source
        /// (`SystemRandomNumberGenerator`: `getrandom` on Linux,
        /// `arc4random_buf` on Apple platforms), as `cpf pseudonymize
        /// --new-key-file` makes one. Keep it as ``hexadecimal`` (64 digits) in
        /// a file readable by you only.
        ///
        /// ```swift
        /// let key = CPFPseudonymizer.Key.random()
        /// let pseudonymizer = CPFPseudonymizer(key: key)
        /// ```
        public static func random() -> Key {
            var generator = SystemRandomNumberGenerator()
            return random(using: &generator)
        }

        /// A key from exactly 32 bytes; `nil` for any other count.
        ///
        /// ```swift
        /// var random = SystemRandomNumberGenerator()
        /// let key = CPFPseudonymizer.Key(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })!
        /// ```
        public init?(bytes: some Collection<UInt8>) {
            guard bytes.count == 32 else { return nil }
            self.bytes = Array(bytes)
        }

        /// A key from exactly 64 hexadecimal digits (either case), optionally
        /// followed by one line break (`\n` or `\r\n`, as a key file written by
        /// `cpf pseudonymize --new-key-file` or an editor ends); `nil` otherwise.
        ///
        /// ```swift
        /// CPFPseudonymizer.Key(hexadecimal: String(repeating: "ab", count: 32))          // a key
        /// CPFPseudonymizer.Key(hexadecimal: String(repeating: "ab", count: 32) + "\n")   // the same key
        /// CPFPseudonymizer.Key(hexadecimal: "abc")                                        // nil
        /// ```
        public init?(hexadecimal text: some StringProtocol) {
            var digits = Array(text.utf8)[...]
            if digits.last == UInt8(ascii: "\n") {
                digits.removeLast()
                if digits.last == UInt8(ascii: "\r") { digits.removeLast() }
            }
            var bytes = [UInt8]()
            bytes.reserveCapacity(32)
            var high: UInt8?
            for character in digits {
                guard let nibble = Self.nibble(character) else { return nil }
                if let first = high {
                    bytes.append(first << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
            guard high == nil, bytes.count == 32 else { return nil }
            self.bytes = bytes
        }

        /// The value of one ASCII hexadecimal digit.
        internal static func nibble(_ character: UInt8) -> UInt8? {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// The key as 64 lowercase hexadecimal digits, the contents of a key
        /// file. This is the secret itself: write it only where the key
        /// belongs.
        ///
        /// ```swift
        /// let contents = key.hexadecimal + "\n"
        /// ```
        public var hexadecimal: String {
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
        }

        /// `CPFPseudonymizer.Key(256 bits, hidden)`: never the bytes.
        public var description: String { "CPFPseudonymizer.Key(256 bits, hidden)" }

        /// The same as ``description``: never the bytes.
        public var debugDescription: String { description }

        /// No children, so `dump(key)` and debuggers do not show the bytes either.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }
}
