// Tests of CPFSystem/Threads.swift.

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("Threads")
struct ThreadsTests {
    @Test func threadsRunAndAreJoinedWithTheMonitorGuardingACounter() {
        let monitor = Monitor()
        var count = 0
        let threads = (0..<4).compactMap { _ in
            system_startThread { for _ in 0..<10_000 { monitor.locked { count += 1 } } }
        }
        #expect(threads.count == 4)
        for thread in threads { thread.join() }
        #expect(monitor.locked { count } == 40_000)
    }

    @Test func waitReturnsAfterABroadcast() {
        let monitor = Monitor()
        var ready = false
        let thread = system_startThread {
            monitor.locked {
                ready = true
                monitor.broadcast()
            }
        }
        monitor.locked { while !ready { monitor.wait() } }
        thread?.join()
        #expect(ready)
    }

}
