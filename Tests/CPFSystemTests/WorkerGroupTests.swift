// Tests of CPFSystem/WorkerGroup.swift: every part of every job runs once, on
// its own thread, and run(_:) returns only when all have.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("WorkerGroup")
struct WorkerGroupTests {
    @Test("each part of each job runs exactly once, and run returns after all", arguments: [1, 2, 3, 8])
    func everyPartOnce(parts: Int) {
        let group = WorkerGroup(parts: parts)
        #expect(group.parts == parts)
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        for _ in 0..<500 {
            group.run { part in counts[part] += 1 }
        }
        #expect(Array(counts) == Array(repeating: 500, count: parts))
    }

    @Test("the parts run side by side: each waits until every other has started")
    func sideBySide() {
        let group = WorkerGroup(parts: 3)
        let started = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { started.deallocate() }
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        defer { lock.deallocate() }
        pthread_mutex_init(lock, nil)
        started.pointee = 0
        // Were the parts run one after another, the first would wait forever.
        group.run { _ in
            pthread_mutex_lock(lock)
            started.pointee += 1
            pthread_mutex_unlock(lock)
            while true {
                pthread_mutex_lock(lock)
                let all = started.pointee == 3
                pthread_mutex_unlock(lock)
                if all { break }
                sched_yield()
            }
        }
        #expect(started.pointee == 3)
        pthread_mutex_destroy(lock)
    }

    /// Something a job holds, to see whether anything still holds it.
    final class Token: @unchecked Sendable {
        var uses = 0
    }

    @Test("nothing holds a job once run has returned", arguments: [2, 4])
    func theJobIsLetGo(parts: Int) {
        let group = WorkerGroup(parts: parts)
        weak var released: Token?
        for _ in 0..<200 {
            let token = Token()
            released = token
            let monitor = Monitor()
            group.run { _ in monitor.locked { token.uses += 1 } }
            #expect(token.uses == parts)
        }
        // withoutActuallyEscaping would have stopped the process had a thread still held a job.
        #expect(released == nil)
    }

    @Test("the threads hold the group's crew, not the group: it goes when its user lets go, and its threads end")
    func theGroupGoesAndItsThreadsEnd() {
        weak var group: WorkerGroup?
        weak var crew: WorkerGroup.Crew?
        do {
            let made = WorkerGroup(parts: 4)
            group = made
            crew = made.crew
            made.run { _ in }
        }
        #expect(group == nil)
        // Each thread lets go of the crew as it ends, and the group's deinit joins them all.
        #expect(crew == nil)
    }

    @Test("a group that never ran a job ends too")
    func anIdleGroupEnds() {
        weak var crew: WorkerGroup.Crew?
        do {
            let made = WorkerGroup(parts: 3)
            crew = made.crew
        }
        #expect(crew == nil)
    }
}
