import CPFKit
import CPFSystem

/// Completes 9-digit bases with their check digits, line by line, for
/// `cpf complete`; an input that is not a base is reported and passed through.
final class CompleteEngine: RewritingEngine {
    let formatted: Bool
    /// Whether a base of one repeated digit is completed (else refused: it
    /// makes a number that is never issued).
    let allowsRepeated: Bool
    let context: Context
    private let out: OutputBuffer
    private let input: RewritingInput
    private var lineFailureCount = 0
    var failureCount: Int { lineFailureCount + input.failureCount }
    var readCount: Int { input.recordCount }

    private let streamed: StreamedLine
    private var base = 0
    private var digitCount = 0

    init(formatted: Bool, allowsRepeated: Bool = false, columns: CSVColumns = CSVColumns(), context: Context) {
        self.formatted = formatted
        self.allowsRepeated = allowsRepeated
        self.context = context
        out = context.output
        input = RewritingInput(columns: columns, context: context, output: context.output)
        streamed = StreamedLine(context: context)
    }

    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try input.read(descriptor, named: name, value: self) { piece in
            consume(
                piece.bytes, isFirst: piece.isFirst, isLast: piece.isLast, terminator: piece.terminator,
                location: (name, piece.lineNumber))
        }
    }

    func rewrite(argumentLine bytes: UnsafeRawBufferPointer, terminator: UnsafeRawBufferPointer) {
        consume(bytes, isFirst: true, isLast: true, terminator: terminator, location: nil)
    }

    /// Reads a base in pieces: a lenient parse that stops at nine digits
    /// reports `length` with a digit count of 9 exactly when the input is a base.
    private func consume(
        _ bytes: UnsafeRawBufferPointer, isFirst: Bool, isLast: Bool, terminator: UnsafeRawBufferPointer,
        location: (source: RawText, line: Int)?
    ) {
        if isFirst { beginValue() }
        streamed.consume(bytes)
        for byte in bytes { countDigit(byte) }
        let failure = isLast ? valueFailure() : nil
        let decided: Bool? = isLast ? failure != nil : valueIsSettled ? true : nil
        streamed.pass(bytes, decided: decided, to: out)
        guard isLast else { return }
        if streamed.couldNotHold {
            // It went out unchanged: not completed.
            streamed.reportIfNotHeld(location: location)
        } else if let failure {
            lineFailureCount += 1
            streamed.report(failure, location: location)
        } else {
            writeValue(to: out)
        }
        out.writeTerminator(terminator)
    }

    @inline(__always)
    private func countDigit(_ byte: UInt8) {
        if byte &- 0x30 < 10 {
            if digitCount < 9 { base = base * 10 + Int(byte &- 0x30) }
            digitCount += 1
        }
    }
}

/// The base as a value: a whole line, or with `--field` a CSV field.
extension CompleteEngine: FieldValueRewriting {
    func beginValue() {
        streamed.begin()
        base = 0
        digitCount = 0
    }

    @inline(__always)
    func consumeValue(byte: UInt8) {
        streamed.consume(byte: byte)
        countDigit(byte)
    }

    var valueIsSettled: Bool { streamed.isSettled || digitCount > 9 }

    func valueFailure() -> String? {
        switch streamed.result {
        case .failure(.length(digitCount: 9)):
            if !allowsRepeated, base % 111_111_111 == 0 {
                return context.text(.repeatedBase)
            }
            return nil
        case .failure(let error) where error.isAboutCharacters:
            return context.reason(error)
        default:
            return context.reason(.length(digitCount: digitCount), expectedDigitCount: 9)
        }
    }

    func writeValue(to out: OutputBuffer) {
        let cpf = CPF(base: base)
        if formatted {
            out.withReservedSpace(14) { cpf.writeFormatted(to: $0) }
        } else {
            out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
        }
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
