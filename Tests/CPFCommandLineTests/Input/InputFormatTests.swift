// Tests of Input/InputFormat.swift: what an input is, told once from its
// first bytes (and a zip's end), the file's offset unmoved; a pipe is a
// stream, not read ahead.

import CPFDecoders
import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("InputFormat")
struct InputFormatTests {
    static let text = Array("Pessoa física\nCPF 390.533.447-05\n".utf8)

    /// A zip archive holding one stored member, `a.txt`, with `text`: a
    /// local file header, the data, one central directory record and the end
    /// of central directory record (APPNOTE 4.3), little-endian.
    static func zip(_ text: [UInt8]) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        var crc = CRC32()
        crc.update(text)
        let name = Array("a.txt".utf8)
        // Version, flags, method (stored), time, date, CRC-32, sizes, name length, extra length.
        let fields =
            le16(10) + le16(0) + le16(0) + le16(0) + le16(0) + le32(Int(crc.value)) + le32(text.count)
            + le32(text.count) + le16(name.count) + le16(0)
        let local = [0x50, 0x4B, 0x03, 0x04] + fields + name + text
        let central =
            [0x50, 0x4B, 0x01, 0x02] + le16(20) + fields + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name
        let end =
            [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(1) + le16(1) + le32(central.count)
            + le32(local.count) + le16(0)
        return local + central + end
    }

    @Test(
        "each kind of regular file is told by its first bytes",
        arguments: [
            ("plain UTF-8", text, InputFormat.plainFile),
            ("binary data", [0, 1, 2, 0xFF, 0] + text, .plainFile),
            ("gzip", GzipWriter.compress(text), .stream),
            ("UTF-16 with a byte order mark", [0xFF, 0xFE] + text.flatMap { [$0, 0] }, .stream),
            ("an e-mail message", Array("From: a@example.com\nSubject: um\n\ncorpo\n".utf8), .mail(.message)),
            ("a text whose first line has a colon", Array("Nome: José\nCPF: 390.533.447-05\n".utf8), .plainFile),
            ("a PDF after a line of other bytes", Array("lixo\n%PDF-1.4\n%%EOF\n".utf8), .document(.pdf)),
            ("a zip archive", zip(text), .document(.zip)),
        ])
    func regularFiles(name: String, bytes: [UInt8], expected: InputFormat) throws {
        let (format, offset) = try withFileDescriptor(containing: bytes) { descriptor in
            (InputFormat.of(descriptor), try descriptor.currentOffset())
        }
        #expect(format == expected, "\(name)")
        #expect(offset == 0, "\(name): the offset is not moved")
    }

    @Test("a zip archive after a stub (a self-extracting one) is a document, however large the stub")
    func selfExtractingZip() {
        var random = SystemRandomNumberGenerator()
        let stub = (0..<(700 << 10)).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(withFileDescriptor(containing: stub + Self.zip(Self.text)) { InputFormat.of($0) } == .document(.zip))
    }

    @Test("a pipe is a stream, whatever it holds: nothing is read ahead")
    func pipes() {
        for bytes in [Self.text, Self.zip(Self.text), GzipWriter.compress(Self.text)] {
            let format = withPipe(feeding: bytes, inWritesOf: [bytes.count]) { descriptor in
                let format = InputFormat.of(descriptor)
                // Every byte is still there to read.
                var read: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while let count = try? buffer.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0 {
                    read += buffer[..<count]
                }
                #expect(read == bytes)
                return format
            }
            #expect(format == .stream)
        }
    }
}
