// Support for the end-to-end tests: runs the built `cpf` binary with real
// pipes and files and collects its exit status, standard output and standard
// error.
//
// The binary is `<directory of the running test executable>/cpf` (SwiftPM
// puts both in .build*/<triple>/debug/), or the path in the environment
// variable CPF_BINARY. A missing binary makes every end-to-end test fail.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

package enum CPFBinary {
    /// The path of the `cpf` binary under test.
    package static let path: String = {
        if let override = ProcessInfo.processInfo.environment["CPF_BINARY"], !override.isEmpty {
            return override
        }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("cpf").path
    }()

    package static var isPresent: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Whether the binary under test was built with AddressSanitizer (its
    /// file names the sanitizer's `__asan_init`), whose shadow memory makes
    /// any process larger than the memory bounds the tests check, and which
    /// cannot start under a `ulimit -v`. CI runs the end-to-end tests of the
    /// plain build against such a binary (`CPF_BINARY`).
    package static let isAddressSanitized: Bool = {
        guard let contents = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return false
        }
        return contents.range(of: Data("__asan_init".utf8)) != nil
    }()

    package static var missingMessage: String {
        "the cpf binary is missing at \(path): build it first (swift build --scratch-path .build-e2e) or set CPF_BINARY"
    }

    /// Ignore SIGPIPE in the test process (a `cpf` that exits early must not
    /// kill the thread feeding its standard input); `cpf` itself must restore
    /// the default action (docs/reference.md#calling-cpf).
    package static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// This process's environment without the locale variables that choose
    /// cpf's language: the tests expect English whatever the machine's
    /// locale (a test of Portuguese sets LANG itself).
    package static let englishEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = nil }
        return environment
    }()
}

/// Runs `cpf ARGUMENTS | head -1` through a shell and returns what `head`
/// printed, what `cpf` said on standard error, and how long it took: a
/// closed pipe downstream must end `cpf` at once and quietly.
package func runIntoHeadOne(_ arguments: String) throws -> (printed: Data, complaints: Data, seconds: Double) {
    let start = Date()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "'\(CPFBinary.path)' \(arguments) | head -1"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (printed, complaints, Date().timeIntervalSince(start))
}

/// What a finished `cpf` process left behind.
package struct ProcessOutcome: Sendable {
    /// The exit status; -1 when the process was killed by a signal.
    package var status: Int32
    /// The signal that killed the process, if any.
    package var signal: Int32?
    package var stdout: Data
    package var stderrData: Data
    package var timedOut: Bool
    /// Peak resident memory of the process, in KiB.
    package var maxResidentKiB = 0
    package var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Where the standard input of `cpf` comes from.
package enum StandardInput {
    /// `/dev/null`.
    case nothing
    /// A pipe fed from another thread.
    case pipe(Data)
    /// A file opened for reading.
    case file(String)
}

/// Runs `cpf` with `arguments`, feeding `stdin` through a pipe from another
/// thread (or `/dev/null` when `nil`), and returns its exit status, standard
/// output and standard error. A crash or a timeout is recorded as an issue.
@discardableResult
package func run(
    _ arguments: [String], stdin: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> (status: Int32, stdout: Data, stderr: String) {
    let outcome = launch(arguments, stdin: stdin.map { .pipe($0) } ?? .nothing, sourceLocation: sourceLocation)
    if let signal = outcome.signal {
        Issue.record(
            "cpf \(arguments.joined(separator: " ")) was killed by signal \(signal)", sourceLocation: sourceLocation)
    }
    return (outcome.status, outcome.stdout, outcome.stderr)
}

/// Runs `cpf` to its end (at most `timeout` seconds, then it is killed).
///
/// - Parameters:
///   - stdoutPath: When set, standard output is this file opened for
///     writing (such as `/dev/full`) instead of a pipe.
///   - newSession: Start `cpf` in a session of its own, so that it has no
///     controlling terminal even when the tests run in one.
package func launch(
    _ arguments: [String], stdin: StandardInput, stdoutPath: String? = nil, timeout: Double = 60,
    newSession: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> ProcessOutcome {
    CPFBinary.ignoreSIGPIPE
    guard CPFBinary.isPresent else {
        Issue.record(Comment(rawValue: CPFBinary.missingMessage), sourceLocation: sourceLocation)
        return ProcessOutcome(status: -1, signal: nil, stdout: Data(), stderrData: Data(), timedOut: false)
    }

    // Every descriptor is close-on-exec so that processes started by tests
    // running in parallel inherit none of them.
    var inputFD: Int32
    var feed: (fd: Int32, data: Data)?
    switch stdin {
    case .nothing:
        inputFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    case .file(let path):
        inputFD = open(path, O_RDONLY | O_CLOEXEC)
    case .pipe(let data):
        let (readEnd, writeEnd) = makePipe()
        inputFD = readEnd
        feed = (writeEnd, data)
    }
    precondition(inputFD >= 0, "cannot open the standard input of cpf")

    let (stdoutRead, stdoutWrite): (Int32?, Int32)
    if let stdoutPath {
        let fd = open(stdoutPath, O_WRONLY | O_CLOEXEC)
        precondition(fd >= 0, "cannot open \(stdoutPath)")
        (stdoutRead, stdoutWrite) = (nil, fd)
    } else {
        let (r, w) = makePipe()
        (stdoutRead, stdoutWrite) = (r, w)
    }
    let (stderrRead, stderrWrite) = makePipe()

    let pid = spawnCPF(arguments, stdin: inputFD, stdout: stdoutWrite, stderr: stderrWrite, newSession: newSession)
    close(inputFD)
    close(stdoutWrite)
    close(stderrWrite)

    let output = ChildOutput(feed: feed, stdout: stdoutRead, stderr: stderrRead)
    let (status, signal, timedOut, memory) = waitForExitMeasuringMemory(pid, timeout: timeout)
    if timedOut {
        Issue.record(
            "cpf \(arguments.prefix(6).joined(separator: " ")) did not finish within \(timeout) s and was killed",
            sourceLocation: sourceLocation)
    }
    let (stdout, stderr) = output.finish()
    return ProcessOutcome(
        status: status, signal: signal, stdout: stdout, stderrData: stderr,
        timedOut: timedOut, maxResidentKiB: memory)
}

/// Serializes making pipes and starting processes, so that no process
/// started by a test running in parallel inherits a pipe end before it is
/// marked close-on-exec (`pipe2` is not available from Swift here).
package let spawnLock = NSLock()

/// A pipe whose both ends are close-on-exec.
package func makePipe() -> (read: Int32, write: Int32) {
    spawnLock.lock()
    defer { spawnLock.unlock() }
    var fds: [Int32] = [-1, -1]
    let result = pipe(&fds)
    precondition(result == 0, "pipe failed: \(errno)")
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}

/// `POSIX_SPAWN_SETSID`, which Swift's Glibc module does not import (glibc and musl give it this value).
package let spawnSetSessionFlag: Int16 = 0x80

/// Starts `cpf` with the three standard descriptors, in a new session when
/// asked (without a controlling terminal); returns its process id. `cpf`
/// starts with every signal unblocked and at its default action, as from a
/// shell, whatever the test thread had blocked.
package func spawnCPF(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32, newSession: Bool = false)
    -> pid_t
{
    var pid = pid_t()
    let result = spawnProcess(
        &pid, CPFBinary.path, arguments, descriptors: (stdin, stdout, stderr),
        environment: CPFBinary.englishEnvironment, defaultSignals: true, newSession: newSession)
    precondition(result == 0, "posix_spawn \(CPFBinary.path) failed: \(result)")
    return pid
}

/// Starts `path` with `arguments` and the three standard descriptors, under
/// ``spawnLock``; returns `posix_spawn`'s result.
///
/// - Parameters:
///   - environment: The environment; this process's when `nil`.
///   - defaultSignals: Start with every signal unblocked and at its default
///     action, whatever the test thread had (a shell script or a tmux server
///     must not inherit blocked signals).
///   - blocking: Signals to start blocked (and no other).
///   - newSession: Start in a session of its own, without a controlling terminal.
package func spawnProcess(
    _ pid: inout pid_t, _ path: String, _ arguments: [String], descriptors: (Int32, Int32, Int32),
    environment: [String: String]? = nil, defaultSignals: Bool = false, blocking: [Int32] = [], newSession: Bool = false
) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, descriptors.0, 0)
    posix_spawn_file_actions_adddup2(&actions, descriptors.1, 1)
    posix_spawn_file_actions_adddup2(&actions, descriptors.2, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags: Int16 = newSession ? spawnSetSessionFlag : 0
    if defaultSignals || !blocking.isEmpty {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocking { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        flags |= Int16(POSIX_SPAWN_SETSIGMASK)
    }
    if defaultSignals {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        flags |= Int16(POSIX_SPAWN_SETSIGDEF)
    }
    if flags != 0 { posix_spawnattr_setflags(&attributes, flags) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in envp ?? [] { free(pointer) } }
    spawnLock.lock()
    defer { spawnLock.unlock() }
    if let envp { return posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
    return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
}

/// Feeds a child's standard input and reads its standard output and error
/// on other threads, so that no pipe fills while the test waits for it.
package final class ChildOutput: @unchecked Sendable {
    private let group = DispatchGroup()
    private let outBox = DataBox()
    private let errBox = DataBox()

    /// Starts: writes `feed`'s data to its descriptor then closes it; reads
    /// `stdout` (when given) and `stderr` to their end, closing them.
    package init(feed: (fd: Int32, data: Data)?, stdout: Int32?, stderr: Int32) {
        let (group, outBox, errBox) = (group, outBox, errBox)
        if let feed {
            DispatchQueue.global().async(group: group) {
                writeAllIgnoringEPIPE(feed.fd, feed.data)
                close(feed.fd)
            }
        }
        if let stdout {
            DispatchQueue.global().async(group: group) {
                outBox.data = readToEnd(stdout)
                close(stdout)
            }
        }
        DispatchQueue.global().async(group: group) {
            errBox.data = readToEnd(stderr)
            close(stderr)
        }
    }

    /// What was read, once every side is done.
    package func finish() -> (stdout: Data, stderr: Data) {
        group.wait()
        return (outBox.data, errBox.data)
    }
}

/// Waits for `pid` at most `timeout` seconds, killing it after that.
package func waitForExit(_ pid: pid_t, timeout: Double) -> (status: Int32, signal: Int32?, timedOut: Bool) {
    let outcome = waitForExitMeasuringMemory(pid, timeout: timeout)
    return (outcome.status, outcome.signal, outcome.timedOut)
}

/// Waits like ``waitForExit(_:timeout:)`` and also returns the process's
/// peak resident memory in KiB: the last `VmHWM` read from
/// `/proc/PID/status` while it ran. (`wait4`'s `ru_maxrss` cannot be used:
/// after `posix_spawn`, Linux records the parent's peak into the child's at
/// `exec`.)
package func waitForExitMeasuringMemory(_ pid: pid_t, timeout: Double)
    -> (status: Int32, signal: Int32?, timedOut: Bool, maxResidentKiB: Int)
{
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    var raw: Int32 = 0
    var peak = 0
    while true {
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            peak = max(peak, kib)
        }
        let result = waitpid(pid, &raw, WNOHANG)
        if result == pid { break }
        if result == -1, errno != EINTR { preconditionFailure("waitpid failed: \(errno)") }
        if !timedOut, Date() > deadline {
            timedOut = true
            kill(pid, SIGKILL)
        }
        usleep(1000)
    }
    let terminatingSignal = raw & 0x7F
    let memory = peak
    if terminatingSignal == 0 {
        return ((raw >> 8) & 0xFF, nil, timedOut, memory)
    }
    return (-1, terminatingSignal, timedOut, memory)
}

/// Bytes read on another thread, handed back once it is done.
package final class DataBox: @unchecked Sendable {
    package var data = Data()
    package init() {}
}

/// What is left to read on `fd` (a pipe, or a file from its offset), read to its end.
package func readToEnd(_ fd: Int32) -> Data {
    var result = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            result.append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
            return result
        }
    }
}

package func writeAllIgnoringEPIPE(_ fd: Int32, _ data: Data) {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return  // EPIPE: cpf is gone (it exited early); nothing more to feed
            }
        }
    }
}

// MARK: - Data helpers

extension Data {
    /// The UTF-8 bytes of `text`.
    package init(_ text: String) { self.init(text.utf8) }
}

/// The lines of a standard output, without their LF.
package func outputLines(_ data: Data) -> [String] {
    var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// The JSON objects of a JSON Lines output; records an issue for a line that
/// is not a JSON object.
package func jsonObjects(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
    var objects: [[String: Any]] = []
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                Issue.record(
                    "not a JSON object: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
                continue
            }
            objects.append(object)
        } catch {
            Issue.record(
                "not valid JSON (\(error)): \(String(decoding: line.prefix(300), as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }
    if let last = data.last, last != 0x0A {
        Issue.record("JSON Lines output does not end in a line feed", sourceLocation: sourceLocation)
    }
    return objects
}

/// Writes all of `bytes` to `fd`, looping over short writes.
func writeWhole(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        precondition(written > 0, "write failed: \(errno)")
        offset += written
    }
}

/// A directory of files made for one test, removed when released.
package final class TemporaryDirectory: Sendable {
    package let url: URL

    package init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cpf-e2e-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The directories of ``untilExit()``, removed when the process exits;
    /// guarded by `keptLock`.
    nonisolated(unsafe) private static var kept: [TemporaryDirectory] = []
    private static let keptLock = NSLock()

    /// A directory for a whole run of the tests (held by a `static let`,
    /// which is never released): removed when the test process exits.
    package static func untilExit() -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        let first = keptLock.withLock {
            kept.append(directory)
            return kept.count == 1
        }
        if first {
            // Removed by path: the `static let` holding each still refers to it.
            atexit {
                TemporaryDirectory.keptLock.withLock {
                    for directory in TemporaryDirectory.kept { try? FileManager.default.removeItem(at: directory.url) }
                }
            }
        }
        return directory
    }

    /// Writes a file and returns its path. Written through a close-on-exec
    /// descriptor: a `cpf` started meanwhile by a test running in parallel
    /// must not inherit it (`redact --in-place` refuses a file that another
    /// process has open for writing).
    @discardableResult
    package func file(_ name: String, _ contents: Data) -> String {
        let path = url.appendingPathComponent(name).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        contents.withUnsafeBytes { writeWhole(fd, $0) }
        close(fd)
        return path
    }

    @discardableResult
    package func file(_ name: String, _ text: String) -> String { file(name, Data(text)) }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

// MARK: - Reference CPFs

/// A CPF made from a 9-digit base with the check-digit rule (docs/reference.md#the-cpf), written
/// independently of CPFKit: 11 bare digits.
package func referenceCPF(base: Int) -> String {
    var digits: [Int] = []
    var rest = base
    for _ in 0..<9 {
        digits.insert(rest % 10, at: 0)
        rest /= 10
    }
    for length in [9, 10] {
        let sum = zip(digits.prefix(length), stride(from: length + 1, through: 2, by: -1)).map(*).reduce(0, +)
        let r = sum % 11
        digits.append(r < 2 ? 0 : 11 - r)
    }
    return digits.map(String.init).joined()
}

/// The masked form of 11 bare digits.
package func masked(_ digits: String) -> String {
    let d = Array(digits)
    return "\(String(d[0..<3])).\(String(d[3..<6])).\(String(d[6..<9]))-\(String(d[9..<11]))"
}

/// A small deterministic random number generator for reproducible inputs.
package struct SeededGenerator: RandomNumberGenerator {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test package func referenceCPFFollowsTheRule() {
    #expect(referenceCPF(base: 390_533_447) == "39053344705")
    #expect(referenceCPF(base: 231_002_999) == "23100299981")
    #expect(masked("39053344705") == "390.533.447-05")
}

/// Runs a shell script with `$CPF` set to the binary under test (at most
/// `timeout` seconds); returns the exit status the script ended with (128 +
/// N when it was killed by signal N), its standard output and standard error.
///
/// `$TMPDIR` is a directory of the script's own, removed when it ends: the
/// scripts' `cd "$(mktemp -d)"` leaves nothing behind in the machine's
/// temporary directory, which a few hundred runs of the suite would fill.
package func runShell(
    _ script: String, stdin: Data? = nil, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
)
    -> (status: Int32, stdout: Data, stderr: String)
{
    CPFBinary.ignoreSIGPIPE
    guard CPFBinary.isPresent else {
        Issue.record(Comment(rawValue: CPFBinary.missingMessage), sourceLocation: sourceLocation)
        return (-1, Data(), "")
    }
    let inputFD: Int32
    var feed: (fd: Int32, data: Data)?
    if let stdin {
        let (readEnd, writeEnd) = makePipe()
        inputFD = readEnd
        feed = (writeEnd, stdin)
    } else {
        inputFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
    let (stdoutRead, stdoutWrite) = makePipe()
    let (stderrRead, stderrWrite) = makePipe()
    let scratch = TemporaryDirectory()
    defer { withExtendedLifetime(scratch) {} }
    var environment = CPFBinary.englishEnvironment
    environment["CPF"] = CPFBinary.path
    environment["TMPDIR"] = scratch.url.path
    var pid = pid_t()
    // The script starts with every signal at its default action and none blocked.
    let result = spawnProcess(
        &pid, "/bin/sh", ["-c", script], descriptors: (inputFD, stdoutWrite, stderrWrite),
        environment: environment, defaultSignals: true)
    close(inputFD)
    close(stdoutWrite)
    close(stderrWrite)
    precondition(result == 0, "posix_spawn /bin/sh failed: \(result)")
    let output = ChildOutput(feed: feed, stdout: stdoutRead, stderr: stderrRead)
    let (status, signal, timedOut) = waitForExit(pid, timeout: timeout)
    if timedOut {
        Issue.record(
            "the script did not finish within \(timeout) s: \(script.prefix(200))", sourceLocation: sourceLocation)
    }
    let (stdout, stderr) = output.finish()
    return (signal.map { 128 + $0 } ?? status, stdout, String(decoding: stderr, as: UTF8.self))
}

/// A small RFC 4180 parser for checking CSV output: records end at LF
/// outside quotes.
package func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var inQuotes = false
    var characters = Array(text.unicodeScalars)[...]
    while let c = characters.popFirst() {
        if inQuotes {
            if c == "\"" {
                if characters.first == "\"" {
                    characters.removeFirst()
                    field.unicodeScalars.append("\"")
                } else {
                    inQuotes = false
                }
            } else {
                field.unicodeScalars.append(c)
            }
        } else if c == "\"" {
            inQuotes = true
        } else if c == "," {
            record.append(field)
            field = ""
        } else if c == "\n" {
            record.append(field)
            field = ""
            records.append(record)
            record = []
        } else {
            field.unicodeScalars.append(c)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}

/// Makes `url` an executable shell script holding `contents`, copied into
/// place by a child process (`cp`) rather than written by this one: a file
/// this process holds open for writing is inherited, still open, by any
/// child another test forks at that moment (a Tesseract or LibreOffice run
/// lasting seconds), and running the script meanwhile fails with `ETXTBSY`
/// ("Text file busy"). The copy's descriptors are its own.
package func makeExecutableScript(at url: URL, contents: String) throws {
    let source = url.path + ".source"
    try contents.write(toFile: source, atomically: false, encoding: .utf8)
    defer { unlink(source) }
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    var pid = pid_t()
    let started = spawnProcess(
        &pid, "/bin/sh", ["-c", #"cp "$1" "$2" && chmod 755 "$2""#, "sh", source, url.path],
        descriptors: (null, null, null))
    guard started == 0 else { throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EIO) }
    let (status, _, _) = waitForExit(pid, timeout: 60)
    guard status == 0 else { throw POSIXError(.EIO) }
}
