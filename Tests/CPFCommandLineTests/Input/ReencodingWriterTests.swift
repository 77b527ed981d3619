// Tests of Input/ReencodingWriter.swift: UTF-8 written back in the input's
// encoding and container, whatever the pieces, read back by the decoders.

import CPFDecoders
import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("ReencodingWriter")
struct ReencodingWriterTests {
    static let text = Array("Física CPF ***.***.***-**\n".utf8)

    /// What a writer for `layers` writes for `text` given in pieces of `piece` bytes.
    private func written(_ layers: InputLayers, piece: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let out = OutputBuffer(sink: { block throws(Errno) in bytes += block })
        let writer = ReencodingWriter(layers, to: out)
        var index = 0
        while index < Self.text.count {
            let end = min(index + piece, Self.text.count)
            Self.text[index..<end].withUnsafeBytes { writer.write($0) }
            index = end
        }
        writer.finish()
        out.flush()
        return bytes
    }

    @Test(
        "writes the encoding, its byte order mark when the input had one",
        arguments: [
            (CharacterEncoding.utf16LittleEndian, true), (.utf16BigEndian, false), (.utf32BigEndian, true),
            (.windows1252, false),
        ], [1, 3, 100])
    func encodings(layer: (encoding: CharacterEncoding, mark: Bool), piece: Int) {
        let (encoding, mark) = layer
        let bytes = written(InputLayers(encoding: encoding, byteOrderMark: mark), piece: piece)
        #expect(bytes == UTF8ToTextTranscoder.transcode(Self.text, to: encoding, writesByteOrderMark: mark))
    }

    @Test("compresses with gzip when the input was", arguments: [1, 100])
    func gzip(piece: Int) throws {
        let bytes = written(InputLayers(gzip: true, encoding: .utf16LittleEndian, byteOrderMark: true), piece: piece)
        #expect(GzipReader.isGzip(bytes))
        #expect(
            try GzipReader.decompress(bytes)
                == UTF8ToTextTranscoder.transcode(Self.text, to: .utf16LittleEndian, writesByteOrderMark: true))
    }

    @Test func plainTextIsCopied() {
        #expect(written(InputLayers(), piece: 5) == Self.text)
    }
}
