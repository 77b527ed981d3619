/// A valid Brazilian CNPJ (Cadastro Nacional da Pessoa Jurídica), numeric
/// or alphanumeric.
///
/// A `CNPJ` always holds 12 characters of `0`–`9` and `A`–`Z` (8 of root,
/// 4 of branch) and two check digits that are right, by the rule of the
/// Receita Federal (Instrução Normativa RFB 2.229/2024): each character
/// counts as its ASCII code minus 48, weighted 2 to 9 from the right, sum
/// modulo 11. Numeric CNPJs follow the same rule. Make one by parsing text,
/// which throws a ``CNPJValidationError`` saying why the text is not a CNPJ.
///
/// ```swift
/// let cnpj = try CNPJ(validating: "12.ABC.345/01DE-35")
/// cnpj.characters       // "12ABC34501DE35"
/// cnpj.formatted        // "12.ABC.345/01DE-35"
/// cnpj.root             // "12ABC345"
/// cnpj.branch           // "01DE"
/// cnpj.checkDigits      // 35
/// cnpj.isAlphanumeric   // true
/// try CNPJ(validating: "11.222.333/0001-81").isHeadOffice   // true: branch 0001
/// ```
///
/// Lenient parsing (the default) reads lowercase letters as uppercase;
/// strict parsing refuses them (see ``ParsingOptions``). A `CNPJ` is always
/// shown in upper case.
///
/// - Complexity: Parsing is O(*n*) in the length of the text; every property
///   is O(1).
public struct CNPJ: Hashable, Sendable {
    /// The 14 characters as ASCII bytes, the first in the highest byte of
    /// `high` (characters 1–8) and of `low` (characters 9–14, in its six
    /// highest bytes), so that comparing the pair compares the text.
    @usableFromInline
    internal let high: UInt64
    @usableFromInline
    internal let low: UInt64

    /// Makes a CNPJ of 14 values (ASCII code minus 48), already checked.
    internal init(values: [Int]) {
        precondition(values.count == 14, "a CNPJ has 14 characters")
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, value) in values.enumerated() {
            let byte = UInt64(value + 48)
            if index < 8 { high |= byte << UInt64(8 * (7 - index)) } else { low |= byte << UInt64(8 * (15 - index)) }
        }
        self.high = high
        self.low = low
    }

    /// Parses a CNPJ from text.
    ///
    /// ```swift
    /// let cnpj = try CNPJ(validating: "12.ABC.345/01DE-35")
    /// let same = try CNPJ(validating: "12abc34501de35")   // lenient: upper-cased
    /// try CNPJ(validating: "12abc34501de35", options: .strict)
    /// // throws .lowercaseLetter("a", position: 3)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text, masked or bare (see ``ParsingOptions``).
    ///   - options: How strictly to read the text. Lenient by default.
    /// - Throws: ``CNPJValidationError``, the first reason the text is not a CNPJ.
    public init(validating text: some StringProtocol, options: ParsingOptions = .lenient) throws(CNPJValidationError) {
        self = try text.cnpjParsingResult(options: options).get()
    }

    /// Makes the CNPJ of a 12-character base, computing its check digits.
    ///
    /// ```swift
    /// try CNPJ(base: "12.ABC.345/01DE")   // 12.ABC.345/01DE-35
    /// try CNPJ(base: "112223330001")      // 11.222.333/0001-81
    /// ```
    ///
    /// - Parameter base: Twelve characters of `0`–`9`, `A`–`Z` (lowercase
    ///   read as uppercase), bare or masked as `XX.XXX.XXX/XXXX`.
    /// - Throws: ``CNPJValidationError/invalidCharacter(_:position:)`` or
    ///   ``CNPJValidationError/length(characterCount:)`` when `base` is not
    ///   twelve characters.
    public init(base: some StringProtocol) throws(CNPJValidationError) {
        let values = try base.cnpjBaseValues().get()
        let checkDigits = values.cnpjCheckDigits
        self.init(values: values + [checkDigits.first, checkDigits.second])
    }

    /// The character at `index` (0 is the first) as its ASCII byte, `0`–`9`
    /// or `A`–`Z`.
    ///
    /// ```swift
    /// try CNPJ(validating: "12.ABC.345/01DE-35")[byteAt: 2]   // UInt8(ascii: "A")
    /// ```
    public subscript(byteAt index: Int) -> UInt8 {
        precondition(index >= 0 && index < 14, "a CNPJ has 14 characters")
        let word = index < 8 ? high : low
        let shift = index < 8 ? 8 * (7 - index) : 8 * (15 - index)
        return UInt8(truncatingIfNeeded: word >> UInt64(shift))
    }

    /// The 14 characters as ASCII bytes.
    public var bytes: [UInt8] {
        (0..<14).map { self[byteAt: $0] }
    }

    /// Writes the 14 characters as ASCII bytes at the start of `buffer`,
    /// which must hold at least 14 bytes; returns 14. For the command-line
    /// tool's writers; users read ``characters``.
    ///
    /// - Complexity: O(1).
    @discardableResult
    package func writeCharacters(to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= 14, "writeCharacters(to:) needs 14 bytes")
        for index in 0..<14 {
            buffer.storeBytes(of: self[byteAt: index], toByteOffset: index, as: UInt8.self)
        }
        return 14
    }

    /// Writes the mask `XX.XXX.XXX/XXXX-DD` (``CNPJMask/separator(at:)``) as
    /// ASCII bytes at the start of `buffer`, which must hold at least 18
    /// bytes; returns 18. For the command-line tool's writers; users read
    /// ``formatted``.
    ///
    /// - Complexity: O(1).
    @discardableResult
    package func writeFormatted(to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= CNPJMask.maximumLength, "writeFormatted(to:) needs 18 bytes")
        var next = 0
        for position in 0..<CNPJMask.maximumLength {
            if let separator = CNPJMask.separator(at: position) {
                buffer.storeBytes(of: separator, toByteOffset: position, as: UInt8.self)
            } else {
                buffer.storeBytes(of: self[byteAt: next], toByteOffset: position, as: UInt8.self)
                next += 1
            }
        }
        return CNPJMask.maximumLength
    }

    /// The 14 bare characters, in upper case: `"12ABC34501DE35"`.
    public var characters: String {
        String(unsafeUninitializedCapacity: 14) { buffer in
            writeCharacters(to: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The usual mask `XX.XXX.XXX/XXXX-DD`: `"12.ABC.345/01DE-35"`.
    public var formatted: String {
        String(unsafeUninitializedCapacity: CNPJMask.maximumLength) { buffer in
            writeFormatted(to: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The first 12 characters, which the check digits are computed from:
    /// `"12ABC34501DE"`.
    public var base: String {
        String(characters.prefix(12))
    }

    /// The first 8 characters, which name the company: `"12ABC345"`.
    public var root: String {
        String(characters.prefix(8))
    }

    /// Characters 9 to 12, which name the establishment: `"01DE"`.
    public var branch: String {
        String(characters.dropFirst(8).prefix(4))
    }

    /// Whether the branch is `0001`, the number usually given to the head
    /// office (matriz).
    public var isHeadOffice: Bool {
        branch == "0001"
    }

    /// Whether the base holds a letter (the kind issued from July 2026).
    public var isAlphanumeric: Bool {
        (0..<12).contains { self[byteAt: $0] > UInt8(ascii: "9") }
    }

    /// The two check digits, the last two characters.
    public var checkDigits: CheckDigits {
        CheckDigits(first: Int(self[byteAt: 12]) - 48, second: Int(self[byteAt: 13]) - 48)
    }
}

extension CNPJ: CustomStringConvertible {
    /// The masked form, `XX.XXX.XXX/XXXX-DD`.
    public var description: String { formatted }
}

extension CNPJ: CustomDebugStringConvertible {
    /// `CNPJ(12.ABC.345/01DE-35)`.
    public var debugDescription: String { "CNPJ(\(formatted))" }
}

extension CNPJ: Comparable {
    /// CNPJs sort by their characters, digits before letters.
    public static func < (lhs: CNPJ, rhs: CNPJ) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension CNPJ {
    /// Reads a CNPJ from bytes, as ``init(validating:options:)`` reads the
    /// text they hold (bytes that are not valid UTF-8 are read as U+FFFD):
    /// the door for the command-line tool, which reads lines as bytes.
    ///
    /// ```swift
    /// Array("12.ABC.345/01DE-35".utf8).withUnsafeBytes { CNPJ.parse($0) }   // .success(12.ABC.345/01DE-35)
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, options: ParsingOptions = .lenient
    ) -> Result<CNPJ, CNPJValidationError> {
        String(decoding: bytes, as: UTF8.self).cnpjParsingResult(options: options)
    }
}
