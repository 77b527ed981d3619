// Tests of Input/DocumentReader+PNG.swift: a PNG image's text chunks handed
// over as members.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+PNG")
struct DocumentReaderPNGTests {
    /// What the reader hands over for `bytes`: each member's path and text, the names looked at, the failures.
    static func read(_ bytes: [UInt8]) throws -> (members: [String], names: [String], failures: [String]) {
        let reader = DocumentReader(decoding: RedactEngine(style: .hidden(.full), context: Context()).decoding)
        var members: [String] = []
        var names: [String] = []
        reader.memberNamed = { names.append(String(decoding: $0, as: UTF8.self)) }
        try withFileDescriptor(containing: bytes) { descriptor in
            try reader.read(
                descriptor, format: .png, begin: { members.append(String(decoding: $0, as: UTF8.self) + "=") },
                text: { members[members.count - 1] += String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self) },
                end: { _ in })
        }
        return (members, names, reader.failures.map(\.reason))
    }

    @Test("hands over each text chunk as TYPE:KEYWORD, other chunks by their type, not the image data")
    func readsPNG() throws {
        let png =
            samplePNG([
                ("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]), ("tEXt", Array("Author\u{0}Jos".utf8) + [0xE9]),
                ("prVt", Array("private".utf8)), ("IDAT", Array("pixels".utf8)), ("IEND", []),
            ]) + Array("tail".utf8)
        let read = try Self.read(png)
        #expect(read.members == ["tEXt:Author=José", "prVt=private", "IEND+=tail"])
        #expect(read.names == ["tEXt:Author"])
        #expect(read.failures.isEmpty)
        let cut = try Self.read(Array(png.prefix(40)))
        #expect(cut.members.isEmpty)
        #expect(cut.failures == ["PNG cut short (a chunk runs past the end of the file)"])
    }
}
