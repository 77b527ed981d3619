import Testing

@testable import CPFDecoders

@Suite("PNGFilter")
struct PNGFilterTests {
    @Test("the Paeth predictor picks the nearest of left, above, above-left, ties to left then above")
    func paeth() {
        #expect(PNGFilter.paethPredictor(10, 20, 10) == 20)
        #expect(PNGFilter.paethPredictor(20, 10, 10) == 20)
        #expect(PNGFilter.paethPredictor(10, 10, 10) == 10)
        #expect(PNGFilter.paethPredictor(0, 255, 255) == 0)
        #expect(PNGFilter.paethPredictor(100, 50, 75) == 75)
    }

    @Test("filters a row by the specification's formulas (hand-computed)")
    func formulas() {
        let row: [UInt8] = [10, 20, 30, 40]
        let previous: [UInt8] = [1, 2, 3, 4]
        func filtered(_ filter: PNGFilter) -> [UInt8] {
            var output = [UInt8](repeating: 0, count: 4)
            row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { previous in
                    output.withUnsafeMutableBufferPointer { output in
                        filter.apply(row, previous: previous, bytesPerPixel: 2, into: output)
                    }
                }
            }
            return output
        }
        #expect(filtered(.none) == [10, 20, 30, 40])
        #expect(filtered(.sub) == [10, 20, 20, 20])
        #expect(filtered(.up) == [9, 18, 27, 36])
        #expect(filtered(.average) == [10, 19, 24, 28])
        #expect(filtered(.paeth) == [9, 18, 20, 20])
    }

    @Test(
        "undoing a filter gives back the row, for any bytes and pixel size",
        arguments: PNGFilter.allCases, [1, 2, 3, 4, 6, 8])
    func roundTrip(filter: PNGFilter, bytesPerPixel: Int) {
        var random = SeededRandom(seed: UInt64(filter.rawValue) * 10 + UInt64(bytesPerPixel))
        for length in [0, 1, 5, 24, 97] {
            let row = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let previous = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            var output = [UInt8](repeating: 0, count: length)
            row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { previous in
                    output.withUnsafeMutableBufferPointer { output in
                        filter.apply(row, previous: previous, bytesPerPixel: bytesPerPixel, into: output)
                    }
                }
            }
            var slice = output[...]
            filter.undo(&slice, previous: previous[...], bytesPerPixel: bytesPerPixel)
            #expect(Array(slice) == row)
        }
    }

    @Test("the cost is the sum of the bytes' absolute values taken as signed (0 + 1 + 1 + 128 + 127)")
    func cost() {
        let bytes: [UInt8] = [0, 1, 255, 128, 127]
        let cost = bytes.withUnsafeBufferPointer { PNGFilter.cost($0) }
        #expect(cost == 257)
    }
}
