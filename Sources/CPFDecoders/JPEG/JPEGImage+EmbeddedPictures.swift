extension JPEGImage {
    /// Whether an application segment (APP0 to APP15) holds a picture of
    /// its own, a JPEG file inside it (FF D8 FF): an Exif thumbnail (APP1),
    /// a JFIF extension thumbnail (APP0), a Photoshop thumbnail (APP13), a
    /// FlashPix preview (APP2). Redacting the image leaves such a picture
    /// as it was, showing what the rectangles hid, small.
    ///
    /// ```swift
    /// var image = try JPEGImage(bytes)
    /// if image.hasEmbeddedPicture { image.removeEmbeddedPictures() }
    /// ```
    ///
    /// - Complexity: O(n) in the bytes of the application segments.
    public var hasEmbeddedPicture: Bool {
        segments.contains { Self.isEmbeddingPicture($0, in: source) }
    }

    /// Drops every application segment that holds a picture of its own
    /// (see ``hasEmbeddedPicture``); every other segment is kept.
    ///
    /// ```swift
    /// var image = try JPEGImage(bytes)
    /// image.removeEmbeddedPictures()
    /// image.redact(boxes)
    /// let written = try image.encoded()
    /// ```
    ///
    /// - Complexity: O(n) in the bytes of the application segments.
    public mutating func removeEmbeddedPictures() {
        let source = source
        segments.removeAll { Self.isEmbeddingPicture($0, in: source) }
    }

    private static func isEmbeddingPicture(_ segment: JPEGSegment, in source: [UInt8]) -> Bool {
        guard case .kept(let range, _) = segment, range.count > 7, (0xE0...0xEF).contains(source[range.lowerBound + 1])
        else { return false }
        var at = range.lowerBound + 4
        while at + 2 < range.upperBound {
            if source[at] == 0xFF && source[at + 1] == 0xD8 && source[at + 2] == 0xFF { return true }
            at += 1
        }
        return false
    }
}
