import Testing

@testable import CPFDecoders

@Suite("PDFPredictor")
struct PDFPredictorTests {
    private func undo(_ data: [UInt8], _ parameters: [String: PDFObject]) throws(PDFError) -> [UInt8] {
        try PDFPredictor.undo(data, parameters: .dictionary(parameters))
    }

    @Test(
        "undoes each PNG filter row by row",
        arguments: [
            ([0, 1, 2, 3, 0, 4, 5, 6], [1, 2, 3, 4, 5, 6] as [UInt8]),  // None
            ([1, 1, 1, 1, 1, 5, 1, 1], [1, 2, 3, 5, 6, 7]),  // Sub
            ([2, 1, 2, 3, 2, 1, 1, 1], [1, 2, 3, 2, 3, 4]),  // Up
            ([3, 2, 2, 2, 3, 1, 1, 1], [2, 3, 3, 2, 3, 4]),  // Average
            ([4, 1, 2, 3, 4, 1, 1, 1], [1, 3, 6, 2, 4, 7]),  // Paeth
        ] as [([UInt8], [UInt8])])
    func png(data: [UInt8], expected: [UInt8]) throws {
        #expect(try undo(data, ["Predictor": .integer(12), "Columns": .integer(3)]) == expected)
    }

    @Test("leaves data without a predictor alone, undoes TIFF 2, refuses what it cannot do")
    func others() throws {
        #expect(try undo([9, 8, 7], [:]) == [9, 8, 7])
        #expect(
            try undo([1, 1, 1, 5, 1, 1], ["Predictor": .integer(2), "Columns": .integer(3)]) == [1, 2, 3, 5, 6, 7])
        #expect(throws: PDFError.self) { try undo([1], ["Predictor": .integer(2), "BitsPerComponent": .integer(4)]) }
        #expect(throws: PDFError.self) { try undo([1], ["Predictor": .integer(5)]) }
        #expect(throws: PDFError.self) { try undo([1], ["Predictor": .integer(12), "Columns": .integer(1 << 40)]) }
    }

    @Test("keeps a last row cut short, and counts bytes per pixel from Colors and BitsPerComponent")
    func shortRowsAndPixels() throws {
        #expect(try undo([2, 1, 2, 3, 2, 1], ["Predictor": .integer(12), "Columns": .integer(3)]) == [1, 2, 3, 2])
        // Two colors of 8 bits: Sub looks two bytes back.
        #expect(
            try undo([1, 1, 2, 1, 1], ["Predictor": .integer(11), "Columns": .integer(2), "Colors": .integer(2)])
                == [1, 2, 2, 3])
    }
}
