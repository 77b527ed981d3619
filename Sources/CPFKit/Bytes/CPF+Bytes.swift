// The byte-level parser: what the batch commands run on every line.
// It must agree with `CPF(validating:options:)` (the rule in Rule/StringProtocol+CPF.swift) on every input;
// the tests check that over random and tricky inputs.

extension CPF {
    /// Parses a CPF from UTF-8 bytes, such as one line of a file: CPFKit's
    /// one door from bytes.
    ///
    /// This is the fast path for batch work: no allocation, one pass over the
    /// bytes. It gives the same answer as ``init(validating:options:)``
    /// on the same text; bytes that are not valid UTF-8 are invalid characters,
    /// reported as U+FFFD.
    ///
    /// ```swift
    /// let line: [UInt8] = Array("390.533.447-05\r".utf8)
    /// let result = line.withUnsafeBytes { CPF.parse($0) }   // .success(390.533.447-05)
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @inlinable
    public static func parse(_ bytes: UnsafeRawBufferPointer, options: ParsingOptions = .lenient) -> Result<
        CPF, CPFValidationError
    > {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.empty) }
        // Most lines of a real file are exactly 11 digits or the 14-byte mask:
        // judge those without trimming or counting.
        if bytes.count == 11 || bytes.count == 14, let packed = exactShapeDigits(base, count: bytes.count) {
            return conclude(
                packed: packed, digitCount: 11, isBare: bytes.count == 11, isMask: bytes.count == 14, options: options)
        }
        var start = base
        var end = base + bytes.count
        while start < end, isTrimmedByte(start.pointee) { start += 1 }
        while end > start, isTrimmedByte(end[-1]) { end -= 1 }
        if start == end { return .failure(.empty) }
        if options.padsLeadingZeros, options.format == .lenient,
            let number = spreadsheetInteger(UnsafeBufferPointer(start: start, count: end - start))
        {
            return conclude(
                packed: number.packed, digitCount: number.count, isBare: true, isMask: false, options: options)
        }

        var packed: UInt64 = 0
        var digitCount = 0
        var separatorCount = 0
        var cursor = start
        while cursor < end {
            let byte = cursor.pointee
            let digit = byte &- 0x30
            if digit < 10 {
                packed = packed << 4 | UInt64(digit)
                digitCount += 1
            } else if byte == 0x2E || byte == 0x2D || byte == 0x20 {
                separatorCount += 1
            } else {
                return .failure(invalidCharacter(in: bytes, at: cursor - base))
            }
            cursor += 1
        }
        let isMask = options.format == .strict && end - start == 14 && isMaskShape(start)
        return conclude(
            packed: packed, digitCount: digitCount, isBare: separatorCount == 0, isMask: isMask, options: options)
    }

    /// Whether UTF-8 bytes are a valid CPF: exactly whether
    /// ``parse(_:options:)`` succeeds.
    ///
    /// Deprecated: ``Swift/StringProtocol/isValidCPF`` is the one Boolean
    /// shortcut, and ``parse(_:options:)`` the one door from bytes.
    ///
    /// ```swift
    /// Array("390.533.447-05".utf8).withUnsafeBytes { CPF.isValid($0) }   // true
    /// ```
    @available(*, deprecated, message: "use CPF.parse(_:options:) on bytes, or isValidCPF on text")
    @inlinable
    public static func isValid(_ bytes: UnsafeRawBufferPointer, options: ParsingOptions = .lenient) -> Bool {
        isValidUTF8(bytes, options: options)
    }

    /// Whether UTF-8 bytes are a valid CPF: exactly whether
    /// ``parse(_:options:)`` succeeds, without building the CPF or the reason.
    ///
    /// The batch filters call this on every line. The two shapes of nearly
    /// every real line, 11 bare digits and `DDD.DDD.DDD-DD`, are judged eight
    /// bytes at a time; anything else goes through ``parse(_:options:)``.
    ///
    /// ```swift
    /// Array("390.533.447-05".utf8).withUnsafeBytes { CPF.isValidUTF8($0, options: .lenient) }   // true
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @inlinable
    package static func isValidUTF8(_ bytes: UnsafeRawBufferPointer, options: ParsingOptions) -> Bool {
        if let raw = bytes.baseAddress {
            let ones = DigitWord.ones
            if bytes.count == 11 {
                let front = DigitWord.load(raw)  // digits 0-7
                let back = DigitWord.load(raw, at: 3)  // digits 3-10
                if DigitWord.areDigits(front), DigitWord.areDigits(back) {
                    return DigitWord.isValidEleven(
                        front: front, back: back, allowsRepeatedDigits: options.allowsRepeatedDigits)
                }
            } else if bytes.count == 14 {
                let front = DigitWord.load(raw)  // "DDD.DDD."
                let back = DigitWord.load(raw, at: 6)  // "D.DDD-DD"
                let frontSeparators: UInt64 = 0xFF00_0000_FF00_0000
                let backSeparators: UInt64 = 0x0000_FF00_0000_FF00
                let frontZeros = front & ~frontSeparators | 0x3000_0000_3000_0000  // separators read as digit 0
                let backZeros = back & ~backSeparators | 0x0000_3000_0000_3000
                if front & frontSeparators == 0x2E00_0000_2E00_0000, back & backSeparators == 0x0000_2D00_0000_2E00,
                    DigitWord.areDigits(frontZeros), DigitWord.areDigits(backZeros)
                {
                    let frontDigits = frontZeros & (0x0F &* ones)
                    let backDigits = backZeros & (0x0F &* ones)
                    let weighted =
                        DigitWord.weightedSum(frontDigits, 0xA_0008_0007_0005, 0x9_0000_0006_0000)
                        &+ DigitWord.weightedSum(backDigits, 0x4_0002_0000, 0x3_0000_0000)
                    let plain =
                        DigitWord.weightedSum(frontDigits, 0x1_0001_0001_0001, 0x1_0000_0001_0000)
                        &+ DigitWord.weightedSum(backDigits, 0x1_0001_0000, 0x1_0000_0000)
                    guard DigitWord.checkDigitsMatch(weighted: weighted, plain: plain, found: back >> 48) else {
                        return false
                    }
                    let same = (front & 0xFF) &* ones
                    return options.allowsRepeatedDigits
                        || frontZeros != same & ~frontSeparators | 0x3000_0000_3000_0000
                        || backZeros != same & ~backSeparators | 0x0000_3000_0000_3000
                }
            }
        }
        if case .success = parse(bytes, options: options) { return true }
        return false
    }

    /// The check digits of a nine-digit base given as a number from 0 to
    /// 999,999,999.
    ///
    /// Deprecated: ``CheckDigits/init(base:)`` is the one way to compute
    /// check digits from text; from a number, take them from the CPF,
    /// `CPF(base: 390_533_447).checkDigits`, which costs the same.
    ///
    /// ```swift
    /// CPF.checkDigits(ofBase: 390_533_447)   // 05
    /// ```
    @available(*, deprecated, message: "use CPF(base:).checkDigits, or CPF.CheckDigits(base:) for text")
    @inlinable
    public static func checkDigits(ofBase base: Int) -> CheckDigits {
        CPF(base: base).checkDigits
    }

    /// Makes the CPF of a nine-digit base given as a number from 0 to
    /// 999,999,999, computing its check digits.
    ///
    /// ```swift
    /// CPF(base: 390_533_447).formatted   // "390.533.447-05"
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(base: Int) {
        precondition(base >= 0 && base < 1_000_000_000, "a base has nine digits")
        let packedBase = Self.packedDigits(of: base)
        let (first, second) = DigitWord.checkDigits(ofPacked: packedBase)
        self.init(packed: packedBase << 8 | UInt64(first) << 4 | UInt64(second))
    }

    // MARK: - Shared by the byte-level and streaming parsers

    /// The checks after the characters: strict shape, padding, length,
    /// repeated digits, check digits, in that order.
    @inlinable
    internal static func conclude(
        packed: UInt64, digitCount: Int, isBare: Bool, isMask: Bool, options: ParsingOptions
    ) -> Result<CPF, CPFValidationError> {
        var digitCount = digitCount
        if options.padsLeadingZeros, isBare, digitCount >= 1, digitCount <= 10 {
            digitCount = 11  // the missing leading digits are zeros already
        } else if options.format == .strict, !(isBare && digitCount == 11), !isMask {
            return .failure(.format)
        }
        guard digitCount == 11 else { return .failure(.length(digitCount: digitCount)) }
        let packed = packed & 0xFFF_FFFF_FFFF
        if !options.allowsRepeatedDigits, DigitWord.isRepeated(packed: packed) {
            return .failure(.repeatedDigits)
        }
        let (first, second) = DigitWord.checkDigits(ofPacked: packed >> 8)
        guard packed & 0xFF == UInt64(first) << 4 | UInt64(second) else {
            return .failure(.checkDigits(expected: CheckDigits(first: Int(first), second: Int(second))))
        }
        return .success(CPF(packed: packed))
    }

    /// Nine decimal digits of `base`, packed four bits each.
    @inlinable
    internal static func packedDigits(of base: Int) -> UInt64 {
        var packed: UInt64 = 0
        var rest = base
        var shift: UInt64 = 0
        for _ in 0..<9 {
            packed |= UInt64(truncatingIfNeeded: rest % 10) << shift
            rest /= 10
            shift += 4
        }
        return packed
    }

    /// The packed digits of exactly 11 ASCII digits (`count` 11) or exactly
    /// `DDD.DDD.DDD-DD` (`count` 14); `nil` for anything else.
    @inlinable
    @inline(__always)
    internal static func exactShapeDigits(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64? {
        let raw = UnsafeRawPointer(start)
        if count == 11 {
            // Bytes 0-7 in one word, 3-10 in another (they overlap).
            let front = DigitWord.load(raw)
            let back = DigitWord.load(raw, at: 3)
            guard DigitWord.areDigits(front), DigitWord.areDigits(back) else { return nil }
            return DigitWord.packedEleven(front: front, back: back)
        }
        // DDD.DDD.DDD-DD: bytes 0-7 are "DDD.DDD.", bytes 6-13 are "D.DDD-DD".
        let front = DigitWord.load(raw)
        let back = DigitWord.load(raw, at: 6)
        // Put a '0' where the separators are, after checking them.
        let frontSeparators: UInt64 = 0xFF00_0000_FF00_0000  // bytes 3 and 7
        let backSeparators: UInt64 = 0x0000_FF00_0000_FF00  // bytes 1 and 5 (7 and 11)
        guard front & frontSeparators == 0x2E00_0000_2E00_0000,
            back & backSeparators == 0x0000_2D00_0000_2E00,
            case let frontWord = front & ~frontSeparators | 0x3000_0000_3000_0000,
            case let backWord = back & ~backSeparators | 0x0000_3000_0000_3000,
            DigitWord.areDigits(frontWord), DigitWord.areDigits(backWord)
        else { return nil }
        let frontDigits = DigitWord.packedDigits(frontWord)
        let backDigits = DigitWord.packedDigits(backWord)
        // front: D0 D1 D2 0 D3 D4 D5 0; back: D5 0 D6 D7 D8 0 D9 D10 (one nibble each).
        let first6 = (frontDigits >> 20) << 12 | (frontDigits >> 4) & 0xFFF
        let last5 = ((backDigits >> 12) & 0xFFF) << 8 | backDigits & 0xFF
        return first6 << 20 | last5
    }

    /// The digits of `bytes` read as a whole number a spreadsheet wrote
    /// (``SpreadsheetNumber``), or `nil`.
    @inlinable
    internal static func spreadsheetInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> (packed: UInt64, count: Int)? {
        var number = SpreadsheetNumber()
        for byte in bytes {
            number.consume(byte)
            if number.isDead { return nil }
        }
        return number.integerDigits
    }

    /// A space, tab or carriage return.
    @inlinable
    internal static func isTrimmedByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// Whether the 14 bytes at `start` are `DDD.DDD.DDD-DD`.
    @inlinable
    internal static func isMaskShape(_ start: UnsafePointer<UInt8>) -> Bool {
        for index in 0..<CPFMask.maximumLength {
            let byte = start[index]
            if let separator = CPFMask.separator(at: index) {
                if byte != separator { return false }
            } else if byte &- 0x30 >= 10 {
                return false
            }
        }
        return true
    }

    /// The invalid character starting at `offset`, decoded from UTF-8 (U+FFFD
    /// when the bytes there are not valid UTF-8).
    @usableFromInline
    internal static func invalidCharacter(in bytes: UnsafeRawBufferPointer, at offset: Int) -> CPFValidationError {
        .invalidCharacter(decodeScalar(UnsafeRawBufferPointer(rebasing: bytes[offset...])), position: offset + 1)
    }

    /// The first Unicode scalar of `bytes`, or U+FFFD when they do not start
    /// with valid UTF-8.
    @usableFromInline
    internal static func decodeScalar(_ bytes: UnsafeRawBufferPointer) -> Unicode.Scalar {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            return Unicode.UTF8.decode(encoded)
        }
        return Unicode.Scalar(0xFFFD)!
    }
}
