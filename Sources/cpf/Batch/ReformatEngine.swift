import CPFKit

/// Rewrites each input as a masked or bare CPF for `cpf format` and `cpf
/// strip`: one output line per input line, in order; an input that cannot be
/// rewritten is reported on standard error and passed through unchanged.
final class ReformatEngine: RewritingEngine {
    enum Style {
        /// `DDD.DDD.DDD-DD`
        case masked
        /// 11 bare digits
        case bare
        /// The mask of an incomplete number, as a text field shows it.
        case partial
    }

    struct Settings {
        var style = Style.masked
        var options = CPF.ParsingOptions.lenient
        /// Whether the check digits must be right too.
        var validates = false
    }

    let settings: Settings
    let context: Context
    private let out: OutputBuffer
    private let reader = LineReader()
    private let parseOptions: CPF.ParsingOptions
    private(set) var failureCount = 0

    // A line too long to hold, read in pieces.
    private var parser = CPF.StreamingParser()
    private let echo = EchoCapture()
    private var copy = DeferredCopy()
    private var digits = [UInt8](repeating: 0, count: 11)
    private var digitCount = 0

    init(settings: Settings, context: Context) {
        self.settings = settings
        self.context = context
        out = context.output
        var options = settings.options
        // Without --validate, any 11 digits are rewritten, repeated or not.
        if !settings.validates { options.allowsRepeatedDigits = true }
        parseOptions = options
    }

    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: String) throws(Errno) {
        try reader.forEachPiece(of: descriptor) { piece in
            if piece.isWhole {
                reformatLine(piece, source: name)
            } else {
                reformatPiece(piece, source: name)
            }
        }
    }

    /// Rewrites one command-line argument.
    func rewrite(argument: String) {
        var argument = argument
        argument.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let lineFeed: [UInt8] = [0x0A]
            lineFeed.withUnsafeBytes { terminator in
                reformat(bytes, terminator: terminator, source: nil, line: 0)
            }
        }
    }

    private func reformatLine(_ piece: LinePiece, source: String) {
        reformat(piece.bytes, terminator: piece.terminator, source: source, line: piece.lineNumber)
    }

    private func reformat(_ bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer, source: String?, line: Int) {
        let result = CPF.parse(bytes, options: parseOptions)
        if case .success(let cpf) = result, settings.style != .partial {
            write(cpf)
        } else if let error = rewrite(bytes, result: result) {
            failureCount += 1
            let echo = EchoCapture.cut(bytes)
            report(error, echo: echo.bytes, isTruncated: echo.isTruncated, source: source, line: line)
            out.write(bytes)
        }
        out.writeTerminator(terminator)
    }

    /// Writes the rewritten form when the input has the digits for it
    /// (whatever its check digits, unless validating); else returns why not.
    private func rewrite(_ bytes: UnsafeRawBufferPointer, result: Result<CPF, CPFValidationError>) -> CPFValidationError? {
        guard case .failure(let error) = result else {
            // Only the partial style comes here with a valid CPF.
            return writeDigits(of: bytes)
        }
        switch (settings.style, error) {
        case (.partial, .empty):
            return nil
        case (.partial, .length), (.partial, .checkDigits), (.partial, .format):
            return writeDigits(of: bytes)
        case (_, .checkDigits) where !settings.validates:
            return writeDigits(of: bytes)
        default:
            return error
        }
    }

    /// Collects the ASCII digits of `bytes` and writes them in the style.
    private func writeDigits(of bytes: UnsafeRawBufferPointer) -> CPFValidationError? {
        digitCount = 0
        for byte in bytes where byte &- 0x30 < 10 {
            if digitCount < 11 { digits[digitCount] = byte }
            digitCount += 1
        }
        return writeCollectedDigits()
    }

    private func writeCollectedDigits() -> CPFValidationError? {
        if settings.style == .partial {
            guard digitCount <= 11 else { return .length(digitCount: digitCount) }
            digits.withUnsafeBytes { digits in
                out.withReservedSpace(14) { CPFMask.write(digits: UnsafeRawBufferPointer(rebasing: digits[..<digitCount]), to: $0.baseAddress!) }
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
            if settings.style == .masked {
                out.withReservedSpace(14) { CPFMask.write(digits: digits, to: $0.baseAddress!) }
            } else {
                out.write(digits)
            }
        }
        return nil
    }

    private func write(_ cpf: CPF) {
        if settings.style == .masked {
            out.withReservedSpace(14) { cpf.writeFormatted(to: $0.baseAddress!); return 14 }
        } else {
            out.withReservedSpace(11) { cpf.writeDigits(to: $0.baseAddress!); return 11 }
        }
    }

    /// A piece of a line too long to hold: passed through as soon as it is
    /// known not to be a CPF, else held in a temporary file until its end.
    private func reformatPiece(_ piece: LinePiece, source: String) {
        if piece.isFirst {
            parser = CPF.StreamingParser(options: parseOptions)
            echo.reset()
            copy.reset()
            digitCount = 0
        }
        parser.consume(piece.bytes)
        echo.append(piece.bytes)
        for byte in piece.bytes where byte &- 0x30 < 10 {
            if digitCount < 11 { digits[digitCount] = byte }
            digitCount += 1
        }
        var failure: CPFValidationError?
        var decided: Bool?
        if piece.isLast {
            let result = parser.result
            if case .success = result, settings.style != .partial {
                failure = writeCollectedDigits()
            } else if case .failure(let error) = result {
                switch (settings.style, error) {
                case (.partial, .length), (.partial, .checkDigits), (.partial, .format), (.partial, .empty):
                    failure = writeCollectedDigits()
                case (_, .checkDigits) where !settings.validates:
                    failure = writeCollectedDigits()
                default:
                    failure = error
                }
            } else {
                failure = writeCollectedDigits()
            }
            decided = failure != nil
        } else if parser.isSettled {
            decided = true
        }
        do {
            try copy.add(piece.bytes, decided: decided, to: out)
        } catch {
            context.fail("temporary file: \(error)")
        }
        if piece.isLast {
            if let failure {
                failureCount += 1
                report(failure, echo: echo.bytes, isTruncated: echo.isTruncated, source: source, line: piece.lineNumber)
            }
            out.writeTerminator(piece.terminator)
        }
    }

    /// `cpf: SOURCE:LINE: 'INPUT': MESSAGE` on standard error.
    private func report(_ error: CPFValidationError, echo: UnsafeRawBufferPointer, isTruncated: Bool, source: String?, line: Int) {
        let errors = context.errors
        errors.write("cpf: ")
        if let source {
            errors.write(source)
            errors.write(byte: UInt8(ascii: ":"))
            errors.write(decimal: line)
            errors.write(": ")
        }
        errors.write(byte: UInt8(ascii: "'"))
        Escaping.writeReadable(echo, quote: UInt8(ascii: "'"), to: errors)
        if isTruncated { errors.write("…") }
        errors.write("': ")
        errors.write(error.description)
        errors.write(byte: 0x0A)
    }
}
