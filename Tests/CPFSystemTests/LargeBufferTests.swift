// Tests of System/LargeBuffer.swift (running out of memory ends the process:
// not testable in-process).

import CPFTestSupport
import Testing

@testable import CPFSystem

@Suite("LargeBuffer")
struct LargeBufferTests {
    @Test func aBufferHasTheSizeAndAlignmentAskedForAndCanBeWrittenWhole() {
        let buffer = LargeBuffer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { LargeBuffer.deallocate(buffer) }
        #expect(buffer.count == 1 << 20)
        #expect(Int(bitPattern: buffer.baseAddress) % 64 == 0)
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)
        #expect(buffer.last == 0xAB)
    }
}
