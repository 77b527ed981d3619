/// A Brazilian taxpayer number: a person's ``CPF`` or a company's ``CNPJ``,
/// for the "CPF/CNPJ" columns of invoices, supplier tables and PIX keys.
///
/// Read text as either in one call; the text says which it is meant to be
/// (`Kind(guessing:)`): up to 11 digits and no letter is a
/// CPF, anything else a CNPJ.
///
/// ```swift
/// let payer = try TaxpayerID(validating: "12.ABC.345/01DE-35")
/// payer.kind          // .cnpj
/// payer.formatted     // "12.ABC.345/01DE-35"
/// try TaxpayerID(validating: "390.533.447-05").kind   // .cpf
/// try TaxpayerID(validating: "390.533.447-05", accepting: .cnpj)
/// // throws .cnpj(.length(characterCount: 11))
/// ```
public enum TaxpayerID: Hashable, Sendable {
    /// A person's number.
    case cpf(CPF)
    /// A company's number, numeric or alphanumeric.
    case cnpj(CNPJ)

    /// The two kinds of number.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Cadastro de Pessoas Físicas: 11 digits.
        case cpf
        /// Cadastro Nacional da Pessoa Jurídica: 12 characters and 2 digits.
        case cnpj

        /// The kind that `text` is meant to be: a CPF when it holds no letter
        /// and at most 11 digits (so a CPF with a digit missing is reported
        /// as a CPF), else a CNPJ. Separators and other characters are not
        /// counted.
        ///
        /// ```swift
        /// TaxpayerID.Kind(guessing: "390.533.447-05")       // .cpf
        /// TaxpayerID.Kind(guessing: "390.533.447-0")        // .cpf
        /// TaxpayerID.Kind(guessing: "11.222.333/0001-81")   // .cnpj
        /// TaxpayerID.Kind(guessing: "12ABC")                // .cnpj: a letter
        /// ```
        public init(guessing text: some StringProtocol) {
            var digits = 0
            for scalar in text.unicodeScalars {
                guard let value = scalar.cnpjValue else { continue }
                if value > 9 {
                    self = .cnpj
                    return
                }
                digits += 1
            }
            self = digits <= 11 ? .cpf : .cnpj
        }

        /// The name, upper-cased: `CPF`, `CNPJ`.
        public var name: String { rawValue.uppercased() }

        /// How many characters a number of this kind holds: 11 digits for a CPF,
        /// 14 characters for a CNPJ.
        ///
        /// ```swift
        /// TaxpayerID.Kind.cnpj.characterCount   // 14
        /// ```
        public var characterCount: Int {
            switch self {
            case .cpf: CPFMask.maximumDigitCount
            case .cnpj: CNPJMask.maximumCharacterCount
            }
        }
    }

    /// Which kinds a reader accepts.
    public enum Accepted: String, Hashable, Sendable, CaseIterable {
        /// CPFs only: a CNPJ is refused as a CPF of the wrong length.
        case cpf
        /// CNPJs only.
        case cnpj
        /// Either, as `Kind(guessing:)` tells.
        case any

        /// Whether `kind` is accepted.
        public func contains(_ kind: Kind) -> Bool {
            switch self {
            case .cpf: kind == .cpf
            case .cnpj: kind == .cnpj
            case .any: true
            }
        }
    }

    /// Why a text is not a taxpayer number: the reason it is not the kind it
    /// was read as.
    public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Read as a CPF.
        case cpf(CPFValidationError)
        /// Read as a CNPJ.
        case cnpj(CNPJValidationError)

        /// The kind the text was read as.
        public var kind: Kind {
            switch self {
            case .cpf: .cpf
            case .cnpj: .cnpj
            }
        }

        /// The reason's stable code (``CPFValidationError/code``, ``CNPJValidationError/code``).
        public var code: String {
            switch self {
            case .cpf(let error): error.code
            case .cnpj(let error): error.code
            }
        }

        /// The reason in English, as the underlying error gives it.
        public var description: String { description(in: .english) }

        /// The reason in `language`.
        ///
        /// ```swift
        /// TaxpayerID.ValidationError.cnpj(.repeatedDigits).description(in: .portuguese)
        /// // "os 14 dígitos são iguais"
        /// ```
        public func description(in language: CPFValidationError.DescriptionLanguage) -> String {
            switch self {
            case .cpf(let error): error.description(in: language)
            case .cnpj(let error): error.description(in: language)
            }
        }

        /// The reason in `language` for text that was to be a base, as
        /// ``TaxpayerID/init(base:kind:)`` reads it: a length is counted
        /// against 9 digits for a CPF, 12 characters for a CNPJ.
        ///
        /// ```swift
        /// TaxpayerID.ValidationError.cpf(.length(digitCount: 8)).baseDescription(in: .english)
        /// // "8 digits, expected 9"
        /// ```
        public func baseDescription(in language: CPFValidationError.DescriptionLanguage) -> String {
            switch self {
            case .cpf(let error): error.description(in: language, expectedDigitCount: 9)
            case .cnpj(let error): error.description(in: language, expectedCharacterCount: CNPJMask.baseLength)
            }
        }
    }

    /// The number of `kind` whose base is `base` (9 digits for a CPF, 12
    /// characters for a CNPJ, with any separators among them), its check
    /// digits computed: ``CPF/init(base:)`` or ``CNPJ/init(base:)``.
    ///
    /// ```swift
    /// try TaxpayerID(base: "390.533.447", kind: .cpf).formatted      // "390.533.447-05"
    /// try TaxpayerID(base: "12ABC34501DE", kind: .cnpj).formatted    // "12.ABC.345/01DE-35"
    /// ```
    ///
    /// - Throws: ``ValidationError``, the reason `base` is not a base of
    ///   that kind (see ``ValidationError/baseDescription(in:)``).
    public init(base: some StringProtocol, kind: Kind) throws(ValidationError) {
        switch kind {
        case .cpf:
            do throws(CPFValidationError) {
                self = .cpf(try CPF(base: base))
            } catch {
                throw .cpf(error)
            }
        case .cnpj:
            do throws(CNPJValidationError) {
                self = .cnpj(try CNPJ(base: base))
            } catch {
                throw .cnpj(error)
            }
        }
    }

    /// Reads a CPF or a CNPJ from text.
    ///
    /// ```swift
    /// try TaxpayerID(validating: "11.222.333/0001-81")            // .cnpj(11.222.333/0001-81)
    /// try TaxpayerID(validating: "39053344705", accepting: .cpf)  // .cpf(390.533.447-05)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text, masked or bare.
    ///   - accepting: The kinds accepted; with `.any`, the text is read as
    ///     the kind `Kind(guessing:)` gives.
    ///   - options: How strictly to read the text, whichever kind it is
    ///     read as (``CPF/ParsingOptions``, which ``CNPJ/ParsingOptions``
    ///     names too).
    /// - Throws: ``ValidationError``, the reason the text is not the kind it
    ///   was read as.
    public init(
        validating text: some StringProtocol, accepting: Accepted = .any, options: CNPJ.ParsingOptions = .lenient
    ) throws(ValidationError) {
        let kind: Kind =
            switch accepting {
            case .cpf: .cpf
            case .cnpj: .cnpj
            case .any: Kind(guessing: text)
            }
        switch kind {
        case .cpf:
            do throws(CPFValidationError) {
                self = .cpf(try CPF(validating: text, options: options))
            } catch {
                throw .cpf(error)
            }
        case .cnpj:
            do throws(CNPJValidationError) {
                self = .cnpj(try CNPJ(validating: text, options: options))
            } catch {
                throw .cnpj(error)
            }
        }
    }

    /// Which kind this number is.
    public var kind: Kind {
        switch self {
        case .cpf: .cpf
        case .cnpj: .cnpj
        }
    }

    /// The usual mask: `DDD.DDD.DDD-DD` or `XX.XXX.XXX/XXXX-DD`.
    public var formatted: String {
        switch self {
        case .cpf(let cpf): cpf.formatted
        case .cnpj(let cnpj): cnpj.formatted
        }
    }

    /// The bare characters: 11 digits, or 14 characters in upper case.
    public var characters: String {
        switch self {
        case .cpf(let cpf): cpf.digits
        case .cnpj(let cnpj): cnpj.characters
        }
    }
}

extension TaxpayerID: CustomStringConvertible {
    /// The masked form.
    public var description: String { formatted }
}

extension StringProtocol {
    /// Whether this text is a valid CPF or a valid CNPJ, read leniently
    /// (``TaxpayerID/init(validating:accepting:options:)`` with `.any`).
    ///
    /// ```swift
    /// "390.533.447-05".isValidCPFOrCNPJ       // true
    /// "12.ABC.345/01DE-35".isValidCPFOrCNPJ   // true
    /// "12.ABC.345/01DE-36".isValidCPFOrCNPJ   // false
    /// ```
    public var isValidCPFOrCNPJ: Bool {
        (try? TaxpayerID(validating: self)) != nil
    }
}

extension TaxpayerID {
    /// Reads a CPF or a CNPJ from bytes, as
    /// ``init(validating:accepting:options:)`` reads the text they hold: the
    /// door for the command-line tool, which reads lines as bytes. A CPF is
    /// read by ``CPF/parse(_:options:)``, the fast byte path.
    ///
    /// ```swift
    /// Array("12.ABC.345/01DE-35".utf8).withUnsafeBytes { TaxpayerID.parse($0) }
    /// // .success(.cnpj(12.ABC.345/01DE-35))
    /// ```
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, accepting: Accepted = .any, options: CNPJ.ParsingOptions = .lenient
    ) -> Result<TaxpayerID, ValidationError> {
        let kind: Kind =
            switch accepting {
            case .cpf: .cpf
            case .cnpj: .cnpj
            case .any: Kind(guessing: bytes)
            }
        switch kind {
        case .cpf:
            return CPF.parse(bytes, options: options).map { .cpf($0) }.mapError { .cpf($0) }
        case .cnpj:
            return CNPJ.parse(bytes, options: options).map { .cnpj($0) }.mapError { .cnpj($0) }
        }
    }
}

extension TaxpayerID.Kind {
    /// The kind the text in `bytes` is meant to be, as ``init(guessing:)``
    /// tells of text (a byte that is not ASCII counts for nothing).
    ///
    /// ```swift
    /// Array("12ABC".utf8).withUnsafeBytes { TaxpayerID.Kind(guessing: $0) }   // .cnpj
    /// ```
    public init(guessing bytes: UnsafeRawBufferPointer) {
        var digits = 0
        for byte in bytes {
            if byte &- 0x30 < 10 {
                digits += 1
            } else if byte | 0x20 &- UInt8(ascii: "a") < 26 {
                self = .cnpj
                return
            }
        }
        self = digits <= 11 ? .cpf : .cnpj
    }
}
