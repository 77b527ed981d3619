import Testing

@testable import CPFDecoders

@Suite("JPEGBitReader")
struct JPEGBitReaderTests {
    static func read(_ bytes: [UInt8], _ steps: [Int], restartAfter: Int? = nil) throws(JPEGError) -> [Int] {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JPEGError) -> [Int] in
                var reader = JPEGBitReader(bytes: buffer, start: 0, end: bytes.count)
                var values: [Int] = []
                for (index, size) in steps.enumerated() {
                    if index == restartAfter { try reader.restart(expecting: 0) }
                    values.append(try reader.receiveExtended(size))
                }
                return values
            }
        }
        return try result.get()
    }

    @Test("a stuffed 0x00 is dropped and fill bytes before a marker skipped")
    func stuffing() throws {
        #expect(try Self.read([0xFF, 0x00, 0x80], [8, 1]) == [255, 1])
        #expect(try Self.read([0xFF, 0x00, 0xFF, 0xFF, 0xD0, 0x80], [8, 1], restartAfter: 1) == [255, 1])
    }

    @Test("bits past the data or past a marker are an error, not zeros")
    func truncated() {
        #expect(throws: JPEGError.corruptScan("data ends inside a block")) { try Self.read([0x80], [8, 1]) }
        #expect(throws: JPEGError.corruptScan("data ends inside a block")) {
            try Self.read([0x80, 0xFF, 0xD9], [8, 8])
        }
    }

    @Test("a restart marker out of sequence, or missing, is an error")
    func restarts() {
        #expect(throws: JPEGError.corruptScan("restart marker out of sequence")) {
            try Self.read([0x80, 0xFF, 0xD3, 0x80], [1, 1], restartAfter: 1)
        }
        #expect(throws: JPEGError.corruptScan("restart marker missing")) {
            try Self.read([0x80, 0x80], [1, 1], restartAfter: 1)
        }
    }
}
