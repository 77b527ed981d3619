#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A few threads kept ready to run the parts of a job side by side: the
/// caller runs part 0 and each thread one other part, and ``run(_:)``
/// returns when all are done. The threads ``ChunkPipeline`` runs on.
///
/// ```swift
/// let group = WorkerGroup(parts: 2)
/// group.run { part in scan(part) }   // scan(0) here, scan(1) on the thread
/// ```
///
/// The job is not copied or retained: `run` waits for every part before it
/// returns, so a job may use what the caller holds on its stack.
package final class WorkerGroup: @unchecked Sendable {
    /// How many parts a job has: the caller's and one per thread.
    package private(set) var parts = 1

    private let monitor = Monitor()
    private var threads: [SystemThread] = []
    /// Guarded by `monitor`: the job's number (a new one wakes the threads),
    /// the parts still running, the job itself and whether to stop.
    private var generation = 0
    private var running = 0
    private var job: UnsafeRawPointer?
    private var stopping = false

    /// Makes a group for jobs of `parts` parts (`parts - 1` threads), fewer
    /// when the system will not start that many threads.
    package init(parts: Int) {
        precondition(parts >= 1, "a job has at least one part")
        for part in 1..<parts {
            guard let thread = system_startThread({ [unowned(unsafe) self] in self.serve(part) }) else { break }
            threads.append(thread)
        }
        self.parts = threads.count + 1
    }

    deinit {
        monitor.locked {
            stopping = true
            monitor.broadcast()
        }
        for thread in threads { thread.join() }
    }

    /// Runs `body(0)` on the calling thread and `body(1)` … `body(parts - 1)`
    /// on the group's threads, all at once; returns when all have returned.
    package func run(_ body: (Int) -> Void) {
        guard parts > 1 else { return body(0) }
        withoutActuallyEscaping(body) { body in
            withUnsafePointer(to: body) { pointer in
                monitor.locked {
                    job = UnsafeRawPointer(pointer)
                    running = parts - 1
                    generation += 1
                    monitor.broadcast()
                }
                body(0)
                monitor.locked {
                    while running > 0 { monitor.wait() }
                    job = nil
                }
            }
        }
    }

    /// A thread's loop: waits for each new job and runs its part of it.
    private func serve(_ part: Int) {
        var seen = 0
        while true {
            let job: UnsafeRawPointer? = monitor.locked {
                while generation == seen && !stopping { monitor.wait() }
                if stopping { return nil }
                seen = generation
                return self.job
            }
            guard let job else { return }
            // Called through the pointer, not kept: run(_:) checks that no
            // reference to the job outlives it.
            job.assumingMemoryBound(to: ((Int) -> Void).self).pointee(part)
            monitor.locked {
                running -= 1
                if running == 0 { monitor.broadcast() }
            }
        }
    }
}
