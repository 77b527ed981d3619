// Tests of Input/ZipWalk.swift: a zip archive's members walked once for
// find and redact alike, each with what it is; encrypted members, archives
// nested too deep and members whose reading throws named as failures.

import CPFDecoders
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ZipWalk")
struct ZipWalkTests {
    /// A member of ``zip(_:comment:)``: stored, its name ending in `/` for a directory.
    struct Entry {
        var name: String
        var data: [UInt8] = []
        var comment = ""
        var encrypted = false
    }

    /// A zip archive of stored members (APPNOTE 4.3), little-endian.
    static func zip(_ entries: [Entry], comment: String = "") -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        var locals: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            var crc = CRC32()
            crc.update(entry.data)
            let name = Array(entry.name.utf8)
            let note = Array(entry.comment.utf8)
            // Version, flags (bit 0: encrypted), method (stored), time, date, CRC-32, sizes, name length, extra length.
            let fields =
                le16(10) + le16(entry.encrypted ? 1 : 0) + le16(0) + le16(0) + le16(0) + le32(Int(crc.value))
                + le32(entry.data.count) + le32(entry.data.count) + le16(name.count) + le16(0)
            central +=
                [0x50, 0x4B, 0x01, 0x02] + le16(20) + fields + le16(note.count) + le16(0) + le16(0) + le32(0)
                + le32(locals.count) + name + note
            locals += [0x50, 0x4B, 0x03, 0x04] + fields + name + entry.data
        }
        let note = Array(comment.utf8)
        let end =
            [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
            + le32(central.count) + le32(locals.count) + le16(note.count) + note
        return locals + central + end
    }

    /// The steps of a walk over `bytes`, in words; `visit` may throw for a member.
    static func steps(
        _ bytes: [UInt8], depth: Int = 1, visit: (ZipWalk.Member) throws -> Void = { _ in }
    ) throws -> [String] {
        let archive = try ZipArchive(size: UInt64(bytes.count), read: DocumentReader.reader(of: bytes))
        var steps: [String] = []
        try ZipWalk(archive, path: Array("a.zip!".utf8), depth: depth, limits: .default).visit { step in
            switch step {
            case .comment(let comment): steps.append("comment \(String(decoding: comment, as: UTF8.self))")
            case .entry(let entry):
                let comment = entry.comment.isEmpty ? "" : " (\(String(decoding: entry.comment, as: UTF8.self)))"
                steps.append("entry \(entry.index) \(String(decoding: entry.path, as: UTF8.self))\(comment)")
            case .member(let member):
                steps.append("member \(String(decoding: member.path, as: UTF8.self)): \(member.kind)")
                try visit(member)
            case .failure(let failure):
                steps.append("failure \(String(decoding: failure.path, as: UTF8.self)): \(failure.reason)")
            }
        }
        return steps
    }

    static let text = Array("CPF 390.533.447-05\n".utf8)

    @Test("the archive's comment, then each entry (a directory too) before its member, each member with its kind")
    func order() throws {
        let bytes = Self.zip(
            [
                Entry(name: "docs/"), Entry(name: "docs/a.txt", data: Self.text, comment: "nota"),
                Entry(name: "b.txt.gz", data: GzipWriter.compress(Self.text)),
                Entry(name: "c.zip", data: InputFormatTests.zip(Self.text)),
                Entry(name: "d.txt", data: Self.text, encrypted: true),
            ], comment: "arquivo")
        #expect(
            try Self.steps(bytes) == [
                "comment arquivo", "entry 0 a.zip!docs/", "entry 1 a.zip!docs/a.txt (nota)",
                "member a.zip!docs/a.txt: plain", "entry 2 a.zip!b.txt.gz", "member a.zip!b.txt.gz: encoded",
                "entry 3 a.zip!c.zip", "member a.zip!c.zip: archive(CPFCommandLine.DocumentFormat.zip)",
                "entry 4 a.zip!d.txt", "failure a.zip!d.txt: encrypted member",
            ])
    }

    @Test("an archive nested at the deepest level is a failure, never handed over")
    func tooDeep() throws {
        let bytes = Self.zip([Entry(name: "c.zip", data: InputFormatTests.zip(Self.text))])
        #expect(
            try Self.steps(bytes, depth: DocumentReader.maximumDepth) == [
                "comment ", "entry 0 a.zip!c.zip", "failure a.zip!c.zip: an archive nested more than 3 deep",
            ])
    }

    @Test("an Office document's text part is told by its name, its bytes not read; its other XML is swept")
    func office() throws {
        let bytes = Self.zip([
            Entry(name: "[Content_Types].xml", data: Array("<?xml version=\"1.0\"?><Types/>".utf8)),
            Entry(name: "word/document.xml", data: Array("<?xml version=\"1.0\"?><w:document/>".utf8)),
            Entry(name: "word/notes.txt", data: Self.text),
        ])
        var heads: [[UInt8]] = []
        let steps = try Self.steps(bytes) { heads.append($0.head) }
        #expect(
            steps == [
                "comment ", "entry 0 a.zip![Content_Types].xml", "member a.zip![Content_Types].xml: officeXML",
                "entry 1 a.zip!word/document.xml",
                "member a.zip!word/document.xml: officeText(docx)",
                "entry 2 a.zip!word/notes.txt", "member a.zip!word/notes.txt: plain",
            ])
        #expect(heads.map(\.isEmpty) == [false, true, false])
    }

    @Test("an error thrown for a member is its failure and the walk goes on; the document's budget stops it")
    func failures() throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "unreadable" }
        }
        let bytes = Self.zip([Entry(name: "a.txt", data: Self.text), Entry(name: "b.txt", data: Self.text)])
        #expect(
            try Self.steps(bytes) { _ in throw Unreadable() } == [
                "comment ", "entry 0 a.zip!a.txt", "member a.zip!a.txt: plain", "failure a.zip!a.txt: unreadable",
                "entry 1 a.zip!b.txt", "member a.zip!b.txt: plain", "failure a.zip!b.txt: unreadable",
            ])
        #expect(throws: DocumentReader.BudgetExceeded.self) {
            try Self.steps(bytes) { _ in throw DocumentReader.BudgetExceeded(reason: "limit") }
        }
    }
}
