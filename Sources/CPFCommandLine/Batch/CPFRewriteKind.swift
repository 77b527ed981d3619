import CPFKit
import CPFSystem

/// `format`, `strip` and `complete` on CPFs (`--document cpf`, the
/// default): a whole line is read by CPFKit's byte parser, a line or a
/// field in pieces by ``StreamedLine`` as it streams, however long (held in
/// a temporary file until its end); reports say the reason alone.
///
/// `format` and `strip` rewrite any input with 11 digits, whatever its check
/// digits (unless ``validates``), and the partial style any count up to 11;
/// `complete` takes 9 digits, bare or masked, and refuses a base of one
/// repeated digit unless ``options`` allow repeated digits.
///
/// ```swift
/// CPFRewriteKind(style: .masked)                       // 39053344705 -> 390.533.447-05
/// CPFRewriteKind(style: .complete(formatted: false))   // 390533447 -> 39053344705
/// ```
struct CPFRewriteKind: RewriteKind {
    var style = RewriteStyle.masked
    /// How a CPF is read (`--strict`, `--pad`, `--allow-repeated`);
    /// `complete` reads bases leniently, and takes only
    /// `allowsRepeatedDigits` from here: whether a base of one repeated
    /// digit is completed.
    var options = CPF.ParsingOptions.lenient
    /// Whether the check digits must be right too (`--validate`).
    var validates = false

    /// A line or a field of CPFs: parsed at once when whole, else as it
    /// streams, its ASCII digits counted and collected (the first 11 kept,
    /// or a base's first nine) for what is written from the digits rather
    /// than from a CPF.
    final class Value: RewrittenValue {
        private let context: Context
        private let validates: Bool
        private let completes: Bool
        private let isPartial: Bool
        /// Whether the new form is masked (`format`, `complete --formatted`).
        private let isMasked: Bool
        /// `complete`: whether a base of one repeated digit is completed.
        private let allowsRepeatedBase: Bool
        private let parseOptions: CPF.ParsingOptions
        private let streamed: StreamedLine
        private var digits = [UInt8](repeating: 0, count: 11)
        private var digitCount = 0
        /// `complete`: the base, the first nine digits.
        private var base = 0
        /// A field's value read whole (``readWholeValue(_:)``), until written.
        private var wholeValue: Result<CPF, CPFValidationError>?

        init(kind: CPFRewriteKind, context: Context) {
            self.context = context
            validates = kind.validates
            isPartial = kind.style == .partial
            switch kind.style {
            case .masked, .complete(formatted: true): isMasked = true
            case .bare, .partial, .complete(formatted: false): isMasked = false
            }
            allowsRepeatedBase = kind.options.allowsRepeatedDigits
            var options = kind.options
            if case .complete = kind.style {
                completes = true
                // A lenient parse that stops at nine digits reports `length`
                // with a digit count of 9 exactly when the input is a base.
                options = .lenient
            } else {
                completes = false
                // Without --validate, any 11 digits are rewritten, repeated or not.
                if !kind.validates { options.allowsRepeatedDigits = true }
            }
            parseOptions = options
            streamed = StreamedLine(options: options, context: context)
        }

        /// The hot path of `format` and `strip`: one parse of the line's
        /// bytes, and the CPF written from it.
        @inline(__always)
        func rewrite(line bytes: UnsafeRawBufferPointer, to out: OutputBuffer) -> String? {
            if completes {
                // A base is read as it streams, whole or not.
                beginValue()
                consume(bytes)
                if let failure = valueFailure() { return failure }
                writeValue(to: out)
                return nil
            }
            let result = CPF.parse(bytes, options: parseOptions)
            guard let error = rewrite(result, to: out, collectingDigits: { collectDigits(of: bytes) }) else {
                return nil
            }
            return context.reason(error)
        }

        /// The rewrite policy of `format` and `strip`, the same for a whole
        /// line, a line read in pieces and a field: writes the rewritten form
        /// when the input has the digits for it (whatever its check digits,
        /// unless validating; any count up to 11 in the partial style); else
        /// returns why not, and writes nothing.
        ///
        /// - Parameter collectDigits: Fills ``digits`` and ``digitCount``
        ///   with the input's digits, unless they are there already.
        @inline(__always)
        private func rewrite(
            _ result: Result<CPF, CPFValidationError>, to out: OutputBuffer, collectingDigits collectDigits: () -> Void
        ) -> CPFValidationError? {
            if case .success(let cpf) = result, !isPartial {
                write(cpf, to: out)
                return nil
            }
            if let refusal = refusal(of: result) { return refusal }
            collectDigits()
            return writeCollectedDigits(to: out)
        }

        /// Why the policy refuses to rewrite an input read as `result`, or
        /// `nil` when the input's digits are to be written: any 11 digits
        /// (whatever their check digits, unless validating), and any count
        /// in the partial style (checked against 11 once the digits are
        /// counted).
        private func refusal(of result: Result<CPF, CPFValidationError>) -> CPFValidationError? {
            guard case .failure(let error) = result else { return nil }
            if isPartial {
                switch error {
                case .empty, .length, .checkDigits, .format: return nil
                case .invalidCharacter, .repeatedDigits: return error
                }
            }
            if case .checkDigits = error, !validates { return nil }
            return error
        }

        /// Collects the ASCII digits of `bytes` (the first 11 kept, all counted).
        private func collectDigits(of bytes: UnsafeRawBufferPointer) {
            if let number = CPF.spreadsheetInteger(bytes, options: parseOptions) {
                // `1.09190572E+09` (--pad): the number's digits, not the characters'.
                digitCount = number.count
                for index in 0..<number.count {
                    digits[index] =
                        0x30 | UInt8(truncatingIfNeeded: number.packed >> UInt64(4 * (number.count - 1 - index)) & 0xF)
                }
                return
            }
            digitCount = 0
            for byte in bytes { countDigit(byte) }
        }

        /// Counts a digit: kept among the first 11 (`format`, `strip`), or
        /// added to the base, the first nine (`complete`).
        @inline(__always)
        private func countDigit(_ byte: UInt8) {
            if byte &- 0x30 < 10 {
                if completes {
                    if digitCount < 9 { base = base * 10 + Int(byte &- 0x30) }
                } else if digitCount < 11 {
                    digits[digitCount] = byte
                }
                digitCount += 1
            }
        }

        private func writeCollectedDigits(to out: OutputBuffer) -> CPFValidationError? {
            if isPartial {
                guard digitCount <= 11 else { return .length(digitCount: digitCount) }
                digits.withUnsafeBytes { digits in
                    out.withReservedSpace(14) {
                        CPFMask.write(digits: UnsafeRawBufferPointer(rebasing: digits[..<digitCount]), to: $0)
                    }
                }
                return nil
            }
            if digitCount < 11 {
                // Padded (--pad): the missing leading digits are zeros.
                let missing = 11 - digitCount
                for index in stride(from: 10, through: missing, by: -1) { digits[index] = digits[index - missing] }
                for index in 0..<missing { digits[index] = 0x30 }
            }
            digits.withUnsafeBytes { digits in
                if isMasked {
                    out.withReservedSpace(14) { CPFMask.write(digits: digits, to: $0) }
                } else {
                    out.write(digits)
                }
            }
            return nil
        }

        @inline(__always)
        private func write(_ cpf: CPF, to out: OutputBuffer) {
            if isMasked {
                out.withReservedSpace(14) { cpf.writeFormatted(to: $0) }
            } else {
                out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
            }
        }

        /// `complete`: `nil` when the value is a base that is completed,
        /// else why not.
        private func completionFailure() -> String? {
            switch streamed.result {
            case .failure(.length(digitCount: 9)):
                if !allowsRepeatedBase, base % 111_111_111 == 0 {
                    return context.text(.repeatedBase)
                }
                return nil
            case .failure(let error) where error.isAboutCharacters:
                return context.reason(error)
            default:
                return context.reason(.length(digitCount: digitCount), expectedDigitCount: 9)
            }
        }

        // A line too long to hold, read in pieces.

        func consume(_ bytes: UnsafeRawBufferPointer) {
            streamed.consume(bytes)
            for byte in bytes { countDigit(byte) }
        }

        func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) {
            streamed.pass(bytes, decided: decided, to: out)
        }

        var couldNotHold: Bool { streamed.couldNotHold }

        /// `format` and `strip` report both; `complete` only that the line
        /// was not held.
        var reportsRefusalOfUnheldLine: Bool { !completes }

        func report(_ message: String, location: (source: RawText, line: Int)?) {
            streamed.report(message, location: location)
        }

        func reportIfNotHeld(location: (source: RawText, line: Int)?) {
            streamed.reportIfNotHeld(location: location)
        }
    }
}

/// With `--field`: the field's value, read byte by byte, rewritten by the
/// same policy as a line.
extension CPFRewriteKind.Value: FieldValueRewriting {
    func beginValue() {
        streamed.begin()
        digitCount = 0
        base = 0
        wholeValue = nil
    }

    /// A whole value parsed at once, as a line is (a base byte by byte, as
    /// ``FieldRewriter`` would hand it).
    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String? {
        if completes {
            beginValue()
            for byte in bytes { consumeValue(byte: byte) }
            return valueFailure()
        }
        let result = CPF.parse(bytes, options: parseOptions)
        if let refusal = refusal(of: result) { return context.reason(refusal) }
        // The digits, for what is written from them rather than from a CPF.
        if case .success = result, !isPartial {
        } else {
            collectDigits(of: bytes)
            if isPartial, digitCount > 11 { return context.reason(.length(digitCount: digitCount)) }
        }
        wholeValue = result
        return nil
    }

    @inline(__always)
    func consumeValue(byte: UInt8) {
        streamed.consume(byte: byte)
        countDigit(byte)
    }

    var valueIsSettled: Bool { streamed.isSettled || (completes && digitCount > 9) }

    func valueFailure() -> String? {
        if completes { return completionFailure() }
        if let refusal = refusal(of: streamed.result) { return context.reason(refusal) }
        if isPartial, digitCount > 11 { return context.reason(.length(digitCount: digitCount)) }
        return nil
    }

    func writeValue(to out: OutputBuffer) {
        if completes {
            write(CPF(base: base), to: out)
            return
        }
        _ = rewrite(wholeValue ?? streamed.result, to: out, collectingDigits: {})
        wholeValue = nil
    }
}

extension CPFValidationError {
    /// Whether the input is refused for what it holds (nothing, or a
    /// character that is not allowed) rather than for its digits.
    fileprivate var isAboutCharacters: Bool {
        switch self {
        case .empty, .invalidCharacter: true
        case .format, .length, .repeatedDigits, .checkDigits: false
        }
    }
}
