extension PNGImage {
    /// `bytes`, a PNG file, with every pixel inside `rectangles` painted
    /// an opaque `color` (black by default) and nothing else changed: the
    /// file is decoded under `limits`, painted (``paint(_:color:)``) and
    /// written back (``encoded()``) in its own colour type and bit depth,
    /// every pixel outside the rectangles decoding as before and every
    /// chunk but `IHDR`, `PLTE` and `IDAT` kept byte for byte. An
    /// interlaced file comes back non-interlaced.
    ///
    /// ```swift
    /// let hidden = try PNGImage.redacting(bytes, rectangles: [PixelRectangle(x: 12, y: 40, width: 180, height: 22)])
    /// ```
    ///
    /// Throws a ``PNGError`` when the file cannot be decoded: damaged,
    /// animated (APNG, whose other frames would keep the pixels) or too
    /// large for `limits`.
    ///
    /// - Complexity: O(*n*) in the raw image size; memory is about the
    ///   file twice and the raw image.
    public static func redacting(
        _ bytes: [UInt8], rectangles: [PixelRectangle], color: SIMD3<UInt8> = .zero,
        limits: DecompressionLimits = .default
    ) throws(PNGError) -> [UInt8] {
        var image = try PNGImage(bytes, limits: limits)
        image.paint(rectangles, color: color)
        return image.encoded()
    }
}
