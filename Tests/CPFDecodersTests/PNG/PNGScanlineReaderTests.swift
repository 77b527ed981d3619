import Testing

@testable import CPFDecoders

@Suite("PNGScanlineReader")
struct PNGScanlineReaderTests {
    @Test(
        "counts the filtered bytes of every Adam7 pass, empty passes left out",
        arguments: [
            (1, 1, 8, false, 2), (1, 1, 8, true, 2), (8, 8, 8, true, 64 + 15), (3, 2, 1, true, 2 + 2 + 2 + 2),
            (10, 3, 24, false, 3 * 31),
        ])
    func filteredSize(width: Int, height: Int, bits: Int, interlaced: Bool, expected: Int) {
        #expect(
            PNGScanlineReader.filteredSize(width: width, height: height, bitsPerPixel: bits, interlaced: interlaced)
                == expected)
    }

    @Test("says when the size does not fit in an Int")
    func overflow() {
        #expect(
            PNGScanlineReader.filteredSize(
                width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bitsPerPixel: 64, interlaced: true) == nil)
    }

    @Test("gives the same rows whatever the sizes of the pieces it is fed")
    func pieces() throws {
        // A 5×3 8-bit grey image, non-interlaced, each row with another filter.
        let stream: [UInt8] = [0, 1, 2, 3, 4, 5, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]
        let expected: [UInt8] = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3, 4, 5, 6]
        for size in 1...stream.count {
            var reader = PNGScanlineReader(width: 5, height: 3, bitsPerPixel: 8, interlaced: false)
            var offset = 0
            while offset < stream.count {
                let end = min(stream.count, offset + size)
                _ = try stream[offset..<end].withUnsafeBufferPointer { (piece) throws(PNGError) -> Int in
                    try reader.read(piece)
                    return 0
                }
                offset = end
            }
            #expect(reader.isComplete)
            #expect(reader.pixels == expected)
        }
    }

    @Test("puts the pixels of each Adam7 pass in place, for 1-bit pixels too")
    func adam7() throws {
        // An 8×8 1-bit image: every pixel set. Passes: 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4.
        var stream: [UInt8] = []
        for (columns, rows) in [(1, 1), (1, 1), (2, 1), (2, 2), (4, 2), (4, 4), (8, 4)] {
            for _ in 0..<rows { stream += [0, UInt8(0xFF << (8 - columns) & 0xFF)] }
        }
        var reader = PNGScanlineReader(width: 8, height: 8, bitsPerPixel: 1, interlaced: true)
        _ = try stream.withUnsafeBufferPointer { (piece) throws(PNGError) -> Int in
            try reader.read(piece)
            return 0
        }
        #expect(reader.isComplete)
        #expect(reader.pixels == [UInt8](repeating: 0xFF, count: 8))
    }

    @Test("refuses a filter type past 4")
    func badFilter() {
        var reader = PNGScanlineReader(width: 1, height: 1, bitsPerPixel: 8, interlaced: false)
        #expect(throws: PNGError.damagedImageData("filter type 5 in a row")) {
            try [UInt8]([5, 0]).withUnsafeBufferPointer { (piece) throws(PNGError) -> Int in
                try reader.read(piece)
                return 0
            }
        }
    }
}
