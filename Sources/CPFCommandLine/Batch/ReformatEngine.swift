import CPFKit
import CPFSystem

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
        /// `--field`, `--delimiter`, `--header`.
        var columns = CSVColumns()
    }

    let settings: Settings
    let context: Context
    private let out: OutputBuffer
    private let input: RewritingInput
    private let parseOptions: CPF.ParsingOptions
    private var lineFailureCount = 0
    var failureCount: Int { lineFailureCount + input.failureCount }
    var readCount: Int { input.recordCount }

    // A line too long to hold, read in pieces.
    private let streamed: StreamedLine
    private var digits = [UInt8](repeating: 0, count: 11)
    private var digitCount = 0
    /// A field's value read whole (``readWholeValue(_:)``), until written.
    private var wholeValue: Result<CPF, CPFValidationError>?

    /// - Parameters:
    ///   - output: Where to write; standard output by default.
    ///   - lineCapacity: The longest line handled whole; longer ones are
    ///     read in pieces.
    init(
        settings: Settings, context: Context, output: OutputBuffer? = nil,
        lineCapacity: Int = LineReader.defaultCapacity
    ) {
        self.settings = settings
        self.context = context
        out = output ?? context.output
        input = RewritingInput(columns: settings.columns, context: context, output: out, lineCapacity: lineCapacity)
        var options = settings.options
        // Without --validate, any 11 digits are rewritten, repeated or not.
        if !settings.validates { options.allowsRepeatedDigits = true }
        parseOptions = options
        streamed = StreamedLine(options: options, context: context)
    }

    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try input.read(descriptor, named: name, value: self) { piece in
            if piece.isWhole {
                reformatLine(piece, source: name)
            } else {
                reformatPiece(piece, source: name)
            }
        }
    }

    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer) {
        reformat(bytes, terminator: terminator, source: nil, line: 0)
    }

    private func reformatLine(_ piece: LinePiece, source: RawText) {
        reformat(piece.bytes, terminator: piece.terminator, source: source, line: piece.lineNumber)
    }

    private func reformat(
        _ bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer, source: RawText?, line: Int
    ) {
        let result = CPF.parse(bytes, options: parseOptions)
        if let error = rewrite(result, collectingDigits: { collectDigits(of: bytes) }) {
            lineFailureCount += 1
            let echo = EchoCapture.cut(bytes)
            report(error, echo: echo.bytes, isTruncated: echo.isTruncated, source: source, line: line)
            out.write(bytes)
        }
        out.writeTerminator(terminator)
    }

    /// The rewrite policy, the same for a whole line and a line read in
    /// pieces: writes the rewritten form when the input has the digits for
    /// it (whatever its check digits, unless validating; any count up to 11
    /// in the partial style); else returns why not, and writes nothing.
    ///
    /// - Parameter collectDigits: Fills ``digits`` and ``digitCount`` with
    ///   the input's digits, unless they are there already.
    @inline(__always)
    private func rewrite(
        _ result: Result<CPF, CPFValidationError>, collectingDigits collectDigits: () -> Void
    ) -> CPFValidationError? {
        if case .success(let cpf) = result, settings.style != .partial {
            write(cpf)
            return nil
        }
        if let refusal = refusal(of: result) { return refusal }
        collectDigits()
        return writeCollectedDigits()
    }

    /// Why the policy refuses to rewrite an input read as `result`, or `nil`
    /// when the input's digits are to be written: any 11 digits (whatever
    /// their check digits, unless validating), and any count in the partial
    /// style (checked against 11 once the digits are counted).
    private func refusal(of result: Result<CPF, CPFValidationError>) -> CPFValidationError? {
        guard case .failure(let error) = result else { return nil }
        switch (settings.style, error) {
        case (.partial, .empty), (.partial, .length), (.partial, .checkDigits), (.partial, .format):
            return nil
        case (_, .checkDigits) where !settings.validates:
            return nil
        default:
            return error
        }
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
        for byte in bytes where byte &- 0x30 < 10 {
            if digitCount < 11 { digits[digitCount] = byte }
            digitCount += 1
        }
    }

    private func writeCollectedDigits() -> CPFValidationError? {
        if settings.style == .partial {
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
            if settings.style == .masked {
                out.withReservedSpace(14) { CPFMask.write(digits: digits, to: $0) }
            } else {
                out.write(digits)
            }
        }
        return nil
    }

    @inline(__always)
    private func write(_ cpf: CPF) {
        if settings.style == .masked {
            out.withReservedSpace(14) { cpf.writeFormatted(to: $0) }
        } else {
            out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
        }
    }

    /// A piece of a line too long to hold: passed through as soon as it is
    /// known not to be a CPF, else held in a temporary file until its end.
    private func reformatPiece(_ piece: LinePiece, source: RawText) {
        if piece.isFirst {
            streamed.begin()
            digitCount = 0
        }
        streamed.consume(piece.bytes)
        for byte in piece.bytes where byte &- 0x30 < 10 {
            if digitCount < 11 { digits[digitCount] = byte }
            digitCount += 1
        }
        var failure: CPFValidationError?
        var decided: Bool?
        if piece.isLast {
            // A line that could not be held went out unchanged: not rewritten.
            failure = streamed.couldNotHold ? nil : rewrite(streamed.result, collectingDigits: {})
            decided = streamed.couldNotHold || failure != nil
        } else if streamed.isSettled {
            decided = true
        }
        streamed.pass(piece.bytes, decided: decided, to: out)
        if piece.isLast {
            if let failure {
                lineFailureCount += 1
                streamed.report(context.reason(failure), location: (source, piece.lineNumber))
            }
            streamed.reportIfNotHeld(location: (source, piece.lineNumber))
            out.writeTerminator(piece.terminator)
        }
    }

    /// `cpf: SOURCE:LINE: 'INPUT': MESSAGE` on standard error (without
    /// `SOURCE:LINE: ` for a command-line argument).
    private func report(
        _ error: CPFValidationError, echo: UnsafeRawBufferPointer, isTruncated: Bool, source: RawText?, line: Int
    ) {
        context.reportValue(
            location: source.map { ($0, line) }, input: echo, isTruncated: isTruncated,
            message: context.reason(error))
    }
}

/// With `--field`: the field's value, read byte by byte, rewritten by the
/// same policy as a line.
extension ReformatEngine: FieldValueRewriting {
    func beginValue() {
        streamed.begin()
        digitCount = 0
        wholeValue = nil
    }

    /// A whole value parsed at once, as a line is.
    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String? {
        let result = CPF.parse(bytes, options: parseOptions)
        if let refusal = refusal(of: result) { return context.reason(refusal) }
        // The digits, for what is written from them rather than from a CPF.
        if case .success = result, settings.style != .partial {
        } else {
            collectDigits(of: bytes)
            if settings.style == .partial, digitCount > 11 { return context.reason(.length(digitCount: digitCount)) }
        }
        wholeValue = result
        return nil
    }

    @inline(__always)
    func consumeValue(byte: UInt8) {
        streamed.consume(byte: byte)
        if byte &- 0x30 < 10 {
            if digitCount < 11 { digits[digitCount] = byte }
            digitCount += 1
        }
    }

    var valueIsSettled: Bool { streamed.isSettled }

    func valueFailure() -> String? {
        if let refusal = refusal(of: streamed.result) { return context.reason(refusal) }
        if settings.style == .partial, digitCount > 11 { return context.reason(.length(digitCount: digitCount)) }
        return nil
    }

    func writeValue(to out: OutputBuffer) {
        _ = rewrite(wholeValue ?? streamed.result, collectingDigits: {})
        wholeValue = nil
    }
}
