import CPFKit

/// Completes 9-digit bases with their check digits, line by line, for
/// `cpf complete`; an input that is not a base is reported and passed through.
final class CompleteEngine: RewritingEngine {
    let formatted: Bool
    let context: Context
    private let out: OutputBuffer
    private let reader = LineReader()
    private(set) var failureCount = 0

    private let streamed: StreamedLine
    private var base = 0
    private var digitCount = 0

    init(formatted: Bool, context: Context) {
        self.formatted = formatted
        self.context = context
        out = context.output
        streamed = StreamedLine(context: context)
    }

    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno) {
        try reader.forEachPiece(of: descriptor) { piece in
            consume(piece.bytes, isFirst: piece.isFirst, isLast: piece.isLast, terminator: piece.terminator,
                    location: (name, piece.lineNumber))
        }
    }

    func rewrite(argument: RawText) {
        let lineFeed: [UInt8] = [0x0A]
        argument.withBytes { bytes in
            lineFeed.withUnsafeBytes { terminator in
                consume(bytes, isFirst: true, isLast: true, terminator: terminator, location: nil)
            }
        }
    }

    /// Reads a base in pieces: a lenient parse that stops at nine digits
    /// reports `length` with a digit count of 9 exactly when the input is a base.
    private func consume(
        _ bytes: UnsafeRawBufferPointer, isFirst: Bool, isLast: Bool, terminator: UnsafeRawBufferPointer,
        location: (source: RawText, line: Int)?
    ) {
        if isFirst {
            streamed.begin()
            base = 0
            digitCount = 0
        }
        streamed.consume(bytes)
        for byte in bytes where byte &- 0x30 < 10 {
            if digitCount < 9 { base = base * 10 + Int(byte &- 0x30) }
            digitCount += 1
        }
        var failure: String?
        if isLast {
            switch streamed.result {
            case .failure(.length(digitCount: 9)):
                break
            case .failure(let error) where error.isAboutCharacters:
                failure = error.description
            default:
                failure = CPFValidationError.length(digitCount: digitCount).description(expectedDigitCount: 9)
            }
        }
        let decided: Bool? = isLast ? failure != nil : (streamed.isSettled || digitCount > 9) ? true : nil
        streamed.pass(bytes, decided: decided, to: out)
        guard isLast else { return }
        if let failure {
            failureCount += 1
            context.errors.write("cpf: ")
            streamed.report(failure, location: location, to: context.errors)
        } else {
            let cpf = CPF(base: base)
            if formatted {
                out.withReservedSpace(14) { cpf.writeFormatted(to: $0) }
            } else {
                out.withReservedSpace(11) { cpf.writeDigits(to: $0) }
            }
        }
        out.writeTerminator(terminator)
    }
}

private extension CPFValidationError {
    /// Whether the input is refused for what it holds (nothing, or a
    /// character that is not allowed) rather than for its digits.
    var isAboutCharacters: Bool {
        switch self {
        case .empty, .invalidCharacter: true
        case .format, .length, .repeatedDigits, .checkDigits: false
        }
    }
}
