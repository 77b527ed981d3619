#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal, `/dev/tty`, for `cpf prompt`: raw mode while
/// the user types, and the settings it had restored on every way out.
///
/// `enterRawMode()` saves the settings and installs handlers for the signals
/// that end or stop a process; `restore()` (idempotent) puts everything back.
/// A handler restores the settings and raises the signal again: SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT with their default action, so `cpf` still
/// ends the way the signal says (exit status 128 + N in a shell), only with
/// a sane terminal; a crash (SIGSEGV, SIGILL, …) with the handler that was
/// there before (the Swift runtime's backtrace).
/// SIGTSTP (a `kill -TSTP`, or Ctrl-Z read as a key) restores the settings
/// while `cpf` is stopped and raw mode when it continues.
final class Terminal {
    /// What a wait for input ended with.
    enum Wait: Equatable {
        case ready
        case timedOut
        /// A signal arrived (such as SIGCONT after a stop); look again.
        case interrupted
    }

    let descriptor: FileDescriptor
    private var isRaw = false

    /// The terminal device's path.
    static let path = "/dev/tty"

    private init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit {
        restore()
        descriptor.close()
    }

    /// Opens the controlling terminal for reading and writing; fails with
    /// `ENXIO` ("No such device or address") when the process has none.
    static func open() throws(Errno) -> Terminal {
        let raw = try retryingOnInterrupt { openFile(path, O_RDWR | O_CLOEXEC | O_NOCTTY) }
        let descriptor = FileDescriptor(rawValue: raw)
        guard descriptor.isTerminal else {
            let error = Errno.current
            descriptor.close()
            throw error
        }
        return Terminal(descriptor: descriptor)
    }

    /// The settings of raw mode made from `settings`, as `cfmakeraw` does:
    /// bytes arrive one read at a time as they are typed, unechoed and
    /// untranslated (Ctrl-C is byte 3, Enter is CR), and output is not
    /// post-processed (a line feed must come with its own CR).
    static func rawMode(of settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        return raw
    }

    /// Saves the terminal's settings, installs the signal handlers that
    /// restore them, switches to raw mode and turns on bracketed paste.
    func enterRawMode() throws(Errno) {
        guard !isRaw else { return }
        var saved = termios()
        guard tcgetattr(descriptor.rawValue, &saved) == 0 else { throw Errno.current }
        SignalState.saved.pointee = saved
        SignalState.raw.pointee = Self.rawMode(of: saved)
        SignalState.descriptor = descriptor.rawValue
        SignalState.install()
        guard tcsetattr(descriptor.rawValue, TCSANOW, SignalState.raw) == 0 else {
            let error = Errno.current
            SignalState.uninstall()
            throw error
        }
        isRaw = true
        write(Self.enterSequence)
    }

    /// Turns bracketed paste off, restores the saved settings and the signal
    /// handlers that were there before. Does nothing when not in raw mode.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        write(Self.leaveSequence)
        _ = tcsetattr(descriptor.rawValue, TCSADRAIN, SignalState.saved)
        SignalState.uninstall()
    }

    /// Stops `cpf` as Ctrl-Z does in a shell with job control; the terminal
    /// is restored while it is stopped. Where nothing can resume it (no job
    /// control, an orphaned process group), the system ignores the stop.
    func suspend() {
        _ = kill(getpid(), SIGTSTP)
    }

    /// Whether `cpf` was stopped and continued since the last call: the
    /// screen may have been drawn over meanwhile.
    func takeResumed() -> Bool {
        let resumed = SignalState.resumed != 0
        SignalState.resumed = 0
        return resumed
    }

    /// Waits until a byte can be read, at most `milliseconds` (-1: no limit).
    func wait(milliseconds: Int32) throws(Errno) -> Wait {
        var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        let result = poll(&request, 1, milliseconds)
        if result > 0 { return .ready }
        if result == 0 { return .timedOut }
        let error = Errno.current
        if error == .interrupted { return .interrupted }
        throw error
    }

    /// Reads what has been typed; 0 means the terminal is gone.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try descriptor.read(into: buffer)
    }

    /// Writes to the terminal; errors are ignored (a terminal that cannot be
    /// written to cannot be read from either, and reading reports it).
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { try? descriptor.writeAll($0) }
    }

    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Turns bracketed paste on: a paste arrives between `ESC[200~` and `ESC[201~`.
    static let enterSequence: [UInt8] = Array("\u{1B}[?2004h".utf8)
    /// Turns bracketed paste off.
    static let leaveSequence: [UInt8] = Array("\u{1B}[?2004l".utf8)
}

private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.open(path, flags)
    #else
    Glibc.open(path, flags)
    #endif
}

/// What the signal handlers reach: plain globals (a C signal handler cannot
/// capture anything), set before the handlers are installed and read only
/// by them and by the main thread, hence `nonisolated(unsafe)`.
private enum SignalState {
    /// The signals whose default action ends the process, and the crashes.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]

    /// Whether `signal` asks the process to end (rather than reporting a crash).
    static func isTermination(_ signal: Int32) -> Bool {
        signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT
    }

    nonisolated(unsafe) static var descriptor: Int32 = -1
    /// The settings to restore, and those of raw mode: in memory of their
    /// own (not Swift globals of a C struct type, which AddressSanitizer
    /// caught being overrun), made before any handler can read them.
    nonisolated(unsafe) static let saved: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) static let raw: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    /// Set to 1 by the SIGTSTP handler once `cpf` continues.
    nonisolated(unsafe) static var resumed: sig_atomic_t = 0
    /// The actions in place before `install()`, by signal number.
    nonisolated(unsafe) static var previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalLimit))
        actions.initialize(repeating: sigaction(), count: Int(signalLimit))
        return actions
    }()
    nonisolated(unsafe) static var installed: [Int32] = []

    static let signalLimit: Int32 = 65

    static func install() {
        _ = previous  // made here, never first in a handler
        var action = sigaction()
        setHandler(&action, restoringSignalHandler)
        sigemptyset(&action.sa_mask)
        for signal in endingSignals + [SIGTSTP] {
            sigaddset(&action.sa_mask, signal)
        }
        action.sa_flags = 0  // no SA_RESTART: a wait for input comes back after a stop
        for signal in endingSignals + [SIGTSTP] {
            guard sigaction(signal, nil, previous + Int(signal)) == 0 else { continue }
            // An ignored SIGINT or SIGQUIT (a background job of a shell
            // without job control) stays ignored.
            if handlerIsIgnore(previous[Int(signal)]) { continue }
            if sigaction(signal, &action, nil) == 0 { installed.append(signal) }
        }
    }

    static func uninstall() {
        for signal in installed {
            _ = sigaction(signal, previous + Int(signal), nil)
        }
        installed = []
    }
}

private func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
}

private func handlerIsIgnore(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
    let handler = action.__sigaction_u.__sa_handler
    #else
    let handler = action.__sigaction_handler.sa_handler
    #endif
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}

/// Writes a static string with `write(2)`, which a signal handler may call.
private func writeFromHandler(_ descriptor: Int32, _ text: StaticString) {
    _ = write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
}

/// The handler of every signal `Terminal` watches. Only async-signal-safe
/// calls: write, tcsetattr, sigaction, sigprocmask, raise.
private func restoringSignalHandler(_ number: Int32) {
    let descriptor = SignalState.descriptor
    guard descriptor >= 0 else { return }
    writeFromHandler(descriptor, "\u{1B}[?2004l\r\n")
    _ = tcsetattr(descriptor, TCSANOW, SignalState.saved)  // not waiting on a terminal that may be gone
    let previous = SignalState.previous + Int(number)
    if number == SIGTSTP {
        // Stop with the default action, here in the handler, then take the
        // terminal back once continued.
        var ours = sigaction()
        _ = sigaction(SIGTSTP, previous, &ours)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTSTP)
        _ = raise(SIGTSTP)
        _ = sigprocmask(SIG_UNBLOCK, &unblock, nil)  // the stop happens here
        _ = sigprocmask(SIG_BLOCK, &unblock, nil)
        _ = sigaction(SIGTSTP, &ours, nil)
        _ = tcsetattr(descriptor, TCSANOW, SignalState.raw)
        writeFromHandler(descriptor, "\u{1B}[?2004h")
        SignalState.resumed = 1
        return
    }
    if SignalState.isTermination(number) {
        // The default action, not the one before: Swift's runtime catches
        // SIGQUIT to print a backtrace, then lets the process go on.
        _ = signal(number, SIG_DFL)
    } else {
        _ = sigaction(number, previous, nil)  // a crash: the runtime's backtrace, then the end
    }
    _ = raise(number)
}
