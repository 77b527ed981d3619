#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The few POSIX threads calls `cpf` needs to scan files on every core,
// without Foundation or Dispatch: a mutex with its condition variable, and
// threads (``system_startThread(_:)`` in Platform.swift) that run a closure
// and are joined.
//
// Swift's strict concurrency cannot see what a mutex protects, so the types
// here are `@unchecked Sendable`: whoever shares state between threads
// (``OrderedPrinter``, ``WorkerGroup``) keeps it behind one ``Monitor``.

/// A mutex and one condition variable (a monitor): ``locked(_:)`` runs a
/// closure holding the mutex; inside it, ``wait()`` waits for a
/// ``broadcast()``.
package final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    @inline(__always)
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a ``broadcast()``, releasing the mutex meanwhile; only
    /// inside ``locked(_:)``. May return without one: callers loop on their
    /// condition.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread waiting in ``wait()``.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
