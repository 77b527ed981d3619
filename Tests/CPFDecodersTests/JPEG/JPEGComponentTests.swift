import CPFDecoders
import Testing

@Suite("JPEGComponent")
struct JPEGComponentTests {
    @Test(
        "a 4:2:2 component grid: padded to whole MCUs, coded where the samples are",
        .enabled(if: JPEGSamples.hasPillow, "Pillow missing"))
    func grid() throws {
        let image = try JPEGImage(JPEGSamples.pillowJPEG(width: 33, height: 17, options: "subsampling=1"))
        // MCUs of 16×8 pixels: 3 across, 3 down.
        #expect(image.components[0].blocksPerLine == 6 && image.components[0].blocksPerColumn == 3)
        #expect(image.components[0].codedColumns == 5 && image.components[0].codedRows == 3)
        #expect(image.components[1].blocksPerLine == 3 && image.components[1].codedColumns == 3)
        #expect(image.components.map(\.identifier) == [1, 2, 3])
    }
}
