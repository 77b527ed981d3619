extension JPEGImage {
    /// `bytes` with every 8×8 block under `rectangles` made a flat dark
    /// block, every other block's coefficients and every marker segment
    /// kept: see ``redact(_:)`` and ``encoded()``.
    ///
    /// ```swift
    /// let box = PixelRectangle(x: 120, y: 40, width: 300, height: 28)
    /// let redacted = try JPEGImage.redacting(bytes, rectangles: [box])
    /// ```
    ///
    /// - Throws: ``JPEGError`` when the file cannot be read or written again.
    /// - Complexity: O(n) in the file's bytes and blocks.
    public static func redacting(
        _ bytes: [UInt8], rectangles: [PixelRectangle], limits: JPEGLimits = .default
    ) throws(JPEGError) -> [UInt8] {
        var image = try JPEGImage(bytes, limits: limits)
        image.redact(rectangles)
        return try image.encoded()
    }

    /// Makes every block that a rectangle touches, in each component's own
    /// block grid (its samples being `H`/`Hmax` and `V`/`Vmax` of the
    /// pixels), a flat block: AC coefficients 0, DC that of sample 0 for
    /// luma (`round(−1024 / Q[0])`, or every component of an RGB file) and
    /// 0, neutral, for chroma. Parts of rectangles outside the image are
    /// ignored.
    ///
    /// ```swift
    /// var image = try JPEGImage(bytes)
    /// image.redact([PixelRectangle(x: 0, y: 0, width: 16, height: 16)])
    /// ```
    ///
    /// - Complexity: O(b) in the blocks touched.
    public mutating func redact(_ rectangles: [PixelRectangle]) {
        for rectangle in rectangles {
            for component in components.indices {
                guard let (rows, columns) = blocks(touchedBy: rectangle, component: component) else { continue }
                let grid = components[component]
                for row in rows {
                    for column in columns {
                        let start = frame.offsets[component] + (row * grid.blocksPerLine + column) * 64
                        coefficients[start] = darkDC[component]
                        for index in start + 1..<start + 64 { coefficients[index] = 0 }
                    }
                }
            }
        }
    }

    /// The rows and columns of blocks of `component` that `rectangle`
    /// touches, or nil when it lies outside the image or is empty.
    ///
    /// ```swift
    /// image.blocks(touchedBy: PixelRectangle(x: 0, y: 0, width: 9, height: 1), component: 0)
    /// // (0..<1, 0..<2) for a 4:4:4 file
    /// ```
    ///
    /// - Complexity: O(1).
    public func blocks(touchedBy rectangle: PixelRectangle, component: Int) -> (rows: Range<Int>, columns: Range<Int>)?
    {
        guard components.indices.contains(component) else { return nil }
        let left = max(0, rectangle.x)
        let top = max(0, rectangle.y)
        let right = min(width, rectangle.x.addingReportingOverflow(max(0, rectangle.width)).partialValue)
        let bottom = min(height, rectangle.y.addingReportingOverflow(max(0, rectangle.height)).partialValue)
        guard left < right, top < bottom, rectangle.x < width, rectangle.y < height else { return nil }
        let grid = components[component]
        let h = grid.horizontalSampling
        let v = grid.verticalSampling
        let maximumH = frame.maximumHorizontal
        let maximumV = frame.maximumVertical
        // Samples first..<last of the component cover the pixels.
        let firstColumn = left * h / maximumH / 8
        let lastColumn = ((right * h + maximumH - 1) / maximumH + 7) / 8
        let firstRow = top * v / maximumV / 8
        let lastRow = ((bottom * v + maximumV - 1) / maximumV + 7) / 8
        return (
            firstRow..<min(lastRow, grid.blocksPerColumn), firstColumn..<min(lastColumn, grid.blocksPerLine)
        )
    }
}
