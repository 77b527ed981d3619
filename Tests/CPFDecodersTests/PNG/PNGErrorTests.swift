import CPFDecoders
import Testing

@Suite("PNGError")
struct PNGErrorTests {
    @Test(
        "describes its errors in plain English",
        arguments: [
            (PNGError.notPNG, "not a PNG file"),
            (.truncated, "PNG cut short (a chunk runs past the end of the file)"),
            (.chunkTooLong, "PNG chunk longer than 2^31 - 1 bytes"),
            (.malformed(.iTXt, "no language tag"), "malformed PNG iTXt chunk (no language tag)"),
            (.unknownCompression(.zTXt, 1), "PNG zTXt chunk compressed with unknown method 1"),
            (.damaged(.zTXt, "zlib stream cut short"), "damaged PNG zTXt chunk (zlib stream cut short)"),
            (.decompressionLimit(.outputTooLarge(limit: 5)), "PNG text output larger than 5 bytes (size limit)"),
            (.notLatin1(.tEXt), "PNG tEXt text not writable in Latin-1"),
            (.checksumMismatch(chunk: "IDAT"), "damaged PNG IDAT chunk (CRC mismatch)"),
            (.invalidHeader("bit depth 3 for colour type 2"), "invalid PNG IHDR chunk (bit depth 3 for colour type 2)"),
            (.missingChunk("PLTE"), "PNG without its PLTE chunk"),
            (.misplacedChunk("PLTE after IDAT"), "PNG chunks out of order (PLTE after IDAT)"),
            (.invalidChunk("tRNS", "3 bytes for colour type 2"), "invalid PNG tRNS chunk (3 bytes for colour type 2)"),
            (.animated, "animated PNG (APNG; its other frames are not read)"),
            (.imageTooLarge(.outputTooLarge(limit: 5)), "PNG image output larger than 5 bytes (size limit)"),
            (.damagedImageData("zlib checksum mismatch"), "damaged PNG image data (zlib checksum mismatch)"),
        ])
    func descriptions(error: PNGError, text: String) {
        #expect(error.description == text)
    }
}
