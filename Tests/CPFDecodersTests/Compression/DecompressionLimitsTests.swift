import CPFDecoders
import Testing

@Suite("DecompressionLimits")
struct DecompressionLimitsTests {
    static let limits = DecompressionLimits(maximumOutputSize: 1000, maximumRatio: 10, ratioAllowance: 100)

    @Test(
        "checks the size cap, and the ratio past the allowance",
        arguments: [
            (100, 1, nil as DecompressionLimitError?),  // within the allowance, whatever the ratio
            (101, 1, .ratioTooHigh(output: 101, input: 1, limit: 10)),
            (500, 50, nil), (501, 50, .ratioTooHigh(output: 501, input: 50, limit: 10)),
            (1000, 100, nil), (1001, 1000, .outputTooLarge(limit: 1000)),
        ])
    func check(output: Int, input: Int, expected: DecompressionLimitError?) {
        if let expected {
            #expect(throws: expected) { try Self.limits.check(output: output, input: input) }
        } else {
            #expect(throws: Never.self) { try Self.limits.check(output: output, input: input) }
        }
    }

    @Test("none lets everything through; the default stops a ratio over 200 past 1 GiB")
    func presets() throws {
        try DecompressionLimits.none.check(output: .max, input: 0)
        try DecompressionLimits.default.check(output: 1 << 30, input: 1)
        #expect(throws: DecompressionLimitError.self) {
            try DecompressionLimits.default.check(output: (1 << 30) + 1, input: 1)
        }
        try DecompressionLimits.default.check(output: 2 << 30, input: (2 << 30) / 200 + 1)
    }
}
