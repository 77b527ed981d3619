// Tests of ImageFormat.swift: the first bytes of each image format, and of
// files that only look like one.

import CPFDecoders
import Testing

@Suite("ImageFormat")
struct ImageFormatTests {
    static let bmpHeader: [UInt8] = Array("BM".utf8) + [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]

    @Test(
        "knows each format by its first bytes",
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], ImageFormat.png),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], .jpeg),
            ([0xFF, 0xD8, 0xFF, 0xDB], .jpeg),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
            (Array("GIF87a".utf8), .gif),
            (Array("GIF89a\u{1}\0".utf8), .gif),
            (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webP),
            (bmpHeader, .bmp),
        ])
    func formats(prefix: [UInt8], format: ImageFormat) {
        #expect(ImageFormat.detect(prefix) == format)
    }

    @Test(
        "takes no text or other file for an image",
        arguments: [
            Array("BM is a band".utf8), Array("BMW 320i, CPF 390.533.447-05".utf8), Array("GIF88a".utf8),
            Array("RIFF\0\0\0\0WAVEfmt ".utf8), [0xFF, 0xD8], [0x49, 0x49, 0x2B, 0x00], [],
            Array("PK\u{3}\u{4}".utf8),
        ])
    func notImages(prefix: [UInt8]) {
        #expect(ImageFormat.detect(prefix) == nil)
    }
}
