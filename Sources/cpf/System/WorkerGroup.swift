/// A few threads kept ready to run the parts of a job side by side: the
/// caller runs part 0 and each thread one other part, and ``run(_:)``
/// returns when all are done. What `find` and `redact` use to scan the
/// parts of a large file on every core.
///
/// ```swift
/// let group = WorkerGroup(parts: 2)
/// group.run { part in scan(part) }   // scan(0) here, scan(1) on the thread
/// ```
///
/// The job is not copied or retained: `run` waits for every part before it
/// returns, so a job may use what the caller holds on its stack.
final class WorkerGroup: @unchecked Sendable {
    /// How many parts a job has: the caller's and one per thread.
    private(set) var parts = 1

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let start = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var threads: [SystemThread] = []
    /// Guarded by `lock`: the job's number (a new one wakes the threads),
    /// the parts still running, the job itself and whether to stop.
    private var generation = 0
    private var running = 0
    private var job: UnsafeRawPointer?
    private var stopping = false

    /// Makes a group for jobs of `parts` parts (`parts - 1` threads), fewer
    /// when the system will not start that many threads.
    init(parts: Int) {
        precondition(parts >= 1, "a job has at least one part")
        pthread_mutex_init(lock, nil)
        pthread_cond_init(start, nil)
        pthread_cond_init(finished, nil)
        for part in 1..<parts {
            guard let thread = system_startThread({ [unowned(unsafe) self] in self.serve(part) }) else { break }
            threads.append(thread)
        }
        self.parts = threads.count + 1
    }

    deinit {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_cond_broadcast(start)
        pthread_mutex_unlock(lock)
        for thread in threads { thread.join() }
        pthread_cond_destroy(finished)
        pthread_cond_destroy(start)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        start.deallocate()
        finished.deallocate()
    }

    /// Runs `body(0)` on the calling thread and `body(1)` … `body(parts - 1)`
    /// on the group's threads, all at once; returns when all have returned.
    func run(_ body: (Int) -> Void) {
        guard parts > 1 else { return body(0) }
        withoutActuallyEscaping(body) { body in
            withUnsafePointer(to: body) { pointer in
                pthread_mutex_lock(lock)
                job = UnsafeRawPointer(pointer)
                running = parts - 1
                generation += 1
                pthread_cond_broadcast(start)
                pthread_mutex_unlock(lock)
                body(0)
                pthread_mutex_lock(lock)
                while running > 0 { pthread_cond_wait(finished, lock) }
                job = nil
                pthread_mutex_unlock(lock)
            }
        }
    }

    /// A thread's loop: waits for each new job and runs its part of it.
    private func serve(_ part: Int) {
        var seen = 0
        pthread_mutex_lock(lock)
        while true {
            while generation == seen && !stopping { pthread_cond_wait(start, lock) }
            if stopping { break }
            seen = generation
            let body = job!.assumingMemoryBound(to: ((Int) -> Void).self).pointee
            pthread_mutex_unlock(lock)
            body(part)
            pthread_mutex_lock(lock)
            running -= 1
            if running == 0 { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(lock)
    }
}
