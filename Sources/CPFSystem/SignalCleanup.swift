#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the temporary files being written when `cpf` is ended by a
/// signal (Ctrl-C, `kill`, a closed terminal), then dies of that signal as
/// it would have: `redact --in-place` leaves no `.cpf-redact-XXXXXX` behind
/// then. Only `kill -9` (which nothing can catch) can leave one. Before
/// that, the handler lets a block being written to a regular file finish
/// (see ``WholeWrite``).
///
/// A signal handler may not allocate or take locks, so each thread claims a
/// ``Slot`` up front: a fixed buffer for the name of its temporary file, the
/// descriptor of the directory it is in (`unlinkat(2)`, so that nothing is
/// looked up by path again) and a flag saying whether the name is live,
/// which the handler reads.
package enum SignalCleanup {
    /// The signals that end `cpf` after removing the temporary files: every
    /// catchable one whose default action ends a process, asked for by a
    /// user, a program (`timeout -s ALRM`, `kill -USR1`) or a limit (CPU
    /// time, timers). Not SIGPIPE, which ends `cpf` quietly when it writes
    /// to a closed pipe (it writes no temporary file then), nor SIGXFSZ,
    /// which is ignored (see ``restoreDefaultSignalHandling()``).
    package static let signals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
        SIGXCPU, SIGVTALRM, SIGPROF,
    ]
    package static let slotCount = 1024

    /// One thread's temporary file: a name in a directory held open.
    package struct Slot {
        fileprivate let name: UnsafeMutablePointer<CChar>
        fileprivate let directory: UnsafeMutablePointer<Int32>
        fileprivate let isLive: UnsafeMutablePointer<sig_atomic_t>

        /// Marks the file `name` (at most `NAME_MAX` bytes) in the directory
        /// open at `directory` as to be removed on a signal.
        package func hold(_ name: [UInt8], in directory: OpenDirectory) {
            isLive.pointee = 0
            guard name.count < Int(NAME_MAX) + 1 else { return }
            name.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(self.name).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            self.name[name.count] = 0
            self.directory.pointee = directory.descriptor.rawValue
            isLive.pointee = 1
        }

        /// The file is gone or renamed: nothing to remove any more.
        package func release() {
            isLive.pointee = 0
        }
    }

    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slotCount)
        table.initialize(repeating: nil, count: slotCount)
        return table
    }()
    nonisolated(unsafe) private static let directories: UnsafeMutablePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        table.initialize(repeating: -1, count: slotCount)
        return table
    }()
    nonisolated(unsafe) private static let live: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        flags.initialize(repeating: 0, count: slotCount)
        return flags
    }()
    nonisolated(unsafe) private static var claimed = 0
    private static let monitor = Monitor()

    /// A slot for the calling thread, the handlers installed with the first;
    /// `nil` when all are taken (the files are then only removed on errors).
    package static func claimSlot() -> Slot? {
        monitor.locked {
            guard claimed < slotCount else { return nil }
            if claimed == 0 { install() }
            let index = claimed
            claimed += 1
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(NAME_MAX) + 1)
            paths[index] = buffer
            return Slot(name: buffer, directory: directories + index, isLive: live + index)
        }
    }

    /// Installs the handlers, if they are not yet: for output to a regular
    /// file (see ``WholeWrite``), whose blocks they let finish.
    package static func installHandlers() {
        monitor.locked { install() }
    }

    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers once; called holding `monitor`.
    private static func install() {
        guard !installed else { return }
        installed = true
        WholeWrite.makeReady()
        var action = sigaction()
        system_setHandler(&action, removeTemporaryFilesAndDie)
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaddset(&action.sa_mask, signal) }
        // Back to the default action on entry, so raising the signal again ends the process.
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        for signal in signals {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, !system_handlerIsIgnore(previous) else { continue }
            _ = sigaction(signal, &action, nil)
        }
    }

    /// Removes the temporary files being written; safe in a signal handler
    /// (no allocation, no lock), and before an exit for want of memory.
    static func removeLiveFiles() {
        for index in 0..<slotCount where live[index] != 0 {
            if let name = paths[index] { unlinkat(directories[index], name, 0) }
        }
    }
}

private func removeTemporaryFilesAndDie(_ signal: Int32) {
    WholeWrite.waitForTheBlockAndStopWriting()
    SignalCleanup.removeLiveFiles()
    raise(signal)  // delivered, with the default action, when the handler returns
}
