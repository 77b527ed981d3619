import Testing

@testable import CPFDecoders

@Suite("JPEGScanLayout")
struct JPEGScanLayoutTests {
    @Test("an interleaved 4:2:0 MCU holds 4 luma blocks in 2 rows, then one of each chroma")
    func interleaved() throws {
        let image = try JPEGImage(JPEGSamples.fixture("testorig.jpg"))
        let scan = JPEGScan(components: [0, 1, 2], dcTables: [0, 1, 1], acTables: [0, 1, 1], restartInterval: 0)
        let layout = JPEGScanLayout(scan, frame: image.frame)
        #expect(layout.mcuCount == 15 * 10)
        var blocks: [(slot: Int, offset: Int)] = []
        layout.blocks(ofMCU: 16, into: &blocks)
        let luma = 30 * 64
        let chroma = image.frame.offsets[1]
        #expect(blocks.map(\.slot) == [0, 0, 0, 0, 1, 2])
        #expect(
            blocks.map(\.offset) == [
                2 * luma + 2 * 64, 2 * luma + 3 * 64, 3 * luma + 2 * 64, 3 * luma + 3 * 64, chroma + 16 * 64,
                image.frame.offsets[2] + 16 * 64,
            ])
    }

    @Test("a component alone in its scan codes only the blocks covering its samples")
    func single() throws {
        let image = try JPEGImage(JPEGSamples.fixture("testorig.jpg"))
        let scan = JPEGScan(components: [0], dcTables: [0], acTables: [0], restartInterval: 0)
        let layout = JPEGScanLayout(scan, frame: image.frame)
        #expect(layout.mcuCount == 29 * 19)
        var blocks: [(slot: Int, offset: Int)] = []
        layout.blocks(ofMCU: 29, into: &blocks)
        #expect(blocks.map(\.offset) == [30 * 64])
    }
}
