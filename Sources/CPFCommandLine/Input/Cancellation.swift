import CPFSystem

/// The end of a run decided below the entry point: a write error on
/// standard output (a full disk, a closed pipe with SIGPIPE blocked). Whoever
/// meets the failure reports it and calls ``cancel(with:)``; from then on
/// every read through ``LiveSource`` finds the end of its input and the
/// loops that read none (`generate`, the tree's workers) stop at their next
/// step, so the command returns, and `Program` returns the status kept here
/// instead of the command's.
///
/// Shared by every thread of a run; the status is guarded by a ``Monitor``.
final class Cancellation: @unchecked Sendable {
    private let monitor = Monitor()
    /// Guarded by `monitor`.
    private var kept: ExitStatus?

    init() {}

    /// The status the run must end with, once cancelled; the first wins.
    var status: ExitStatus? {
        monitor.locked { kept }
    }

    var isCancelled: Bool { status != nil }

    /// Ends the run with `status` (unless it was already ended).
    func cancel(with status: ExitStatus) {
        monitor.locked { if kept == nil { kept = status } }
    }
}
