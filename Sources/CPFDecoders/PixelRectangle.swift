/// A rectangle of pixels in an image: its top-left corner (`x` from the
/// left, `y` from the top, both from 0) and its size, in pixels.
///
/// A rectangle may reach past the image, or start before it; ``clipped(width:height:)``
/// keeps the part inside.
///
/// ```swift
/// let box = PixelRectangle(x: 10, y: 20, width: 100, height: 16)
/// box.clipped(width: 50, height: 50)   // (x: 10..<50, y: 20..<36)
/// ```
public struct PixelRectangle: Hashable, Sendable {
    /// The column of the left edge.
    public var x: Int
    /// The row of the top edge.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// The rectangle `width` pixels wide and `height` high whose top-left pixel is at (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The columns and rows of the rectangle inside an image `width` by
    /// `height` pixels, or nil when none is (an empty or negative size
    /// counts as none). Never overflows, whatever the values.
    ///
    /// ```swift
    /// PixelRectangle(x: -5, y: 0, width: 10, height: 1).clipped(width: 8, height: 8)   // (0..<5, 0..<1)
    /// ```
    ///
    /// - Complexity: O(1).
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> (x: Range<Int>, y: Range<Int>)? {
        guard let columns = Self.clip(x, width, to: imageWidth), let rows = Self.clip(y, height, to: imageHeight)
        else { return nil }
        return (columns, rows)
    }

    private static func clip(_ start: Int, _ length: Int, to size: Int) -> Range<Int>? {
        guard length > 0, size > 0 else { return nil }
        let (end, overflow) = start.addingReportingOverflow(length)
        let lower = max(start, 0)
        let upper = overflow ? size : min(end, size)
        return lower < upper ? lower..<upper : nil
    }
}
