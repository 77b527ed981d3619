import CPFKit
import CPFSystem

/// `format`, `strip` and `complete` with `--document cnpj|any`: each value
/// read as a CNPJ, or as a CPF or a CNPJ, by CPFKit
/// (``TaxpayerID/parse(_:accepting:options:)``, ``CNPJMask``,
/// ``CNPJ/init(base:)``); a report names the kind (`CNPJ: check digits
/// should be 35`).
///
/// A field is held whole up to 64 KiB (a longer one is settled, and passed
/// through); a whole line is read whole, however long. A line longer than
/// the line buffer (1 MiB), never a number of either kind in practice, is
/// passed through as it comes and reported, its pieces never held.
///
/// ```swift
/// TaxpayerIDRewriteKind(style: .bare, accepted: .any)   // 12.abc.345/01de-35 -> 12ABC34501DE35
/// ```
struct TaxpayerIDRewriteKind: RewriteKind {
    var style = RewriteStyle.masked
    /// The kinds accepted: `.cnpj` or `.any` (`.cpf` reads CPFs only, as
    /// ``CPFRewriteKind`` does faster).
    var accepted = TaxpayerID.Accepted.any
    /// How a number is read (`--strict`, `--pad`, `--allow-repeated`).
    var options = CNPJ.ParsingOptions.lenient
    /// Whether the check digits must be right too (`--validate`).
    var validates = false

    /// A line or a field read as a CPF or a CNPJ, and what it is rewritten to.
    final class Value: RewrittenValue {
        private let settings: TaxpayerIDRewriteKind
        private let context: Context
        /// The value being read (a field), up to ``EchoCapture/limit`` bytes.
        private var value: [UInt8] = []
        /// What a value is rewritten to, once ``rewritten(_:)`` accepted it.
        private var replacement = ""
        /// Whether the line being read came in pieces: longer than the
        /// line buffer, passed through.
        private var isLongLine = false

        init(kind: TaxpayerIDRewriteKind, context: Context) {
            settings = kind
            self.context = context
        }

        func rewrite(line bytes: UnsafeRawBufferPointer, to out: OutputBuffer) -> String? {
            if let failure = rewritten(bytes) { return failure }
            out.write(replacement)
            return nil
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
                replacement =
                    settings.style == .bare ? String(decoding: characters, as: UTF8.self) : mask(characters, kind)
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
            do throws(TaxpayerID.ValidationError) {
                let number = try TaxpayerID(base: String(decoding: bytes, as: UTF8.self), kind: kind)
                // All-same characters pass the check-digit rule but are never issued.
                if !settings.options.allowsRepeatedDigits, Set(number.characters).count == 1 {
                    return context.text(.repeatedBase)
                }
                replacement = formatted ? number.formatted : number.characters
            } catch {
                let language: CPFValidationError.DescriptionLanguage =
                    context.language == .english ? .english : .portuguese
                return "\(kind.name): " + error.baseDescription(in: language)
            }
            return nil
        }

        // A line longer than the line buffer: passed through as it comes,
        // reported at its end.

        func consume(_ bytes: UnsafeRawBufferPointer) {
            isLongLine = true
        }

        /// Writes every piece as it comes: a line in pieces is settled from
        /// its first piece, and never held.
        func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) {
            out.write(bytes)
        }

        var couldNotHold: Bool { false }

        var reportsRefusalOfUnheldLine: Bool { true }

        /// Reports a line in pieces without its bytes, as cut (`'…'`).
        func report(_ message: String, location: (source: RawText, line: Int)?) {
            context.reportValue(
                location: location, input: UnsafeRawBufferPointer(start: nil, count: 0), isTruncated: true,
                message: message)
        }

        func reportIfNotHeld(location: (source: RawText, line: Int)?) {}
    }
}

/// With `--field`: the field's value, held whole (up to 64 KiB), rewritten
/// by the same policy as a line; and, begun the same way, a line in pieces.
extension TaxpayerIDRewriteKind.Value: FieldValueRewriting {
    func beginValue() {
        value.removeAll(keepingCapacity: true)
        isLongLine = false
    }

    func consumeValue(byte: UInt8) {
        if value.count < EchoCapture.limit { value.append(byte) }
    }

    var valueIsSettled: Bool { isLongLine || value.count >= EchoCapture.limit }

    func valueFailure() -> String? {
        if isLongLine {
            return context.text(
                .lineTooLongForDocument, "\(LineReader.defaultCapacity)", settings.accepted.rawValue)
        }
        return value.withUnsafeBytes { rewritten($0) }
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
