// Tests of UnreadFormat.swift: each format known by its magic bytes, text
// and gzip not mistaken for one.

import CPFDecoders
import Testing

@Suite("UnreadFormat")
struct UnreadFormatTests {
    @Test(
        "knows each format by its magic bytes",
        arguments: [
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], UnreadFormat.xz),
            (Array("BZh91AY&SY".utf8), .bzip2),
            ([0x28, 0xB5, 0x2F, 0xFD, 0x24], .zstd),
            ([0x04, 0x22, 0x4D, 0x18, 0x64], .lz4),
            (Array("LZIP\u{1}".utf8), .lzip),
            ([0x1F, 0x9D, 0x90], .compress),
            ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00], .sevenZip),
            ([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01], .rar),
            ([0x50, 0x4B, 0x03, 0x04, 0x14], .zip),
            ([0x50, 0x4B, 0x05, 0x06, 0x00], .zip),
        ] as [([UInt8], UnreadFormat)])
    func detects(prefix: [UInt8], expected: UnreadFormat) {
        #expect(UnreadFormat.detect(prefix) == expected)
    }

    @Test(
        "text, gzip and cut magic bytes are none of them",
        arguments: [
            Array("BZh is a word".utf8), Array("plain text".utf8), [0x1F, 0x8B, 0x08, 0x00], [0xFD, 0x37, 0x7A], [],
            Array("PK".utf8),
        ] as [[UInt8]])
    func rejects(prefix: [UInt8]) {
        #expect(UnreadFormat.detect(prefix) == nil)
    }

    @Test func namesAreTheUsualOnes() {
        #expect(
            UnreadFormat.allCases.map(\.description) == [
                "xz", "bzip2", "zstd", "lz4", "lzip", "compress", "7z", "rar", "zip",
            ])
    }
}
