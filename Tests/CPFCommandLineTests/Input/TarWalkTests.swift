// Tests of Input/TarWalk.swift: a tar archive's members walked once for
// find and redact alike, each header handed over before its data, each
// member with what it is; archives nested too deep and members whose
// reading throws named as failures.

import CPFDecoders
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("TarWalk")
struct TarWalkTests {
    /// A ustar archive of regular files (`type` `0`) or directories (`5`), and its two zero blocks.
    static func tar(_ members: [(name: String, data: [UInt8], type: UInt8)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for member in members {
            var header = [UInt8](repeating: 0, count: 512)
            func put(_ offset: Int, _ field: String) {
                header.replaceSubrange(offset..<offset + field.utf8.count, with: Array(field.utf8))
            }
            put(0, member.name)
            let size = String(member.data.count, radix: 8)
            for (offset, field) in [
                (100, "0000644\0"), (108, "0000000\0"), (116, "0000000\0"),
                (124, String(repeating: "0", count: 11 - size.count) + size + "\0"), (136, "00000000000\0"),
                (148, "        "), (257, "ustar\0"), (263, "00"),
            ] {
                put(offset, field)
            }
            header[156] = member.type
            let checksum = String(header.reduce(0) { $0 + Int($1) }, radix: 8)
            put(148, String(repeating: "0", count: 6 - checksum.count) + checksum + "\0 ")
            bytes += header + member.data
            bytes += [UInt8](repeating: 0, count: (512 - member.data.count % 512) % 512)
        }
        return bytes + [UInt8](repeating: 0, count: 1024)
    }

    /// The steps of a walk over `bytes`, in words; `visit` may throw for a member.
    static func steps(
        _ bytes: [UInt8], depth: Int = 1, visit: (TarWalk.Member) throws -> Void = { _ in }
    ) throws -> [String] {
        var steps: [String] = []
        try TarWalk(TarArchive(bytes: bytes), path: Array("a.tar!".utf8), depth: depth).visit { step in
            switch step {
            case .header(let header): steps.append("header \(String(decoding: header.path, as: UTF8.self))")
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

    @Test("each header before its data, a directory's too; each member with its kind")
    func order() throws {
        let inner = Self.tar([("b.txt", Self.text, UInt8(ascii: "0"))])
        let bytes = Self.tar([
            ("docs/", [], UInt8(ascii: "5")), ("docs/a.txt", Self.text, UInt8(ascii: "0")),
            ("b.gz", GzipWriter.compress(Self.text), UInt8(ascii: "0")), ("c.tar", inner, UInt8(ascii: "0")),
        ])
        #expect(
            try Self.steps(bytes) == [
                "header a.tar!docs/", "header a.tar!docs/a.txt", "member a.tar!docs/a.txt: plain",
                "header a.tar!b.gz", "member a.tar!b.gz: encoded", "header a.tar!c.tar",
                "member a.tar!c.tar: archive(CPFCommandLine.DocumentFormat.tar)",
            ])
        #expect(
            try Self.steps(bytes, depth: DocumentReader.maximumDepth).suffix(2) == [
                "header a.tar!c.tar", "failure a.tar!c.tar: an archive nested more than 3 deep",
            ])
    }

    @Test("an error thrown for a member is its failure and the walk goes on; the document's budget stops it")
    func failures() throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "unreadable" }
        }
        let bytes = Self.tar([("a.txt", Self.text, UInt8(ascii: "0")), ("b.txt", Self.text, UInt8(ascii: "0"))])
        #expect(
            try Self.steps(bytes) { _ in throw Unreadable() } == [
                "header a.tar!a.txt", "member a.tar!a.txt: plain", "failure a.tar!a.txt: unreadable",
                "header a.tar!b.txt", "member a.tar!b.txt: plain", "failure a.tar!b.txt: unreadable",
            ])
        #expect(throws: DocumentReader.BudgetExceeded.self) {
            try Self.steps(bytes) { _ in throw DocumentReader.BudgetExceeded(reason: "limit") }
        }
    }
}
