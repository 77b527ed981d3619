import Testing

@testable import CPFDecoders

@Suite("PixelRectangle")
struct PixelRectangleTests {
    @Test("a rectangle keeps its corner and size, and compares by them")
    func fields() {
        let box = PixelRectangle(x: 1, y: 2, width: 3, height: 4)
        #expect(box.x == 1 && box.y == 2 && box.width == 3 && box.height == 4)
        #expect(box == PixelRectangle(x: 1, y: 2, width: 3, height: 4))
        #expect(Set([box, box]).count == 1)
    }

    @Test(
        "clips to the image, and gives nil when nothing is left",
        arguments: [
            (PixelRectangle(x: 10, y: 20, width: 100, height: 16), 10..<50, 20..<36),
            (PixelRectangle(x: -5, y: -5, width: 10, height: 10), 0..<5, 0..<5),
            (PixelRectangle(x: 0, y: 0, width: 50, height: 50), 0..<50, 0..<50),
            (PixelRectangle(x: 1, y: 2, width: .max, height: .max), 1..<50, 2..<50),
        ])
    func clipped(rectangle: PixelRectangle, columns: Range<Int>, rows: Range<Int>) throws {
        let area = try #require(rectangle.clipped(width: 50, height: 50))
        #expect(area.x == columns)
        #expect(area.y == rows)
    }

    @Test(
        "gives nil for rectangles outside the image or empty",
        arguments: [
            PixelRectangle(x: 50, y: 0, width: 1, height: 1), PixelRectangle(x: 0, y: 0, width: 0, height: 5),
            PixelRectangle(x: -10, y: 0, width: 10, height: 5), PixelRectangle(x: 0, y: 0, width: -3, height: 5),
            PixelRectangle(x: .min, y: .min, width: 1, height: 1),
            PixelRectangle(x: .max, y: 0, width: .max, height: 1),
        ])
    func outside(rectangle: PixelRectangle) {
        #expect(rectangle.clipped(width: 50, height: 50) == nil)
    }
}
