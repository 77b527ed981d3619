/// A rectangle of pixels in an image: its top-left corner (`x` columns from
/// the left edge, `y` rows from the top) and its size, as a word box of an
/// OCR engine gives it.
///
/// ```swift
/// let box = PixelRectangle(x: 120, y: 40, width: 300, height: 28)
/// ```
public struct PixelRectangle: Hashable, Sendable {
    /// The column of the left edge, from 0.
    public var x: Int
    /// The row of the top edge, from 0.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// A rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
