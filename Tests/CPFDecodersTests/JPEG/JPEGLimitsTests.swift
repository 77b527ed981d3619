import CPFDecoders
import Testing

@Suite("JPEGLimits")
struct JPEGLimitsTests {
    @Test("the default holds 1 GiB of coefficients; a limit can be lowered")
    func values() {
        #expect(JPEGLimits.default.maximumCoefficientBytes == 1 << 30)
        var limits = JPEGLimits.default
        limits.maximumCoefficientBytes = 64
        #expect(limits == JPEGLimits(maximumCoefficientBytes: 64))
    }

    @Test("an image at the limit is read; one byte less refuses it")
    func boundary() throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        // 30×20 luma blocks and twice 15×10 chroma blocks, 128 bytes each.
        let needed = (30 * 20 + 2 * 15 * 10) * 128
        #expect(throws: Never.self) { try JPEGImage(bytes, limits: JPEGLimits(maximumCoefficientBytes: needed)) }
        #expect(throws: JPEGError.tooLarge(bytes: needed, limit: needed - 1)) {
            try JPEGImage(bytes, limits: JPEGLimits(maximumCoefficientBytes: needed - 1))
        }
    }
}
