// Tests of Batch/RedactEngine+Attachments.swift: an e-mail's attachment
// held in memory redacted as a file of its format is (zip, gzip), refused
// when it cannot be rewritten (a PDF), passed unchanged when clean.

import CPFDecoders
import CPFKit
import CPFSystem
import Testing

@testable import CPFCommandLine

/// A zip archive of stored members (name, contents), as APPNOTE describes it.
func sampleStoredZip(_ members: [(String, [UInt8])]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    var zip: [UInt8] = []
    var directory: [UInt8] = []
    for (name, data) in members {
        let offset = UInt32(zip.count)
        let common =
            le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(CRC32.checksum(of: data))
            + le32(UInt32(data.count)) + le32(UInt32(data.count)) + le16(name.utf8.count) + le16(0)
        zip += [0x50, 0x4B, 3, 4] + common + Array(name.utf8) + data
        directory +=
            [0x50, 0x4B, 1, 2] + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
            + Array(name.utf8)
    }
    let directoryOffset = UInt32(zip.count)
    zip += directory
    zip +=
        [0x50, 0x4B, 5, 6] + le16(0) + le16(0) + le16(members.count) + le16(members.count)
        + le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
    return zip
}

@Suite("RedactEngine+Attachments")
struct RedactEngineAttachmentsTests {
    static func engine() -> RedactEngine { RedactEngine(style: .hidden(.full), context: Context()) }

    /// The text of every member of a zip archive, joined.
    static func members(_ zip: [UInt8]) throws -> [UInt8] {
        let archive = try ZipArchive(size: UInt64(zip.count), read: DocumentReader.reader(of: zip))
        var text: [UInt8] = []
        for entry in archive.entries { try archive.withContents(of: entry, limits: .none) { text += $0 } }
        return text
    }

    @Test("a zip attachment: only its member with a CPF rewritten, the count given, the archive readable")
    func zipRewritten() throws {
        let zip = sampleStoredZip([("a.txt", Array("CPF 390.533.447-05\n".utf8)), ("b.txt", Array("nada\n".utf8))])
        let engine = Self.engine()
        guard case .rewritten(let bytes, let hidden) = engine.redactAttachment(zip, path: Array("a.zip".utf8)) else {
            Issue.record("not rewritten")
            return
        }
        #expect(hidden == 1)
        #expect(engine.redactedCount == 0)
        #expect(try Self.members(bytes) == Array("CPF ***.***.***-**\nnada\n".utf8))
    }

    @Test("a clean zip attachment is unchanged, and a CPF in the attachment's own name is not its members'")
    func cleanZipUnchanged() {
        let zip = sampleStoredZip([("a.txt", Array("nada\n".utf8))])
        #expect(Self.engine().redactAttachment(zip, path: Array("joao_390.533.447-05.zip".utf8)) == .unchanged)
    }

    @Test("a CPF in a member's name leaves the attachment not rewritten, the name hidden in the reason")
    func memberNamedByCPF() {
        let zip = sampleStoredZip([("joao_390.533.447-05.txt", Array("nada\n".utf8))])
        guard case .notRewritten(let reason) = Self.engine().redactAttachment(zip, path: Array("a.zip".utf8)) else {
            Issue.record("rewritten")
            return
        }
        #expect(reason.hasPrefix("attachment a.zip!joao_***.***.***-**.txt: "))
    }

    @Test("a gzip attachment of plain text is compressed again with its CPF hidden; a clean one is unchanged")
    func gzipRewritten() throws {
        let engine = Self.engine()
        let gzip = GzipWriter.compress(Array("log\nCPF 390.533.447-05\n".utf8))
        guard case .rewritten(let bytes, let hidden) = engine.redactAttachment(gzip, path: Array("l.gz".utf8)) else {
            Issue.record("not rewritten")
            return
        }
        #expect(hidden == 1)
        let reader = GzipReader(limits: .none)
        var text: [UInt8] = []
        try bytes.withUnsafeBufferPointer { try reader.decompress($0) { text += $0 } }
        try reader.finish()
        #expect(text == Array("log\nCPF ***.***.***-**\n".utf8))
        #expect(engine.redactAttachment(GzipWriter.compress(Array("nada\n".utf8)), path: []) == .unchanged)
    }

    @Test("a PDF holding a CPF is written again without it; one that cannot be read is not searched")
    func pdfRewritten() {
        let pdf = Array(
            """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
            4 0 obj << /Length 44 >> stream
            BT /F1 12 Tf 72 720 Td (CPF 390.533.447-05) Tj ET
            endstream endobj
            5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
            trailer << /Root 1 0 R >>
            %%EOF
            """.utf8)
        let engine = Self.engine()
        guard case .rewritten(let written, hidden: 1) = engine.redactAttachment(pdf, path: Array("r.pdf".utf8)) else {
            Issue.record("not rewritten")
            return
        }
        #expect(written.starts(with: Array("%PDF-".utf8)))
        let left = try? DocumentReader.countCPFs(inPDF: written, minimumConfidence: .low, limits: .default).get()
        #expect(left == 0)
        guard
            case .notSearched(let reason) = engine.redactAttachment(Array("%PDF-1.4\n".utf8), path: Array("x.pdf".utf8))
        else {
            Issue.record("searched")
            return
        }
        #expect(reason.hasPrefix("attachment x.pdf: PDF: "))
    }
}
