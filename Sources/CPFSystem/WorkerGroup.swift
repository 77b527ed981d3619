#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A few threads kept ready to run the parts of a job side by side: the
/// caller runs part 0 and each thread one other part, and ``run(_:)``
/// returns when all are done. The one way `cpf` runs work on several
/// threads: ``TreeRun`` runs its takers of files as the parts of one job,
/// ``ChunkPipeline`` the workers on the chunks of one file.
///
/// ```swift
/// let group = WorkerGroup(parts: 2)
/// group.run { part in scan(part) }   // scan(0) here, scan(1) on the thread
/// ```
///
/// The job is not copied: `run` waits for every part before it returns,
/// so a job may use what the caller holds on its stack (the threads hold
/// it only while their part runs, and `withoutActuallyEscaping` checks at
/// the end of each job that none still does).
///
/// Ownership: the threads hold the group's shared state (a `Crew`), never
/// the group itself, so the group goes when its last user lets go of it;
/// its `deinit` then stops the threads and joins them. No cycle keeps a
/// thread alive, and no thread outlives its group. (A group is let go of
/// by a thread that is not one of its own: a thread cannot join itself.)
///
/// What the lock guards: the `Crew`'s monitor guards the job being run
/// (its number, the job itself, how many of its parts are still running)
/// and whether the threads are to stop. The parts themselves run outside
/// it; what they share is theirs to guard. (`@unchecked Sendable` for that
/// lock, and for the thread handles, touched only in `init` and `deinit`.)
package final class WorkerGroup: @unchecked Sendable {
    /// How many parts a job has: the caller's and one per thread.
    package let parts: Int

    /// What the threads hold (internal for the tests: it goes once they have ended).
    let crew: Crew
    /// Joined in `deinit`; not touched otherwise after `init`.
    private let threads: [SystemThread]

    /// Makes a group for jobs of `parts` parts (`parts - 1` threads), fewer
    /// when the system will not start that many threads.
    package init(parts: Int) {
        precondition(parts >= 1, "a job has at least one part")
        let crew = Crew()
        var threads: [SystemThread] = []
        for part in 1..<parts {
            guard let thread = system_startThread({ crew.serve(part) }) else { break }
            threads.append(thread)
        }
        self.crew = crew
        self.threads = threads
        self.parts = threads.count + 1
    }

    deinit {
        crew.stop()
        for thread in threads { thread.join() }
    }

    /// Runs `body(0)` on the calling thread and `body(1)` … `body(parts - 1)`
    /// on the group's threads, all at once; returns when all have returned.
    /// One job at a time: not called again before it returns.
    package func run(_ body: (Int) -> Void) {
        guard parts > 1 else { return body(0) }
        withoutActuallyEscaping(body) { body in crew.run(body, parts: parts) }
    }
}

extension WorkerGroup {
    /// What a ``WorkerGroup`` shares with its threads, behind `monitor`; the
    /// threads hold this, not the group.
    final class Crew: @unchecked Sendable {
        private let monitor = Monitor()
        /// Guarded by `monitor`: the job's number (a new one wakes the threads),
        /// the job itself, the parts still running and whether to stop.
        private var generation = 0
        private var job: ((Int) -> Void)?
        private var running = 0
        private var stopping = false

        /// Runs `job(0)` here and hands the other parts to the threads; returns
        /// when every part is done and no thread holds the job any more.
        func run(_ job: @escaping (Int) -> Void, parts: Int) {
            monitor.locked {
                self.job = job
                running = parts - 1
                generation += 1
                monitor.broadcast()
            }
            job(0)
            monitor.locked {
                while running > 0 { monitor.wait() }
                self.job = nil
            }
        }

        /// Wakes the threads to end.
        func stop() {
            monitor.locked {
                stopping = true
                monitor.broadcast()
            }
        }

        /// A thread's loop: waits for each new job, runs its part of it, lets
        /// go of it, then counts itself done.
        func serve(_ part: Int) {
            var seen = 0
            while true {
                var job: ((Int) -> Void)? = monitor.locked {
                    while generation == seen && !stopping { monitor.wait() }
                    if stopping { return nil }
                    seen = generation
                    return self.job
                }
                if job == nil { return }
                job?(part)
                // Let go before counting itself done: `run` may return as soon
                // as the count reaches 0, and then nothing may hold the job.
                job = nil
                monitor.locked {
                    running -= 1
                    if running == 0 { monitor.broadcast() }
                }
            }
        }
    }
}
