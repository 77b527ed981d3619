/// The CPF mask applied to an incomplete number, as a text field shows it
/// while the user types: separators appear only once a digit follows them.
///
/// ```swift
/// CPFMask.apply(to: "3905")          // "390.5"
/// CPFMask.apply(to: "390533447")     // "390.533.447"
/// CPFMask.apply(to: "390533447055")  // "390.533.447-05" (11 digits at most)
/// CPFMask.apply(to: "39a0")          // "390" (only ASCII digits count)
/// ```
public enum CPFMask {
    /// The longest masked text: `DDD.DDD.DDD-DD`.
    @inlinable
    public static var maximumLength: Int { 14 }  // computed, so a constant where inlined
    /// The most digits a CPF holds.
    @inlinable
    public static var maximumDigitCount: Int { 11 }

    /// The separator at `position` of the full mask `DDD.DDD.DDD-DD`: `.` at
    /// 3 and 7, `-` at 11, `nil` where a digit stands. This is CPFKit's one
    /// definition of the mask; every writer of the masked form uses it.
    ///
    /// ```swift
    /// CPFMask.separator(at: 3)    // UInt8(ascii: ".")
    /// CPFMask.separator(at: 11)   // UInt8(ascii: "-")
    /// CPFMask.separator(at: 0)    // nil: a digit
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    @inline(__always)
    public static func separator(at position: Int) -> UInt8? {
        switch position {
        case 3, 7: UInt8(ascii: ".")
        case 11: UInt8(ascii: "-")
        default: nil
        }
    }

    /// Masks the first 11 ASCII digits of `text`, ignoring every other character.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func apply(to text: some StringProtocol) -> String {
        var digits: [UInt8] = []
        for byte in text.utf8 where byte &- 0x30 < 10 && digits.count < maximumDigitCount {
            digits.append(byte)
        }
        return digits.withUnsafeBytes { digits in
            String(unsafeUninitializedCapacity: maximumLength) { buffer in
                write(digits: digits, to: UnsafeMutableRawBufferPointer(buffer))
            }
        }
    }

    /// Writes the mask of the first 11 (at most) ASCII digits of `digits`
    /// at the start of `buffer`, which must hold at least 14 bytes; returns
    /// how many bytes it wrote. For the command-line tool and the mask
    /// editor; users call ``apply(to:)``.
    ///
    /// ```swift
    /// var out = [UInt8](repeating: 0, count: 14)
    /// let count = Array("3905".utf8).withUnsafeBytes { digits in
    ///     out.withUnsafeMutableBytes { CPFMask.write(digits: digits, to: $0) }
    /// }   // 5: "390.5"
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    package static func write(digits: UnsafeRawBufferPointer, to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= maximumLength, "CPFMask.write(digits:to:) needs 14 bytes")
        if digits.count >= maximumDigitCount {
            // The whole mask, the common case: constant positions, which the
            // compiler unrolls.
            var next = 0
            for position in 0..<maximumLength {
                if let separator = separator(at: position) {
                    buffer.storeBytes(of: separator, toByteOffset: position, as: UInt8.self)
                } else {
                    buffer.storeBytes(of: digits[next], toByteOffset: position, as: UInt8.self)
                    next += 1
                }
            }
            return maximumLength
        }
        var length = 0
        for digit in digits {
            // A separator is written only once a digit follows it.
            if let separator = separator(at: length) {
                buffer.storeBytes(of: separator, toByteOffset: length, as: UInt8.self)
                length += 1
            }
            buffer.storeBytes(of: digit, toByteOffset: length, as: UInt8.self)
            length += 1
        }
        return length
    }

    /// The length of the mask of `digitCount` digits, which is where the
    /// caret stands after typing them: a separator is only shown once a digit
    /// follows it.
    ///
    /// ```swift
    /// CPFMask.maskedLength(digitCount: 3)   // 3: "390|"
    /// CPFMask.maskedLength(digitCount: 4)   // 5: "390.5|"
    /// ```
    @inlinable
    public static func maskedLength(digitCount: Int) -> Int {
        precondition(digitCount >= 0 && digitCount <= maximumDigitCount, "a CPF has at most 11 digits")
        return MaskLayout.maskedLength(of: digitCount, separator: separator(at:))
    }

    /// The LGPD display form of a masked number: the mask with its first
    /// three and last two digits hidden, `***.533.447-**`. `masked` must be
    /// the 14-character mask `DDD.DDD.DDD-DD`.
    ///
    /// ```swift
    /// CPFMask.lgpdMasked("390.533.447-05")   // "***.533.447-**"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func lgpdMasked(_ masked: some StringProtocol) -> String {
        var text = Array(masked.utf8)
        precondition(text.count == maximumLength, "lgpdMasked(_:) takes the 14-character mask")
        for index in [0, 1, 2, 12, 13] { text[index] = UInt8(ascii: "*") }
        return String(decoding: text, as: UTF8.self)
    }
}
