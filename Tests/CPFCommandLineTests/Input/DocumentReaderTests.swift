// Tests of Input/DocumentReader.swift: a tar inside gzip told from the
// gzip file's first bytes and read whole; an image member handed to the
// image reader after its bytes, the reason it gives the member's failure. The rules on a document's text
// have test files of their own, one per file (DocumentReader+StoredNumbers,
// +Sweep, +Limits, +OfficeParts, +PNG); reading whole documents is tested
// end to end (DocumentEndToEndTests, DocumentSweepEndToEndTests,
// PNGEndToEndTests).

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader")
struct DocumentReaderTests {
    @Test("a tar inside gzip is told from the first bytes of the gzip file; other gzip data is not one")
    func gzippedTar() throws {
        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<5, with: Array("a.txt".utf8))
        header.replaceSubrange(257..<263, with: Array("ustar\0".utf8))
        header.replaceSubrange(263..<265, with: Array("00".utf8))
        for (offset, field) in [
            (100, "0000644\0"), (108, "0000000\0"), (116, "0000000\0"), (124, "00000000005\0"),
            (136, "00000000000\0"),
        ] {
            header.replaceSubrange(offset..<offset + field.utf8.count, with: Array(field.utf8))
        }
        header.replaceSubrange(148..<156, with: Array("        ".utf8))
        let sum = header.reduce(0) { $0 + Int($1) }
        let checksum = String(sum, radix: 8)
        header.replaceSubrange(
            148..<156, with: Array((String(repeating: "0", count: 6 - checksum.count) + checksum + "\0 ").utf8))
        let tar = header + Array("nada\n".utf8) + [UInt8](repeating: 0, count: 507 + 1024)
        #expect(TarArchive.isTar(tar))
        let gzipped = GzipWriter.compress(tar)
        #expect(DocumentFormat.isGzippedTar(gzipped.prefix(1024)))
        #expect(!DocumentFormat.isGzippedTar(GzipWriter.compress(Array("CPF 390.533.447-05\n".utf8))[...]))
        let (bytes, texts) = try DocumentReader.gunzip(
            size: gzipped.count, read: DocumentReader.reader(of: gzipped), limits: .default)
        #expect(bytes == tar)
        #expect(texts.isEmpty)
    }

    @Test("an image member is handed to imageMember after its bytes; the reason it gives is the member's failure")
    func imageMembers() throws {
        let reader = DocumentReader(
            decoding: DecodingReader(reader: BlockReader(), limits: DecodingReader.defaultLimits))
        var seen: [String] = []
        var texts: [[UInt8]] = []
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(" CPF 390.533.447-05".utf8)
        for reason in [String?.none, "no OCR engine (install tesseract-ocr)"] {
            reader.imageMember = { path, format, bytes in
                seen.append("\(String(decoding: path, as: UTF8.self)) \(format.rawValue) \(bytes == jpeg)")
                return reason
            }
            try reader.read(
                member: jpeg, path: Array("media/a.jpg".utf8), depth: 1, begin: { _ in },
                text: { texts.append(Array($0)) }, end: { _ in })
            #expect(reader.failures.map(\.reason) == (reason.map { [$0] } ?? []))
        }
        #expect(seen == ["media/a.jpg JPEG true", "media/a.jpg JPEG true"])
        // Its bytes are searched first, as before (decoded as text: they are no UTF-8).
        #expect(texts.count == 2)
        #expect(texts.allSatisfy { String(decoding: $0, as: UTF8.self).hasSuffix(" CPF 390.533.447-05") })
        reader.imageMember = nil
        try reader.read(member: Array("CPF".utf8), path: [], depth: 1, begin: { _ in }, text: { _ in }, end: { _ in })
        #expect(seen.count == 2)
    }
}
