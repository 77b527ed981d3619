import CPFDecoders
import Testing

@Suite("JPEGError")
struct JPEGErrorTests {
    @Test(
        "each error reads as a short phrase",
        arguments: [
            (JPEGError.notJPEG, "not a JPEG file"), (.truncated, "JPEG cut short"),
            (.progressive, "progressive JPEG (not supported)"), (.lossless, "lossless JPEG (not supported)"),
            (.arithmeticCoding, "arithmetic-coded JPEG (not supported)"),
            (.unsupportedPrecision(12), "12-bit JPEG (only 8-bit samples are supported)"),
            (.unsupportedProcess(0xC5), "JPEG frame marker FF C5 (not supported)"),
            (.numberOfLinesMarker, "JPEG with a DNL marker (not supported)"),
            (.unsupportedComponents(4), "JPEG of 4 colour components (not supported)"),
            (.missingTable("AC Huffman table 1"), "JPEG scan uses an undefined table (AC Huffman table 1)"),
            (.corruptScan("restart marker missing"), "corrupt JPEG scan data (restart marker missing)"),
            (.malformedSegment("two frame headers"), "malformed JPEG marker segment (two frame headers)"),
            (.coefficientOutOfRange, "JPEG coefficient out of the baseline range"),
            (.tooLarge(bytes: 200, limit: 100), "JPEG coefficients of 200 bytes, above the limit of 100 bytes"),
        ])
    func description(error: JPEGError, text: String) {
        #expect(error.description == text)
    }
}
