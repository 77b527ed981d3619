import Testing

@testable import CPFDecoders

@Suite("JPEGScanEncoder")
struct JPEGScanEncoderTests {
    @Test(
        "the size category and extra bits of a value (T.81 Table F.1)",
        arguments: [
            (0, 0, UInt32(0)), (1, 1, 1), (-1, 1, 0), (2, 2, 2), (-3, 2, 0), (-2, 2, 1), (1023, 10, 1023),
            (-1024, 11, 1023), (2047, 11, 2047),
        ])
    func category(value: Int, size: Int, bits: UInt32) {
        let (found, extra) = JPEGScanEncoder.category(value)
        #expect(found == size)
        #expect(extra & ((1 << UInt32(size)) - 1) == bits)
    }

    @Test("a redacted block counts one DC symbol and one EOB")
    func counts() throws {
        var image = try JPEGImage(JPEGSamples.fixture("testimgint.jpg"))
        let scan = JPEGScan(components: [0], dcTables: [0], acTables: [0], restartInterval: 0)
        for index in image.coefficients.indices { image.coefficients[index] = 0 }
        var counter = JPEGSymbolCounter(scan)
        let frame = image.frame
        let result = image.coefficients.withUnsafeBufferPointer { storage in
            Result { () throws(JPEGError) -> JPEGSymbolCounter in
                try JPEGScanEncoder.encode(scan, frame: frame, coefficients: storage, into: &counter)
                return counter
            }
        }
        counter = try result.get()
        let blocks = image.components[0].codedColumns * image.components[0].codedRows
        #expect(counter.dcFrequencies[0] == blocks)
        #expect(counter.acFrequencies[0] == blocks)
    }
}
