// The byte-level parser: what the batch commands run on every line.
// It must agree with `StringProtocol.parsedCPF(options:)` on every input;
// the tests check that over random and tricky inputs.

extension CPF {
    /// Parses a CPF from UTF-8 bytes, such as one line of a file.
    ///
    /// This is the fast path for batch work: no allocation, one pass over the
    /// bytes. It gives the same answer as ``Swift/StringProtocol/parsedCPF(options:)``
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
    public static func parse(_ bytes: UnsafeRawBufferPointer, options: ParsingOptions = .lenient) -> Result<CPF, CPFValidationError> {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.empty) }
        var start = base
        var end = base + bytes.count
        while start < end, isTrimmedByte(start.pointee) { start += 1 }
        while end > start, isTrimmedByte(end[-1]) { end -= 1 }
        if start == end { return .failure(.empty) }

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
        return conclude(packed: packed, digitCount: digitCount, isBare: separatorCount == 0, isMask: isMask, options: options)
    }

    /// The check digits of a nine-digit base given as a number from 0 to
    /// 999,999,999: the same rule as ``CheckDigits/init(base:)``, in integer
    /// arithmetic, for generating numbers in bulk.
    ///
    /// ```swift
    /// CPF.checkDigits(ofBase: 390_533_447)   // 05
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func checkDigits(ofBase base: Int) -> CheckDigits {
        precondition(base >= 0 && base < 1_000_000_000, "a base has nine digits")
        let (first, second) = checkDigits(ofPacked: packedDigits(of: base))
        return CheckDigits(first: first, second: second)
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
        let (first, second) = Self.checkDigits(ofPacked: packedBase)
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
        if !options.allowsRepeatedDigits, packed % 0x111_1111_1111 == 0 {
            return .failure(.repeatedDigits)
        }
        let (first, second) = checkDigits(ofPacked: packed >> 8)
        guard packed & 0xFF == UInt64(first) << 4 | UInt64(second) else {
            return .failure(.checkDigits(expected: CheckDigits(first: first, second: second)))
        }
        return .success(CPF(packed: packed))
    }

    /// The check digits of nine packed digits (the last digit in the low nibble).
    @inlinable
    internal static func checkDigits(ofPacked base: UInt64) -> (UInt8, UInt8) {
        var first = 0
        var second = 0
        var rest = base
        var weight = 2
        while weight <= 10 {
            let digit = Int(truncatingIfNeeded: rest & 0xF)
            first &+= digit &* weight
            second &+= digit &* (weight &+ 1)
            rest >>= 4
            weight += 1
        }
        first %= 11
        let d1 = first < 2 ? 0 : 11 - first
        second = (second + 2 * d1) % 11
        let d2 = second < 2 ? 0 : 11 - second
        return (UInt8(truncatingIfNeeded: d1), UInt8(truncatingIfNeeded: d2))
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

    /// A space, tab or carriage return.
    @inlinable
    internal static func isTrimmedByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// Whether the 14 bytes at `start` are `DDD.DDD.DDD-DD`.
    @inlinable
    internal static func isMaskShape(_ start: UnsafePointer<UInt8>) -> Bool {
        for index in 0..<14 {
            let byte = start[index]
            switch index {
            case 3, 7: if byte != 0x2E { return false }
            case 11: if byte != 0x2D { return false }
            default: if byte &- 0x30 >= 10 { return false }
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
