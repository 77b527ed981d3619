import Testing

@testable import CPFDecoders

@Suite("JPEGBitWriter")
struct JPEGBitWriterTests {
    @Test("bits are written highest first, the last byte filled with 1-bits")
    func fill() {
        var writer = JPEGBitWriter()
        writer.write(0b101, count: 3)
        writer.finishByte()
        #expect(writer.bytes == [0xBF])
    }

    @Test("a 0xFF byte is followed by a stuffed 0x00; a restart marker is not")
    func stuffing() {
        var writer = JPEGBitWriter()
        writer.write(0xFF, count: 8)
        writer.write(0b1, count: 1)
        writer.restartMarker(9)
        #expect(writer.bytes == [0xFF, 0x00, 0xFF, 0x00, 0xFF, 0xD1])
    }

    @Test("random values written are read back by JPEGBitReader", arguments: 1...10)
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var writer = JPEGBitWriter()
        var values: [Int] = []
        for _ in 0..<2_000 {
            let size = Int.random(in: 1...15, using: &random)
            let value = Int.random(in: 0..<(1 << size), using: &random)
            let signed = value < 1 << (size - 1) ? value - (1 << size) + 1 : value
            if signed == 0 { continue }
            let (category, bits) = JPEGScanEncoder.category(signed)
            writer.write(bits, count: category)
            values.append(signed)
        }
        writer.finishByte()
        let bytes = writer.bytes + [0xFF, 0xD9]
        let read = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JPEGError) -> [Int] in
                var reader = JPEGBitReader(bytes: buffer, start: 0, end: bytes.count - 2)
                return try values.map { (value) throws(JPEGError) -> Int in
                    try reader.receiveExtended(JPEGScanEncoder.category(value).size)
                }
            }
        }
        #expect(try read.get() == values)
    }
}
