import CPFKit
import CPFSystem

/// Replaces each valid CPF with its pseudonym (or, reversing, a pseudonym
/// with its CPF) for `cpf pseudonymize`: one output line per input line, in
/// order, each keeping its form; an input that is not a valid CPF is
/// reported on standard error and passed through unchanged.
final class PseudonymizeEngine: RewritingEngine {
    /// `--invalid`: what becomes of an input that cannot be pseudonymized
    /// and is or may be a CPF. Text that is no CPF at all is always kept.
    enum InvalidPolicy: String, CaseIterable {
        /// Copied unchanged (and reported).
        case keep
        /// Its digits turned into `*`, as `redact` hides it; the default.
        case hide
        /// Left out: an empty line or field.
        case blank
    }

    struct Settings {
        /// Turn pseudonyms back into CPFs.
        var reverses = false
        /// Write every result masked, `DDD.DDD.DDD-DD`, instead of in the input's form.
        var formats = false
        /// Lenient or strict (`--strict`), padded (`--pad`), repeated digits
        /// accepted (`--allow-repeated`; they are their own pseudonyms).
        var options = CPF.ParsingOptions.lenient
        /// What becomes of an input that is not pseudonymized but is or may
        /// be a CPF (``CPF/mayBeCPF(_:refused:options:)``): `--invalid`.
        var invalid = InvalidPolicy.hide
        /// The CSV column that holds the CPF (`--field`), or whole lines.
        var columns = CSVColumns()
    }

    let settings: Settings
    let context: Context
    private let pseudonymizer: CachingCPFPseudonymizer
    private let out: OutputBuffer
    private let input: RewritingInput
    private var lineFailureCount = 0
    var failureCount: Int { lineFailureCount + input.failureCount }
    var readCount: Int { input.recordCount }
    /// The value of a CSV field, as read (at most ``EchoCapture/limit`` bytes
    /// are kept: a longer value is no CPF anyway, trimmed or not).
    private let value = EchoCapture()
    // A line too long to hold, read in pieces.
    private let streamed: StreamedLine
    /// A field's value read whole (``readWholeValue(_:)``) and its bytes, until written.
    private var wholeValue: (cpf: CPF, bytes: UnsafeRawBufferPointer)?
    /// What becomes of a field's value that was refused, and its bytes.
    private var refusal = InvalidPolicy.keep
    private var refusedBytes = UnsafeRawBufferPointer(start: nil, count: 0)

    /// - Parameters:
    ///   - output: Where to write; standard output by default.
    ///   - lineCapacity: The longest line handled whole; longer ones are
    ///     read in pieces.
    init(
        pseudonymizer: CPFPseudonymizer, settings: Settings, context: Context, output: OutputBuffer? = nil,
        lineCapacity: Int = LineReader.defaultCapacity
    ) {
        self.pseudonymizer = CachingCPFPseudonymizer(pseudonymizer)
        self.settings = settings
        self.context = context
        out = output ?? context.output
        // What may be a CPF is never copied out unpseudonymized: a line or
        // field that cannot be held is left out.
        input = RewritingInput(
            columns: settings.columns, context: context, output: out, lineCapacity: lineCapacity, fallback: .drop)
        streamed = StreamedLine(options: settings.options, fallback: .drop, context: context)
    }

    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try input.read(descriptor, named: name, value: self) { piece in
            if piece.isWhole {
                rewrite(piece.bytes, terminator: piece.terminator, source: name, line: piece.lineNumber)
            } else {
                rewritePiece(piece, source: name)
            }
        }
    }

    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer) {
        rewrite(bytes, terminator: terminator, source: nil, line: 0)
    }

    @inline(__always)
    private func transform(_ cpf: CPF) -> CPF {
        settings.reverses ? pseudonymizer.original(for: cpf) : pseudonymizer.pseudonym(for: cpf)
    }

    private func rewrite(
        _ bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer, source: RawText?, line: Int
    ) {
        switch CPF.parse(bytes, options: settings.options) {
        case .success(let cpf):
            let result = transform(cpf)
            if settings.formats {
                out.withReservedSpace(14) { result.writeFormatted(to: $0) }
            } else if isPadded(bytes) {
                out.withReservedSpace(11) { result.writeDigits(to: $0) }
            } else {
                writeInPlace(result, over: bytes)
            }
        case .failure(let error):
            lineFailureCount += 1
            let policy = policy(for: bytes, refused: error)
            let echo = EchoCapture.cut(bytes)
            context.reportValue(
                location: source.map { ($0, line) }, input: echo.bytes, isTruncated: echo.isTruncated,
                message: message(context.reason(error), policy))
            write(bytes, as: policy)
        }
        out.writeTerminator(terminator)
    }

    /// What becomes of `bytes`, refused with `error`: `--invalid`'s choice
    /// when they are or may be a CPF, else kept.
    private func policy(for bytes: UnsafeRawBufferPointer, refused error: CPFValidationError) -> InvalidPolicy {
        CPF.mayBeCPF(bytes, refused: error, options: settings.options) ? settings.invalid : .keep
    }

    /// The report's message for an input refused with `reason` and kept, hidden or blanked.
    private func message(_ reason: String, _ policy: InvalidPolicy) -> String {
        switch policy {
        case .keep: reason
        case .hide: context.text(.valueHidden, reason)
        case .blank: context.text(.valueBlanked, reason)
        }
    }

    /// Writes a refused input as `policy` says: unchanged, with its digits
    /// turned into `*`, or not at all.
    private func write(_ bytes: UnsafeRawBufferPointer, as policy: InvalidPolicy) {
        switch policy {
        case .keep:
            out.write(bytes)
        case .hide:
            for byte in bytes { out.write(byte: byte &- 0x30 < 10 ? UInt8(ascii: "*") : byte) }
        case .blank:
            break
        }
    }

    /// Whether a CPF read from `bytes` was padded (`--pad`), or written as
    /// a spreadsheet's number (`1.09190572E+09`): it is then written as 11
    /// digits, the input's form having too few, or the wrong ones.
    private func isPadded(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard settings.options.padsLeadingZeros else { return false }
        if CPF.spreadsheetInteger(bytes, options: settings.options) != nil { return true }
        var count = 0
        for byte in bytes where byte &- 0x30 < 10 { count += 1 }
        return count < 11
    }

    /// Writes `bytes` with its 11 digits replaced, in order, by those of
    /// `cpf`: separators and spaces stay as written.
    private func writeInPlace(_ cpf: CPF, over bytes: UnsafeRawBufferPointer) {
        var digits: (UInt64, UInt64) = (0, 0)
        _ = withUnsafeMutableBytes(of: &digits) { cpf.writeDigits(to: $0) }
        withUnsafeBytes(of: &digits) { digits in
            var next = 0
            if bytes.count <= out.capacity {
                out.withReservedSpace(bytes.count) { buffer in
                    for (index, byte) in bytes.enumerated() {
                        if byte &- 0x30 < 10 {
                            buffer[index] = digits[next]
                            next += 1
                        } else {
                            buffer[index] = byte
                        }
                    }
                    return bytes.count
                }
            } else {
                for byte in bytes {
                    if byte &- 0x30 < 10 {
                        out.write(byte: digits[next])
                        next += 1
                    } else {
                        out.write(byte: byte)
                    }
                }
            }
        }
    }

    /// A piece of a line too long to hold: passed through as soon as it is
    /// known not to be a CPF; a CPF surrounded by that much white space is
    /// written without it.
    private func rewritePiece(_ piece: LinePiece, source: RawText) {
        if piece.isFirst { streamed.begin() }
        streamed.consume(piece.bytes)
        var decided: Bool?
        var result: Result<CPF, CPFValidationError>?
        if piece.isLast {
            result = streamed.result
            if case .success = result { decided = false } else { decided = true }
        } else if streamed.isSettled {
            decided = true
        }
        streamed.pass(piece.bytes, decided: decided, to: out)
        guard piece.isLast, let result else { return }
        switch result {
        case .success(let cpf):
            let pseudonym = transform(cpf)
            if settings.formats {
                out.withReservedSpace(14) { pseudonym.writeFormatted(to: $0) }
            } else {
                out.withReservedSpace(11) { pseudonym.writeDigits(to: $0) }
            }
        case .failure(let error):
            lineFailureCount += 1
            streamed.report(context.reason(error), location: (source, piece.lineNumber))
            // Not a CPF, but its first pieces could not be held: left out
            // (a CPF is pseudonymized all the same, its white space never being kept).
            streamed.reportIfNotHeld(location: (source, piece.lineNumber))
        }
        out.writeTerminator(piece.terminator)
    }
}

extension PseudonymizeEngine: FieldValueRewriting {
    func beginValue() {
        value.reset()
        wholeValue = nil
        refusal = .keep
    }

    @inline(__always)
    func consumeValue(byte: UInt8) {
        value.append(byte)
    }

    /// Only a value longer than what is kept of it (64 KiB) is settled:
    /// anything shorter may still be hidden, so it is held to its end.
    var valueIsSettled: Bool { value.isTruncated }

    func valueFailure() -> String? {
        if value.isTruncated { return context.text(.tooLongToKeepForm) }
        return readWholeValue(value.bytes)
    }

    /// A whole value parsed at once, as a line is.
    func readWholeValue(_ bytes: UnsafeRawBufferPointer) -> String? {
        switch CPF.parse(bytes, options: settings.options) {
        case .success(let cpf):
            // As when read byte by byte: the form of a longer value is not kept.
            if bytes.count > EchoCapture.limit { return context.text(.tooLongToKeepForm) }
            wholeValue = (cpf, bytes)
            return nil
        case .failure(let error):
            refusal = policy(for: bytes, refused: error)
            refusedBytes = bytes
            return message(context.reason(error), refusal)
        }
    }

    var replacesRefusedValue: Bool { refusal != .keep }

    func writeReplacement(to out: OutputBuffer) {
        write(refusedBytes, as: refusal)
    }

    /// The pseudonym (or original) in the value's form, or masked with
    /// `--formatted`.
    func writeValue(to out: OutputBuffer) {
        guard let (cpf, bytes) = wholeValue else { return }
        wholeValue = nil
        let result = transform(cpf)
        if settings.formats {
            out.withReservedSpace(14) { result.writeFormatted(to: $0) }
        } else if isPadded(bytes) {
            out.withReservedSpace(11) { result.writeDigits(to: $0) }
        } else {
            writeInPlace(result, over: bytes)
        }
    }
}
