/// A raster image format an OCR engine reads, known by its first bytes:
/// what `cpf find` hands to Tesseract rather than scan as bytes.
///
/// ```swift
/// ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0])           // .jpeg
/// ImageFormat.detect(Array("GIF89a".utf8))               // .gif
/// ImageFormat.detect(Array("plain text".utf8))           // nil
/// ```
public enum ImageFormat: String, CaseIterable, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"
    case tiff = "TIFF"
    case bmp = "BMP"
    case gif = "GIF"
    case webP = "WebP"

    /// The bytes ``detect(_:)`` needs at most.
    public static let signatureSize = 18

    /// The format whose signature `prefix` starts with: PNG's 8 bytes,
    /// JPEG's start of image and a marker (`FF D8 FF`), TIFF's byte order
    /// and 42 (`II*\0`, `MM\0*`), BMP's `BM` with a known DIB header size at
    /// byte 14, `GIF87a` or `GIF89a`, and a RIFF file of form `WEBP`.
    public static func detect(_ prefix: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(prefix.prefix(signatureSize))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webP
        }
        if head.count >= 18, head.starts(with: Array("BM".utf8)) {
            // The DIB header's size, little-endian: BITMAPCOREHEADER (12) to BITMAPV5HEADER (124).
            let size = Int(head[14]) | Int(head[15]) << 8 | Int(head[16]) << 16 | Int(head[17]) << 24
            if [12, 16, 40, 52, 56, 64, 108, 124].contains(size) { return .bmp }
        }
        return nil
    }
}
