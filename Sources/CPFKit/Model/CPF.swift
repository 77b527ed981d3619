/// A valid Brazilian CPF number (Cadastro de Pessoas Físicas).
///
/// A `CPF` always holds 11 digits whose check digits are right; make one by
/// parsing text, which throws a ``CPFValidationError`` saying why the text is
/// not a CPF.
///
/// ```swift
/// let cpf = try CPF(validating: "390.533.447-05")
/// cpf.digits          // "39053344705"
/// cpf.formatted       // "390.533.447-05"
/// cpf.lgpdMasked      // "***.533.447-**"
/// cpf.fiscalRegion    // 7: ES, RJ
/// cpf.checkDigits     // 05
/// ```
///
/// - Complexity: Parsing is O(*n*) in the length of the text; every property
///   is O(1).
public struct CPF: Hashable, Sendable {
    /// The 11 digits, four bits each, the first digit in the highest nibble
    /// (bits 40–43), so `0x390_5334_4705` for `390.533.447-05`.
    @usableFromInline
    internal let packed: UInt64

    @inlinable
    internal init(packed: UInt64) {
        self.packed = packed
    }

    /// Parses a CPF from text.
    ///
    /// ```swift
    /// let cpf = try CPF(validating: "390 533 447 05")
    /// let padded = try CPF(validating: "5334403", options: .init(padsLeadingZeros: true))  // 000.053.344-03
    /// ```
    ///
    /// The argument label keeps this initializer apart from the failable
    /// `init?(_:)` of `LosslessStringConvertible`, which Swift would otherwise
    /// pick for a plain `String`, as in `String(validating:as:)`.
    ///
    /// - Parameters:
    ///   - text: The text, masked or bare (see ``ParsingOptions``).
    ///   - options: How strictly to read the text. Lenient by default.
    /// - Throws: ``CPFValidationError``, the first reason the text is not a CPF.
    @inlinable
    public init(validating text: some StringProtocol, options: ParsingOptions = .lenient) throws(CPFValidationError) {
        self = try text.cpfParsingResult(options: options).get()
    }

    /// Makes the CPF of a 9-digit base, computing its check digits.
    ///
    /// ```swift
    /// let cpf = try CPF(base: "390.533.447")   // 390.533.447-05
    /// ```
    ///
    /// - Parameter base: Nine digits, bare or masked as `DDD.DDD.DDD`.
    /// - Throws: ``CPFValidationError/invalidCharacter(_:position:)`` or
    ///   ``CPFValidationError/length(digitCount:)`` when `base` is not nine digits.
    @inlinable
    public init(base: some StringProtocol) throws(CPFValidationError) {
        let checkDigits = try CheckDigits(base: base)
        let digits = base.utf8.lazy.filter { $0 &- 0x30 < 10 }.reduce(UInt64(0)) { $0 << 4 | UInt64($1 &- 0x30) }
        self.init(packed: digits << 8 | UInt64(checkDigits.first) << 4 | UInt64(checkDigits.second))
    }

    /// The digit at `index` (0 is the first), as a number from 0 to 9.
    @inlinable
    public subscript(digitAt index: Int) -> Int {
        precondition(index >= 0 && index < 11, "a CPF has 11 digits")
        return Int(truncatingIfNeeded: (packed >> UInt64(4 * (10 - index))) & 0xF)
    }

    /// Writes the 11 digits as ASCII bytes at the start of `buffer`, which
    /// must hold at least 11 bytes; returns 11, the number of bytes written.
    /// For the command-line tool's writers; users read ``digits``.
    ///
    /// ```swift
    /// var bytes = [UInt8](repeating: 0, count: 11)
    /// bytes.withUnsafeMutableBytes { cpf.writeDigits(to: $0) }   // "39053344705"
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    @discardableResult
    package func writeDigits(to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= 11, "writeDigits(to:) needs 11 bytes")
        var value = packed
        var index = 10
        while index >= 0 {
            buffer.storeBytes(of: UInt8(truncatingIfNeeded: value & 0xF) | 0x30, toByteOffset: index, as: UInt8.self)
            value >>= 4
            index -= 1
        }
        return 11
    }

    /// Writes the mask `DDD.DDD.DDD-DD` (``CPFMask/separator(at:)``) as ASCII
    /// bytes at the start of `buffer`, which must hold at least 14 bytes;
    /// returns 14. For the command-line tool's writers; users read ``formatted``.
    ///
    /// ```swift
    /// var bytes = [UInt8](repeating: 0, count: 14)
    /// bytes.withUnsafeMutableBytes { cpf.writeFormatted(to: $0) }   // "390.533.447-05"
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    @discardableResult
    package func writeFormatted(to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= CPFMask.maximumLength, "writeFormatted(to:) needs 14 bytes")
        var value = packed
        var index = CPFMask.maximumLength - 1
        while index >= 0 {
            if let separator = CPFMask.separator(at: index) {
                buffer.storeBytes(of: separator, toByteOffset: index, as: UInt8.self)
            } else {
                buffer.storeBytes(
                    of: UInt8(truncatingIfNeeded: value & 0xF) | 0x30, toByteOffset: index, as: UInt8.self)
                value >>= 4
            }
            index -= 1
        }
        return 14
    }

    /// The 11 bare digits: `"39053344705"`.
    public var digits: String {
        String(unsafeUninitializedCapacity: 11) { buffer in
            writeDigits(to: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The usual mask `DDD.DDD.DDD-DD`: `"390.533.447-05"`.
    public var formatted: String {
        String(unsafeUninitializedCapacity: 14) { buffer in
            writeFormatted(to: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The display form recommended for LGPD notices, hiding the first three
    /// and the last two digits: `"***.533.447-**"`.
    ///
    /// This is pseudonymisation, not anonymisation: the check digits can be
    /// recomputed, so only the first three digits (a thousand candidates) are
    /// really hidden.
    public var lgpdMasked: String {
        CPFMask.lgpdMasked(formatted)
    }

    /// The first nine digits, which the check digits are computed from: `"390533447"`.
    public var base: String {
        String(digits.prefix(9))
    }

    /// The two check digits, the last two digits of the number.
    public var checkDigits: CheckDigits {
        CheckDigits(first: self[digitAt: 9], second: self[digitAt: 10])
    }

    /// The fiscal region where the number was first issued, from its ninth digit.
    public var fiscalRegion: FiscalRegion {
        FiscalRegion(digit: self[digitAt: 8])!
    }
}

extension CPF: CustomStringConvertible {
    /// The masked form, `DDD.DDD.DDD-DD`.
    public var description: String { formatted }
}

extension CPF: CustomDebugStringConvertible {
    /// `CPF(390.533.447-05)`.
    public var debugDescription: String { "CPF(\(formatted))" }
}

extension CPF: Comparable {
    /// CPFs sort by their digits.
    @inlinable
    public static func < (lhs: CPF, rhs: CPF) -> Bool { lhs.packed < rhs.packed }
}
