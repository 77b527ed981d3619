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
/// A handler restores the settings and raises the signal again: every
/// signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT, SIGUSR1, SIGALRM, SIGPIPE, SIGXCPU, …) with that default action,
/// so `cpf` still ends the way the signal says (exit status 128 + N in a
/// shell), only with a sane terminal; a crash (SIGSEGV, SIGILL, …) with the
/// handler that was there before (the Swift runtime's backtrace).
/// SIGTSTP (a `kill -TSTP`, or Ctrl-Z read as a key) restores the settings
/// while `cpf` is stopped and raw mode when it continues.
package final class Terminal {
    /// What a wait for input ended with.
    package enum Wait: Equatable {
        case ready
        case timedOut
        /// A signal arrived (such as SIGCONT after a stop); look again.
        case interrupted
    }

    package let descriptor: FileDescriptor
    /// Whether the terminal understands escape sequences (bracketed paste);
    /// not for `TERM=dumb`.
    package let usesEscapeSequences: Bool
    private var isRaw = false

    /// The terminal device's path.
    package static let path = "/dev/tty"

    private init(descriptor: FileDescriptor, usesEscapeSequences: Bool) {
        self.descriptor = descriptor
        self.usesEscapeSequences = usesEscapeSequences
    }

    deinit {
        restore()
        descriptor.close()
    }

    /// Opens the controlling terminal for reading and writing; fails with
    /// `ENXIO` ("No such device or address") when the process has none.
    ///
    /// - Parameter usesEscapeSequences: `false` for a terminal that knows
    ///   none (`TERM=dumb`): then bracketed paste is never asked for.
    package static func open(usesEscapeSequences: Bool = true) throws(Errno) -> Terminal {
        let descriptor = try FileDescriptor.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor.isTerminal else {
            let error = Errno.current
            descriptor.close()
            throw error
        }
        return Terminal(descriptor: descriptor, usesEscapeSequences: usesEscapeSequences)
    }

    /// The settings of raw mode made from `settings`, as `cfmakeraw` does:
    /// bytes arrive one read at a time as they are typed, unechoed and
    /// untranslated (Ctrl-C is byte 3, Enter is CR), and output is not
    /// post-processed (a line feed must come with its own CR).
    package static func rawMode(of settings: termios) -> termios {
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
    package func enterRawMode() throws(Errno) {
        guard !isRaw else { return }
        var saved = termios()
        guard tcgetattr(descriptor.rawValue, &saved) == 0 else { throw Errno.current }
        SignalState.saved.pointee = saved
        SignalState.raw.pointee = Self.rawMode(of: saved)
        SignalState.descriptor = descriptor.rawValue
        SignalState.usesEscapeSequences = usesEscapeSequences ? 1 : 0
        SignalState.install()
        guard tcsetattr(descriptor.rawValue, TCSANOW, SignalState.raw) == 0 else {
            let error = Errno.current
            SignalState.uninstall()
            throw error
        }
        isRaw = true
        if usesEscapeSequences { write(Self.enterSequence) }
    }

    /// Turns bracketed paste off, restores the saved settings and the signal
    /// handlers that were there before. Does nothing when not in raw mode.
    package func restore() {
        guard isRaw else { return }
        isRaw = false
        if usesEscapeSequences { write(Self.leaveSequence) }
        _ = tcsetattr(descriptor.rawValue, TCSADRAIN, SignalState.saved)
        SignalState.uninstall()
    }

    /// Stops `cpf` as Ctrl-Z does in a shell with job control: the terminal
    /// restored first, then SIGTSTP to the whole process group, as the
    /// terminal sends it, so a script that runs `cpf prompt` stops with it
    /// and the shell gets the terminal back (stopping `cpf` alone left the
    /// script, and the shell, waiting). Raw mode comes back on SIGCONT (the
    /// SIGTSTP handler). Where nothing can resume it (no job control, an
    /// orphaned process group), the system ignores the stop; where SIGTSTP
    /// is ignored, so is Ctrl-Z.
    package func suspend() {
        guard isRaw, SignalState.installed.contains(SIGTSTP) else { return }
        if usesEscapeSequences { write(Self.leaveSequence) }
        write(Array("\r\n".utf8))
        _ = tcsetattr(descriptor.rawValue, TCSADRAIN, SignalState.saved)
        // The default action, not the handler: the kernel stops `cpf` on the
        // way out of kill(2), with the group, leaving no moment in which a
        // SIGCONT could come before the stop (and be lost).
        var ours = sigaction()
        _ = sigaction(SIGTSTP, nil, &ours)
        _ = signal(SIGTSTP, SIG_DFL)
        _ = kill(0, SIGTSTP)
        _ = sigaction(SIGTSTP, &ours, nil)
        _ = tcsetattr(descriptor.rawValue, TCSANOW, SignalState.raw)
        if usesEscapeSequences { write(Self.enterSequence) }
        SignalState.resumed = 1
    }

    /// Whether `cpf` was stopped and continued since the last call: the
    /// screen may have been drawn over meanwhile.
    package func takeResumed() -> Bool {
        let resumed = SignalState.resumed != 0
        SignalState.resumed = 0
        return resumed
    }

    /// Waits until a byte can be read, at most `milliseconds` (-1: no limit).
    package func wait(milliseconds: Int32) throws(Errno) -> Wait {
        var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        let result = poll(&request, 1, milliseconds)
        if result > 0 { return .ready }
        if result == 0 { return .timedOut }
        let error = Errno.current
        if error == .interrupted { return .interrupted }
        throw error
    }

    /// Reads what has been typed; 0 means the terminal is gone.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try descriptor.read(into: buffer)
    }

    /// Writes to the terminal; errors are ignored (a terminal that cannot be
    /// written to cannot be read from either, and reading reports it).
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { try? descriptor.writeAll($0) }
    }

    package func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Turns bracketed paste on: a paste arrives between `ESC[200~` and `ESC[201~`.
    package static let enterSequence: [UInt8] = Array("\u{1B}[?2004h".utf8)
    /// Turns bracketed paste off.
    package static let leaveSequence: [UInt8] = Array("\u{1B}[?2004l".utf8)

    /// The terminal's width in columns, or 0 when it cannot be told.
    package var columns: Int {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0 else { return 0 }
        return Int(size.ws_col)
    }
}
