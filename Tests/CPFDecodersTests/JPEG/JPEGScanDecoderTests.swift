import Testing

@testable import CPFDecoders

@Suite("JPEGScanDecoder")
struct JPEGScanDecoderTests {
    @Test("a scan cut short in its data is an error", arguments: [100, 1_000, 3_000, 5_000])
    func cutShort(keep: Int) throws {
        let bytes = try JPEGSamples.fixture("testorig.jpg")
        guard let sos = bytes.indices.first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
            Issue.record("no SOS")
            return
        }
        let cut = Array(bytes.prefix(sos + 14 + keep)) + [0xFF, 0xD9]
        #expect {
            try JPEGImage(cut)
        } throws: { error in
            guard case .corruptScan = error as? JPEGError else { return false }
            return true
        }
    }

    @Test("the coefficients decoded are those djpeg's own files make: a flat grey picture is DC only")
    func flat() throws {
        guard JPEGSamples.hasPillow else { return }
        let bytes = try JPEGSamples.pillow(
            """
            import sys, io
            from PIL import Image
            out = io.BytesIO()
            Image.new("L", (24, 16), 128 + 32).save(out, "JPEG", quality=100)
            sys.stdout.buffer.write(out.getvalue())
            """)
        let image = try JPEGImage(bytes)
        // Quality 100: Q = 1 everywhere; a level-shifted 32 is DC 8 × 32 = 256.
        for row in 0..<2 {
            for column in 0..<3 {
                #expect(image.block(component: 0, row: row, column: column) == [256] + Array(repeating: 0, count: 63))
            }
        }
    }
}
