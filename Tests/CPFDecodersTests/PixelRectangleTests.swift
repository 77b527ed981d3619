import CPFDecoders
import Testing

@Suite("PixelRectangle")
struct PixelRectangleTests {
    @Test("a rectangle keeps its corner and size, and compares by them")
    func fields() {
        let box = PixelRectangle(x: 1, y: 2, width: 3, height: 4)
        #expect(box.x == 1 && box.y == 2 && box.width == 3 && box.height == 4)
        #expect(box == PixelRectangle(x: 1, y: 2, width: 3, height: 4))
        #expect(Set([box, box]).count == 1)
    }
}
