import CPFDecoders
import Testing

@Suite("DecompressionLimitError")
struct DecompressionLimitErrorTests {
    @Test(
        "describes its errors readably",
        arguments: [
            (DecompressionLimitError.outputTooLarge(limit: 1024), "output larger than 1024 bytes (size limit)"),
            (
                .ratioTooHigh(output: 5000, input: 10, limit: 200),
                "output more than 200 times the input (5000 bytes from 10; ratio limit)"
            ),
        ])
    func descriptions(error: DecompressionLimitError, text: String) {
        #expect(error.description == text)
    }
}
