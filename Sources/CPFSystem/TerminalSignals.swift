#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal handlers of ``Terminal``: while the terminal is in raw mode,
/// a signal that ends or stops `cpf` first restores the terminal's settings.

/// What the signal handlers reach: plain globals (a C signal handler cannot
/// capture anything), set before the handlers are installed and read only
/// by them and by the main thread, hence `nonisolated(unsafe)`.
package enum SignalState {
    /// The crashes: their handler before ours (the Swift runtime's
    /// backtrace) runs after the terminal is restored.
    package static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGSYS]

    /// Every other signal whose default action ends the process: asked for
    /// by a user (SIGINT, SIGQUIT, SIGTERM, SIGHUP), by a program (SIGUSR1,
    /// SIGUSR2, `timeout -s ALRM`, a closed pipe) or by a limit (CPU time,
    /// file size, timers), and on Linux the real-time signals.
    package static let terminationSignals: [Int32] = {
        var signals: [Int32] = [
            SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
            SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
        ]
        #if os(Linux)
            signals += [SIGIO, SIGPWR, SIGSTKFLT]
            signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return signals.filter { $0 < signalLimit }
    }()

    /// The signals whose default action ends the process, and the crashes.
    package static let endingSignals: [Int32] = terminationSignals + crashSignals

    /// Whether `signal` asks the process to end (rather than reporting a crash).
    package static func isTermination(_ signal: Int32) -> Bool {
        switch signal {
        case SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGSYS: false
        default: true
        }
    }

    /// Whether the terminal understands escape sequences (not `TERM=dumb`):
    /// only then is bracketed paste turned off on the way out.
    package nonisolated(unsafe) static var usesEscapeSequences: sig_atomic_t = 1

    package nonisolated(unsafe) static var descriptor: Int32 = -1
    /// The settings to restore, and those of raw mode: in memory of their
    /// own (not Swift globals of a C struct type, which AddressSanitizer
    /// caught being overrun), made before any handler can read them.
    package nonisolated(unsafe) static let saved: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    package nonisolated(unsafe) static let raw: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    /// Set to 1 by the SIGTSTP handler once `cpf` continues.
    package nonisolated(unsafe) static var resumed: sig_atomic_t = 0
    /// The actions in place before `install()`, by signal number.
    package nonisolated(unsafe) static var previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalLimit))
        actions.initialize(repeating: sigaction(), count: Int(signalLimit))
        return actions
    }()
    package nonisolated(unsafe) static var installed: [Int32] = []

    package static let signalLimit: Int32 = 65

    package static func install() {
        _ = previous  // made here, never first in a handler
        var action = sigaction()
        system_setHandler(&action, restoringSignalHandler)
        sigemptyset(&action.sa_mask)
        for signal in endingSignals + [SIGTSTP] {
            sigaddset(&action.sa_mask, signal)
        }
        action.sa_flags = 0  // no SA_RESTART: a wait for input comes back after a stop
        // cpf ignores SIGXFSZ so that a write past `ulimit -f` fails like a
        // full disk; the prompt writes to the terminal only, so the signal
        // keeps its meaning here: the terminal restored, then the end.
        _ = signal(SIGXFSZ, SIG_DFL)
        for signal in endingSignals + [SIGTSTP] {
            guard sigaction(signal, nil, previous + Int(signal)) == 0 else { continue }
            // An ignored SIGINT or SIGQUIT (a background job of a shell
            // without job control) stays ignored.
            if system_handlerIsIgnore(previous[Int(signal)]) { continue }
            if sigaction(signal, &action, nil) == 0 { installed.append(signal) }
        }
    }

    package static func uninstall() {
        for signal in installed {
            _ = sigaction(signal, previous + Int(signal), nil)
        }
        installed = []
    }
}

/// Writes a static string with `write(2)`, which a signal handler may call.
private func writeFromHandler(_ descriptor: Int32, _ text: StaticString) {
    _ = system_write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
}

/// The handler of every signal `Terminal` watches. Only async-signal-safe
/// calls: write, tcsetattr, sigaction, sigprocmask, raise.
private func restoringSignalHandler(_ number: Int32) {
    let descriptor = SignalState.descriptor
    guard descriptor >= 0 else { return }
    if SignalState.usesEscapeSequences != 0 { writeFromHandler(descriptor, "\u{1B}[?2004l") }
    writeFromHandler(descriptor, "\r\n")
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
        if SignalState.usesEscapeSequences != 0 { writeFromHandler(descriptor, "\u{1B}[?2004h") }
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
