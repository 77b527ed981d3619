#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that a terminating signal cannot cut in two: a SIGTERM (or any of
/// ``SignalCleanup/signals``) that arrives while a block goes out to a
/// regular file ends `cpf` only once the block is written whole.
///
/// The kernel stops a `write(2)` to a regular file between two pages when a
/// signal is about to kill the process, so a block of whole records could
/// leave half a record at the end of the file. Around each such block:
///
/// - the writing thread blocks the terminating signals, so one sent to it
///   waits until the block is out and is then delivered;
/// - the block is written holding one lock, which ``SignalCleanup``'s
///   handler takes (and never gives back) before it ends the process, so a
///   signal delivered to another thread waits for the block too, and no
///   block starts after it.
///
/// The handler never waits for itself: a thread holds the lock only with
/// the signals blocked. Only regular files are held so: a pipe or a
/// terminal may wait on its reader for ever, and a signal must still end
/// `cpf` then.
///
/// One `pthread_sigmask` pair and one uncontended lock per block (128 KiB
/// or more), nothing per record.
package enum WholeWrite {
    /// The lock a block is written under; the signal handler takes it.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// The signals held back during a block.
    nonisolated(unsafe) private static let held: UnsafeMutablePointer<sigset_t> = {
        let set = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
        set.initialize(to: sigset_t())
        sigemptyset(set)
        for signal in SignalCleanup.signals { sigaddset(set, signal) }
        return set
    }()

    /// Installs the handlers; called for a regular file, before its first
    /// block.
    package static func prepare() {
        SignalCleanup.installHandlers()
    }

    /// Makes what the handler reads, before any handler can run (a handler
    /// may not be the first to touch a lazy global).
    package static func makeReady() {
        _ = lock
        _ = held
    }

    /// Runs `body` (the write of one block) with the terminating signals
    /// held back until it returns.
    @inline(__always)
    package static func run<Result>(_ body: () throws(Errno) -> Result) throws(Errno) -> Result {
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, held, &previous)
        pthread_mutex_lock(lock)
        defer {
            pthread_mutex_unlock(lock)
            pthread_sigmask(SIG_SETMASK, &previous, nil)  // a held signal is delivered here
        }
        return try body()
    }

    /// Waits for the block being written, if any, and keeps any other from
    /// starting: for the signal handler, right before the process ends.
    package static func waitForTheBlockAndStopWriting() {
        pthread_mutex_lock(lock)
    }
}
