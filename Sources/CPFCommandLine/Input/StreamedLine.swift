import CPFKit
import CPFSystem

/// A line read in pieces by a line engine (`check`, `complete`, `format`,
/// `strip`): a line too long to hold, a CSV record, or any line `complete`
/// reads. The one place where such a line is parsed as it streams, echoed
/// for a report, and held in a temporary file until it is known whether it
/// goes to the output.
///
/// For each piece an engine calls ``begin()`` (first piece only),
/// ``consume(_:)``, then ``pass(_:decided:to:)`` with what it can decide so
/// far; on the last piece it reads ``result`` and may ``report(_:location:to:)``.
final class StreamedLine {
    let options: CPF.ParsingOptions
    private let context: Context
    private(set) var parser: CPF.StreamingParser
    /// The first bytes of the line (or of its CSV field), for a report.
    let echo = EchoCapture()
    private var copy: DeferredCopy

    /// `fallback` says what becomes of a line whose pieces cannot be held
    /// in a temporary file: copied out unchanged, or left out.
    init(options: CPF.ParsingOptions = .lenient, fallback: DeferredCopy.Fallback = .copy, context: Context) {
        self.options = options
        self.context = context
        parser = CPF.StreamingParser(options: options)
        copy = DeferredCopy(fallback: fallback, directory: context.temporaryDirectory)
    }

    /// Starts a new line.
    func begin() {
        parser = CPF.StreamingParser(options: options)
        echo.reset()
        copy.reset()
    }

    /// Parses and echoes the next bytes of the line.
    @inline(__always)
    func consume(_ bytes: UnsafeRawBufferPointer) {
        parser.consume(bytes)
        echo.append(bytes)
    }

    /// Parses and echoes one byte (a byte of a CSV field).
    @inline(__always)
    func consume(byte: UInt8) {
        parser.consume(byte)
        echo.append(byte)
    }

    /// The verdict on the bytes so far (final once the last piece is in).
    var result: Result<CPF, CPFValidationError> { parser.result }

    /// Whether no later byte can make the line a valid CPF.
    var isSettled: Bool { parser.isSettled }

    /// Copies a piece of the line to `out` once the line is known to be
    /// wanted (`decided` true), drops it when not (false), and holds it
    /// (in a temporary file when long) while that is unknown (`nil`). The
    /// first decision holds for the rest of the line. Pieces that cannot be
    /// held go on as the fallback says (see ``couldNotHold``).
    func pass(_ bytes: UnsafeRawBufferPointer, decided: Bool?, to out: OutputBuffer) {
        copy.add(bytes, decided: decided, to: out)
    }

    /// Whether the line's pieces could not be held in a temporary file, so
    /// that they went on as the fallback says, whatever the line's verdict:
    /// the engine then writes no new form of its own.
    var couldNotHold: Bool { copy.failure != nil }

    /// Whether the line's bytes went to the output.
    var isCopied: Bool { copy.isCopied }

    /// When the line's pieces could not be held, reports it on standard
    /// error (`cpf: SOURCE:LINE: MESSAGE`, never the line itself, which may
    /// hold a CPF) and makes the run end with exit status 2.
    func reportIfNotHeld(location: (source: RawText, line: Int)?) {
        guard let failure = copy.failure else { return }
        context.reportUnheldLine(location: location, failure, copied: copy.fallback == .copy)
    }

    /// Reports the line on standard error, `cpf: SOURCE:LINE: 'INPUT': MESSAGE`
    /// with its echo (see ``Context/reportValue(location:input:isTruncated:message:)``).
    func report(_ message: String, location: (source: RawText, line: Int)?) {
        context.reportValue(location: location, input: echo.bytes, isTruncated: echo.isTruncated, message: message)
    }
}
