// Tests of Images/EmbeddedPictures.swift: PNG and JPEG pictures found
// whole inside other bytes (as a legacy Office stream keeps them), cut
// short ones told apart, bytes that only look like a signature passed over.
// Pictures from the PNG codec and from libjpeg-turbo's test images
// (Fixtures/JPEG), and random bytes around them.

import CPFDecoders
import Foundation
import Testing

@Suite("EmbeddedPictures")
struct EmbeddedPicturesTests {
    static func png() throws -> [UInt8] {
        try PNGImage(width: 3, height: 2, colorType: .grey, bitDepth: 8, pixels: [0, 50, 100, 150, 200, 250])
            .encoded()
    }

    static func jpeg(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/JPEG/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    @Test(
        "each picture between other bytes is found whole, where it lies",
        arguments: ["testorig.jpg", "testimgint.jpg", "testimgari.jpg", "monkey12.jpg"])
    func whole(jpegName: String) throws {
        let png = try Self.png()
        let jpeg = try Self.jpeg(jpegName)
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<300).map { _ in UInt8.random(in: 0...0xFE, using: &generator) }
        var bytes: [UInt8] = noise
        bytes += png
        bytes += noise
        bytes += jpeg
        bytes += Array("fim".utf8)
        let found = EmbeddedPictures.find(in: bytes)
        #expect(
            found == [
                .init(format: .png, range: 300..<300 + png.count, isComplete: true),
                .init(
                    format: .jpeg, range: 600 + png.count..<600 + png.count + jpeg.count, isComplete: true),
            ])
    }

    @Test("a picture cut short is found, not complete; a signature with no structure after it is none")
    func cutShort() throws {
        let jpeg = try Self.jpeg("testorig.jpg")
        let cut = Array(jpeg.prefix(jpeg.count / 2))
        #expect(EmbeddedPictures.find(in: cut) == [.init(format: .jpeg, range: 0..<cut.count, isComplete: false)])
        let png = try Self.png()
        #expect(
            EmbeddedPictures.find(in: Array(png.prefix(40)))
                == [.init(format: .png, range: 0..<33, isComplete: false)])
        // FF D8 FF then no marker a JPEG starts with; the PNG signature without IHDR.
        #expect(EmbeddedPictures.find(in: [0xFF, 0xD8, 0xFF, 0x41, 0x42, 0x43, 0x44]).isEmpty)
        #expect(EmbeddedPictures.find(in: Array(png.prefix(8)) + Array("XXXXYYYYZZZZ".utf8)).isEmpty)
    }

    @Test("random bytes hold no complete picture, and the search ends on every input", arguments: 0..<20)
    func random(seed: Int) {
        var generator = SystemRandomNumberGenerator()
        let count = Int.random(in: 0...4096, using: &generator)
        var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // Signatures sprinkled in, followed by noise.
        for _ in 0..<8 where count > 16 {
            let at = Int.random(in: 0..<count - 16, using: &generator)
            bytes.replaceSubrange(
                at..<at + 4, with: seed.isMultiple(of: 2) ? [0xFF, 0xD8, 0xFF, 0xE0] : [0x89, 0x50, 0x4E, 0x47])
        }
        let found = EmbeddedPictures.find(in: bytes)
        #expect(found.allSatisfy { $0.range.upperBound <= bytes.count && !$0.range.isEmpty })
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
    }
}
