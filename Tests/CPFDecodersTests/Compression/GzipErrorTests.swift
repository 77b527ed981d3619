import CPFDecoders
import Testing

@Suite("GzipError")
struct GzipErrorTests {
    @Test(
        "describes its errors readably",
        arguments: [
            (GzipError.notGzip, "not gzip data (no 1f 8b at the start)"),
            (
                .crcMismatch(stored: 0xCBF4_3926, computed: 0x0000_00FF),
                "CRC-32 mismatch (stored 0xcbf43926, computed 0x000000ff)"
            ),
            (.sizeMismatch(stored: 14, computed: 15), "size mismatch (stored 14, decompressed 15 modulo 2^32)"),
            (.trailingData(offset: 42), "data that is not gzip after the last member, at byte 42"),
            (.reservedFlags(0x20), "reserved header flags set (0x20)"),
        ])
    func descriptions(error: GzipError, text: String) {
        #expect(error.description == text)
    }
}
