import CPFKit
import CPFSystem

/// `format`, `strip` and `complete` with `--document cnpj|any`: one output
/// line per input line, in order; an input that cannot be rewritten is
/// reported on standard error and passed through unchanged, as with CPFs.
/// `--document cpf`, the default, never comes here: CPF-only runs keep
/// ``ReformatEngine`` and ``CompleteEngine``.
///
/// A value is read by CPFKit (``TaxpayerID/parse(_:accepting:options:)``,
/// ``CNPJMask``, ``CNPJ/init(base:)``) and held whole up to 64 KiB; a line
/// longer than the line buffer (1 MiB) is passed through unchanged and
/// reported, never a number of either kind in practice.
final class TaxpayerIDRewriteEngine: RewritingEngine {
    enum Style: Equatable {
        /// `format`: `DDD.DDD.DDD-DD`, `XX.XXX.XXX/XXXX-DD`.
        case masked
        /// `strip`: 11 or 14 bare characters, letters in upper case.
        case bare
        /// `format --partial`: the mask of an incomplete number.
        case partial
        /// `complete`: a base (9 digits, or 12 characters) and its check
        /// digits, masked or not.
        case complete(formatted: Bool)
    }

    struct Settings {
        var style = Style.masked
        var accepted = TaxpayerID.Accepted.any
        var options = CNPJ.ParsingOptions.lenient
        /// Whether the check digits must be right too (`--validate`).
        var validates = false
        var columns = CSVColumns()
    }

    let settings: Settings
    let context: Context
    private let out: OutputBuffer
    private let input: RewritingInput
    private var lineFailureCount = 0
    var failureCount: Int { lineFailureCount + input.failureCount }
    var readCount: Int { input.recordCount }
    /// The value being read (a field), up to ``EchoCapture/limit`` bytes.
    private var value: [UInt8] = []
    /// What a value is rewritten to, once ``rewritten(_:)`` accepted it.
    private var replacement = ""

    init(settings: Settings, context: Context) {
        self.settings = settings
        self.context = context
        out = context.output
        input = RewritingInput(columns: settings.columns, context: context, output: context.output)
    }

    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try input.read(descriptor, named: name, value: self) { piece in
            if piece.isWhole {
                rewriteLine(piece.bytes, terminator: piece.terminator, location: (name, piece.lineNumber))
                return
            }
            // A line longer than the buffer: passed through, reported at its end.
            out.write(piece.bytes)
            if piece.isLast {
                lineFailureCount += 1
                context.reportValue(
                    location: (name, piece.lineNumber), input: UnsafeRawBufferPointer(start: nil, count: 0),
                    isTruncated: true,
                    message: context.text(
                        .lineTooLongForDocument, "\(LineReader.defaultCapacity)", settings.accepted.rawValue))
                out.writeTerminator(piece.terminator)
            }
        }
    }

    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer) {
        rewriteLine(bytes, terminator: terminator, location: nil)
    }

    private func rewriteLine(
        _ bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer, location: (source: RawText, line: Int)?
    ) {
        if let failure = rewritten(bytes) {
            lineFailureCount += 1
            let echo = EchoCapture.cut(bytes)
            context.reportValue(location: location, input: echo.bytes, isTruncated: echo.isTruncated, message: failure)
            out.write(bytes)
        } else {
            out.write(replacement)
        }
        out.writeTerminator(terminator)
    }

    /// Decides the rewriting of `bytes`: `nil`, with ``replacement`` set, when
    /// they can be rewritten, else why not (in the run's language).
    private func rewritten(_ bytes: UnsafeRawBufferPointer) -> String? {
        let kind: TaxpayerID.Kind
        switch settings.accepted {
        case .cpf: kind = .cpf
        case .cnpj: kind = .cnpj
        case .any: kind = guessKind(bytes)
        }
        switch settings.style {
        case .complete(let formatted):
            return complete(bytes, kind: kind, formatted: formatted)
        case .partial:
            return partial(bytes, kind: kind)
        case .masked, .bare:
            break
        }
        var options = settings.options
        // Without --validate, any number of the right length is rewritten,
        // whatever its check digits, repeated or not.
        if !settings.validates { options.allowsRepeatedDigits = true }
        switch TaxpayerID.parse(bytes, accepting: kind == .cpf ? .cpf : .cnpj, options: options) {
        case .success(let number):
            replacement = settings.style == .bare ? number.characters : number.formatted
            return nil
        case .failure(let error):
            guard !settings.validates, error.isAboutCheckDigits else { return describe(error) }
            let characters = Self.characters(of: bytes, kind: kind, options: settings.options)
            replacement = settings.style == .bare ? String(decoding: characters, as: UTF8.self) : mask(characters, kind)
            return nil
        }
    }

    /// With `--document any`, the kind a value is meant to be, from its
    /// characters (`TaxpayerID.Kind(guessing:)`);
    /// a `complete` base of 9 digits is a CPF's, of 12 characters a CNPJ's.
    private func guessKind(_ bytes: UnsafeRawBufferPointer) -> TaxpayerID.Kind {
        if case .complete = settings.style {
            let count = bytes.count { $0 &- 0x30 < 10 || $0 | 0x20 &- UInt8(ascii: "a") < 26 }
            let hasLetter = bytes.contains { $0 | 0x20 &- UInt8(ascii: "a") < 26 }
            return !hasLetter && count <= 9 ? .cpf : .cnpj
        }
        return TaxpayerID.Kind(guessing: bytes)
    }

    private func describe(_ error: TaxpayerID.ValidationError) -> String {
        "\(error.kind.name): " + context.reason(error)
    }

    /// The characters of a value that the parse accepted but for its check
    /// digits: digits (CPF), or digits and upper-cased letters (CNPJ), with
    /// the leading zeros `--pad` adds.
    private static func characters(
        of bytes: UnsafeRawBufferPointer, kind: TaxpayerID.Kind, options: CNPJ.ParsingOptions
    ) -> [UInt8] {
        var kept: [UInt8] = []
        for byte in bytes {
            if byte &- 0x30 < 10 {
                kept.append(byte)
            } else if kind == .cnpj, byte | 0x20 &- UInt8(ascii: "a") < 26 {
                kept.append(byte & ~0x20)
            }
        }
        let length = kind == .cpf ? 11 : 14
        if kept.count < length {
            kept.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: length - kept.count), at: 0)
        }
        return kept
    }

    private func mask(_ characters: [UInt8], _ kind: TaxpayerID.Kind) -> String {
        kind == .cpf ? CPFMask.apply(to: String(decoding: characters, as: UTF8.self)) : CNPJMask.mask(characters)
    }

    /// `format --partial`: the mask of as many characters as there are, up
    /// to 11 digits (CPF) or 14 characters (CNPJ, letters in the first 12).
    private func partial(_ bytes: UnsafeRawBufferPointer, kind: TaxpayerID.Kind) -> String? {
        var options = settings.options
        options.allowsRepeatedDigits = true
        let result = TaxpayerID.parse(bytes, accepting: kind == .cpf ? .cpf : .cnpj, options: options)
        if case .failure(let error) = result {
            switch error {
            case .cpf(.invalidCharacter), .cnpj(.invalidCharacter), .cnpj(.lowercaseLetter):
                return describe(error)
            default:
                break
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if kind == .cpf {
            let count = bytes.count { $0 &- 0x30 < 10 }
            guard count <= 11 else { return describe(.cpf(.length(digitCount: count))) }
            replacement = CPFMask.apply(to: text)
        } else {
            let count = bytes.count { $0 &- 0x30 < 10 || $0 | 0x20 &- UInt8(ascii: "a") < 26 }
            guard count <= 14 else { return describe(.cnpj(.length(characterCount: count))) }
            replacement = CNPJMask.apply(to: text)
        }
        return nil
    }

    /// `complete`: the number of a base, its check digits computed.
    private func complete(_ bytes: UnsafeRawBufferPointer, kind: TaxpayerID.Kind, formatted: Bool) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch kind {
        case .cpf:
            do throws(CPFValidationError) {
                let cpf = try CPF(base: text)
                if !settings.options.allowsRepeatedDigits, Set(cpf.base).count == 1 {
                    return context.text(.repeatedBase)
                }
                replacement = formatted ? cpf.formatted : cpf.digits
            } catch {
                return "CPF: " + context.reason(error, expectedDigitCount: 9)
            }
        case .cnpj:
            do throws(CNPJValidationError) {
                let cnpj = try CNPJ(base: text)
                if !settings.options.allowsRepeatedDigits, Set(cnpj.characters).count == 1 {
                    return context.text(.repeatedBase)
                }
                replacement = formatted ? cnpj.formatted : cnpj.characters
            } catch {
                let language: CPFValidationError.DescriptionLanguage =
                    context.language == .english ? .english : .portuguese
                return "CNPJ: " + error.description(in: language, expectedCharacterCount: 12)
            }
        }
        return nil
    }
}

/// With `--field`: the field's value, held whole (up to 64 KiB), rewritten
/// by the same policy as a line.
extension TaxpayerIDRewriteEngine: FieldValueRewriting {
    func beginValue() {
        value.removeAll(keepingCapacity: true)
    }

    func consumeValue(byte: UInt8) {
        if value.count < EchoCapture.limit { value.append(byte) }
    }

    var valueIsSettled: Bool { value.count >= EchoCapture.limit }

    func valueFailure() -> String? {
        value.withUnsafeBytes { rewritten($0) }
    }

    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String? {
        rewritten(bytes)
    }

    func writeValue(to out: OutputBuffer) {
        out.write(replacement)
    }
}

extension TaxpayerID.ValidationError {
    /// Whether the number is refused only for its check digits.
    fileprivate var isAboutCheckDigits: Bool {
        switch self {
        case .cpf(.checkDigits), .cnpj(.checkDigits): true
        default: false
        }
    }
}
