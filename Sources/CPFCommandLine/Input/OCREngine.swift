import CPFDecoders
import CPFSystem

/// Tesseract, the OCR engine `find` reads images with: found on `PATH` or
/// given with `--ocr-engine`, run once per image as a child process (no
/// shell), `tesseract stdin stdout -l por tsv`, the image on its standard
/// input, so no file name reaches its arguments. Each run has
/// `OMP_THREAD_LIMIT=1` in its environment (the tree walk's threads run
/// one per core) and a time limit, after which it is killed.
///
/// ```swift
/// let engine = OCREngine(program: "/usr/bin/tesseract")
/// switch engine.read(imageDescriptor) {
/// case .success(let text): // text.bytes, text.box(covering:)
/// case .failure(let failure): // failure.reason: "OCR took longer than 60 s"...
/// }
/// ```
final class OCREngine: Sendable {
    /// Why an image was not read; ``reason`` says it for "not searched: REASON".
    enum Failure: Error, Equatable {
        /// The engine has no Portuguese language data (`tesseract-ocr-por`).
        case noPortuguese
        /// It could not start.
        case cannotStart(Errno)
        /// It ran longer than the time limit (seconds) and was killed.
        case timedOut(Int)
        /// It printed more than the limit and was killed.
        case tooMuchOutput
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// Its table could not be read.
        case table(TesseractTSV.Error)
        /// An image held in memory (a member of an archive, an e-mail's
        /// attachment) could not be written to the temporary file the
        /// engine reads.
        case temporaryFile(Errno)

        var reason: String {
            switch self {
            case .noPortuguese:
                "OCR engine has no Portuguese language data (install tesseract-ocr-por)"
            case .cannotStart(let error): "OCR engine cannot start: \(error.description)"
            case .timedOut(let seconds): "OCR took longer than \(seconds) s"
            case .tooMuchOutput: "OCR engine printed more than \(OCREngine.outputLimit >> 20) MiB"
            case .exited(let status): "OCR engine exited with status \(status)"
            case .signalled(let signal): "OCR engine ended by signal \(signal)"
            case .table(let error): "\(error)"
            case .temporaryFile(let error): "image not written to a temporary file for the OCR engine: \(error)"
            }
        }
    }

    /// The program run.
    let program: RawText
    /// The seconds one image may take.
    let timeLimit: Int
    /// Whether the engine has Portuguese, asked of it once (`--list-langs`) before the first image.
    private let languages = LanguageCheck()

    /// The most a run may print: a table of words is far smaller.
    static let outputLimit = 1 << 26
    /// The time limit of one image by default.
    static let defaultTimeLimit = 120

    init(program: RawText, timeLimit: Int = OCREngine.defaultTimeLimit) {
        self.program = program
        self.timeLimit = timeLimit
    }

    /// The engine the options ask for: `--ocr-engine PATH` as given (a path
    /// or a name looked up in `PATH`), else `tesseract` looked up in `PATH`;
    /// nil when none is found.
    static func find(given: RawText?, searchPath: String?) -> OCREngine? {
        // A path given that names no program fails at the first image, which says why.
        ChildProcess.find(given ?? "tesseract", searchPath: searchPath).map { OCREngine(program: $0) }
    }

    /// The text Tesseract reads in the image open at `image` (from its
    /// current offset to its end).
    func read(_ image: FileDescriptor) -> Result<OCRText, Failure> {
        if !languages.hasPortuguese(self) { return .failure(.noPortuguese) }
        switch run(["stdin", "stdout", "-l", "por", "tsv"], input: image) {
        case .failure(let failure): return .failure(failure)
        case .success(let output):
            do throws(TesseractTSV.Error) {
                return .success(OCRText(try TesseractTSV(parsing: output)))
            } catch {
                return .failure(.table(error))
            }
        }
    }

    /// The text the engine reads in an image held in memory (`bytes`: a
    /// member of an archive, an e-mail's attachment, an image just
    /// written): the bytes go to a temporary file with no name in
    /// `directory` (``TemporaryFile/makeUnnamed(in:)``, gone when closed),
    /// which the engine reads on its standard input as it reads a file.
    func read(_ bytes: [UInt8], temporaryDirectory directory: String) -> Result<OCRText, Failure> {
        let file: FileDescriptor
        do throws(Errno) { file = try TemporaryFile.makeUnnamed(in: directory) } catch {
            return .failure(.temporaryFile(error))
        }
        defer { file.close() }
        do throws(Errno) {
            try bytes.withUnsafeBytes { bytes in Result { () throws(Errno) in try file.writeAll(bytes) } }.get()
            try file.seek(to: 0)
        } catch {
            return .failure(.temporaryFile(error))
        }
        return read(file)
    }

    /// Runs the engine with `arguments`, `input` its standard input, its
    /// standard error discarded; its output when it exits with status 0.
    func run(_ arguments: [RawText], input: FileDescriptor) -> Result<[UInt8], Failure> {
        let child: ChildProcess
        do {
            child = try ChildProcess(
                program: program, arguments: ["tesseract"] + arguments, input: input,
                setting: ["OMP_THREAD_LIMIT=1"], discardsErrors: true)
        } catch {
            return .failure(.cannotStart(error))
        }
        let outcome: ChildProcess.Outcome
        do throws(Errno) {
            outcome = try child.readAll(timeLimit: Double(timeLimit), limit: Self.outputLimit)
        } catch {
            return .failure(.cannotStart(error))
        }
        switch outcome {
        case .killed(let timedOut): return .failure(timedOut ? .timedOut(timeLimit) : .tooMuchOutput)
        case .ended(let output, .exited(0)): return .success(output)
        case .ended(_, .exited(let status)): return .failure(.exited(status))
        case .ended(_, .signalled(let signal)): return .failure(.signalled(signal))
        }
    }

    /// Whether the engine lists `por` among its languages, asked once and
    /// remembered; every thread waits for the one asking.
    private final class LanguageCheck: @unchecked Sendable {
        private let monitor = Monitor()
        private var answer: Bool?

        func hasPortuguese(_ engine: OCREngine) -> Bool {
            monitor.locked {
                if let answer { return answer }
                var found = true
                // Its standard input /dev/null: --list-langs reads none.
                if let null = try? FileDescriptor.openForReading("/dev/null") {
                    defer { null.close() }
                    // An engine that cannot list them is tried on the images, which then say why they fail.
                    if case .success(let output) = engine.run(["--list-langs"], input: null) {
                        found = output.split(separator: 0x0A).contains {
                            Array($0.prefix { $0 != 0x0D }) == [0x70, 0x6F, 0x72]
                        }
                    }
                }
                answer = found
                return found
            }
        }
    }
}
