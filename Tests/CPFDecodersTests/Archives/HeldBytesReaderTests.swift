// Tests of HeldBytesReader.swift: reading bytes held in memory at offsets,
// as the archive readers read a file.

import Testing

@testable import CPFDecoders

@Suite("heldBytesReader")
struct HeldBytesReaderTests {
    @Test("copies what is left from the offset, at most the buffer's size, and nothing past the end")
    func readsAtOffsets() throws {
        let read = heldBytesReader(of: Array("0123456789".utf8))
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(try buffer.withUnsafeMutableBytes { try read($0, 0) } == 4)
        #expect(buffer == Array("0123".utf8))
        #expect(try buffer.withUnsafeMutableBytes { try read($0, 8) } == 2)
        #expect(buffer.prefix(2) == Array("89".utf8)[...])
        #expect(try buffer.withUnsafeMutableBytes { try read($0, 10) } == 0)
        #expect(try buffer.withUnsafeMutableBytes { try read($0, .max) } == 0)
    }
}
