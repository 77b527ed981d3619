import CPFDecoders
import CPFTestSupport
import Foundation
import Testing

@Suite("ZipRewriter")
struct ZipRewriterTests {
    private func rewrite(_ archive: ZipArchive, _ replacements: [Int: [UInt8]]) throws -> [UInt8] {
        var output: [UInt8] = []
        try ZipRewriter.rewrite(archive, replacements: replacements) { output += $0 }
        return output
    }

    private func rawBytes(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try archive.withRawBytes(in: try archive.memberRange(of: entry)) { bytes += $0 }
        return bytes
    }

    /// Every fixture but the stub whose offsets were not adjusted, which
    /// the rewriter adjusts.
    static let unchangedFixtures = ZipSamples.fixtureNames.filter { $0 != "sfx.zip" }

    @Test("gives the archive back byte for byte when nothing is replaced", arguments: unchangedFixtures)
    func identity(name: String) throws {
        let bytes = try ZipSamples.fixture(name)
        #expect(try rewrite(try ZipSamples.open(bytes), [:]) == bytes)
    }

    @Test("adjusts the offsets of a stub prepended without zip -A, as zip -A does")
    func adjustsStub() throws {
        let original = try ZipSamples.open(try ZipSamples.fixture("sfx.zip"))
        let copy = try rewrite(original, [:])
        #expect(copy == (try ZipSamples.fixture("sfx-adjusted.zip")))
        let reopened = try ZipSamples.open(copy)
        #expect(reopened.prefixSize == 0 && reopened.firstMemberStart == original.firstMemberStart)
    }

    @Test(
        "replaces each readable member; unzip -t and Python's testzip pass; the others stay byte for byte",
        arguments: ZipSamples.fixtureNames.filter { $0 != "encrypted.zip" && $0 != "py-empty.zip" })
    func replacesEachMember(name: String) throws {
        let bytes = try ZipSamples.fixture(name)
        let archive = try ZipSamples.open(bytes)
        for (index, entry) in archive.entries.enumerated() where entry.isReadable && !entry.isDirectory {
            let original = try ZipSamples.contents(of: entry, in: archive)
            let replacement = Array("CPF ***.***.***-** substituído\n".utf8) + original.map { $0 == 0x35 ? 0x2A : $0 }
            let copy = try rewrite(archive, [index: replacement])
            let reopened = try ZipSamples.open(copy)
            #expect(reopened.entries.count == archive.entries.count)
            #expect(reopened.comment == archive.comment)
            for (other, (before, after)) in zip(archive.entries, reopened.entries).enumerated() {
                #expect(before.name == after.name)
                #expect(before.modificationDate == after.modificationDate)
                #expect(before.modificationTime == after.modificationTime)
                #expect(before.externalAttributes == after.externalAttributes)
                #expect(before.method == after.method)
                if other == index {
                    #expect(try ZipSamples.contents(of: after, in: reopened) == replacement)
                    #expect(!after.hasDataDescriptor)
                } else {
                    #expect(try rawBytes(reopened, after) == (try rawBytes(archive, before)))
                }
            }
            let python = try ZipSamples.pythonMembers(copy)
            #expect(python.bad == nil)
            #expect(python.members[index].contents == replacement)
            if let unzip = try ZipSamples.unzipTest(copy) {
                #expect(unzip.status == 0, "\(unzip.errors) \(String(decoding: unzip.output, as: UTF8.self))")
            }
        }
    }

    @Test(
        "gives members and the archive new comments, every member's data kept byte for byte",
        arguments: ZipSamples.fixtureNames.filter { $0 != "sfx.zip" })
    func replacesComments(name: String) throws {
        let archive = try ZipSamples.open(try ZipSamples.fixture(name))
        guard !archive.entries.isEmpty else { return }
        let last = archive.entries.count - 1
        var copy: [UInt8] = []
        try ZipRewriter.rewrite(
            archive, replacements: [:], comments: [last: Array("dono ***.***.***-**".utf8)],
            archiveComment: Array("arquivo de ***.***.***-**".utf8)
        ) { copy += $0 }
        let reopened = try ZipSamples.open(copy)
        #expect(reopened.comment == Array("arquivo de ***.***.***-**".utf8))
        #expect(reopened.entries[last].comment == Array("dono ***.***.***-**".utf8))
        for (index, (before, after)) in zip(archive.entries, reopened.entries).enumerated() {
            if index != last { #expect(before.comment == after.comment) }
            #expect(try rawBytes(archive, before) == (try rawBytes(reopened, after)))
        }
    }

    @Test("keeps the extra fields of a replaced member, zip64 sizes updated")
    func keepsExtraFields() throws {
        for name in ["deflated.zip", "py-zip64.zip", "zip64.zip"] {
            let archive = try ZipSamples.open(try ZipSamples.fixture(name))
            let index = try #require(archive.entries.firstIndex { !$0.isDirectory && $0.uncompressedSize > 0 })
            let copy = try ZipSamples.open(try rewrite(archive, [index: Array(repeating: 0x61, count: 70_000)]))
            let before = archive.entries[index]
            let after = copy.entries[index]
            #expect(after.uncompressedSize == 70_000)
            #expect(after.versionMadeBy == before.versionMadeBy)
            #expect(after.comment == before.comment)
            // Every block of the extra field is where it was; a zip64 one
            // holds the new sizes, which Python reads back.
            #expect(extraIDs(after.extraField) == extraIDs(before.extraField))
            // Info-ZIP's -fz puts a zip64 field in the central directory too,
            // Python's force_zip64 only in the local header.
            #expect(extraIDs(before.extraField).contains(1) == (name == "zip64.zip"))
            #expect(try localExtraIDs(copy, after) == (try localExtraIDs(archive, before)))
            #expect(try localExtraIDs(copy, after).contains(1) == (name != "deflated.zip"))
            let python = try ZipSamples.pythonMembers(
                try rewrite(archive, [index: Array(repeating: 0x61, count: 70_000)]))
            #expect(python.members[index].size == 70_000)
            #expect(python.members[index].contents == Array(repeating: 0x61, count: 70_000))
        }
    }

    @Test("refuses to replace an encrypted member or one in a method it cannot write")
    func refuses() throws {
        let encrypted = try ZipSamples.open(try ZipSamples.fixture("encrypted.zip"))
        var output: [UInt8] = []
        #expect(throws: ZipError.encryptedMember) {
            try ZipRewriter.rewrite(encrypted, replacements: [0: []]) { output += $0 }
        }
        #expect(output.isEmpty)
        let data = Array("BZh9".utf8)
        let bzip2 = try ZipSamples.open(
            ZipSamples.make([.init(name: Array("x".utf8), contents: data, method: 12, data: data)]).bytes)
        #expect(throws: ZipError.unsupportedMethod(12)) {
            try ZipRewriter.rewrite(bzip2, replacements: [0: []]) { output += $0 }
        }
        // Unchanged, both are copied.
        let copy = try rewrite(encrypted, [:])
        if let unzip = try ZipSamples.unzipTest(copy, password: "secret") {
            #expect(unzip.status == 0)
        }
        #expect(try rewrite(bzip2, [:]).count > 0)
    }

    @Test("copies members in slices of at most 64 KiB")
    func slices() throws {
        let big = SampleData.random(200_000, seed: 9)
        let archive = try ZipSamples.open(
            ZipSamples.make([
                .init(name: Array("a".utf8), contents: big, method: 0), .init(name: Array("b".utf8), contents: [1]),
            ]).bytes)
        var largest = 0
        try ZipRewriter.rewrite(archive, replacements: [1: [2, 3]]) { largest = max(largest, $0.count) }
        #expect(largest <= 64 << 10)
    }

    @Test("random archives rewritten with random replacements read back as expected", arguments: 0..<40)
    func property(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9)
        var members: [ZipSamples.Member] = []
        for index in 0..<Int.random(in: 0...6, using: &random) {
            let size = [0, 1, 100, 5000, 70_000].randomElement(using: &random)!
            let contents =
                Bool.random(using: &random)
                ? SampleData.random(size, seed: random.next())
                : Array(String(repeating: "CPF 390.533.447-05 ", count: size / 19 + 1).utf8.prefix(size))
            members.append(
                .init(
                    name: Array("m\(index)/é\(index).txt".utf8), contents: contents,
                    method: Bool.random(using: &random) ? 8 : 0,
                    descriptor: ZipSamples.Descriptor.allCases.randomElement(using: &random)!,
                    zip64: Int.random(in: 0..<4, using: &random) == 0, flags: 0x0800,
                    extra: Bool.random(using: &random) ? [0x55, 0x54, 5, 0, 1, 1, 2, 3, 4] : []))
        }
        let prefix = Bool.random(using: &random) ? Array("stub\n".utf8) : []
        let zip64End = Int.random(in: 0..<3, using: &random) == 0
        let comment = Bool.random(using: &random) ? Array("comentário".utf8) : []
        let (bytes, _) = ZipSamples.make(
            members, prefix: prefix, adjustOffsets: Bool.random(using: &random), zip64End: zip64End, comment: comment)
        let archive = try ZipSamples.open(bytes)
        var replacements: [Int: [UInt8]] = [:]
        var expected = members.map(\.contents)
        for index in members.indices where Bool.random(using: &random) {
            let replacement = SampleData.random(Int.random(in: 0...3000, using: &random), seed: random.next())
            replacements[index] = replacement
            expected[index] = replacement
        }
        let copy = try rewrite(archive, replacements)
        #expect(copy.starts(with: prefix))
        let reopened = try ZipSamples.open(copy)
        #expect(reopened.comment == comment)
        #expect(reopened.isZip64 == zip64End)
        #expect(try reopened.entries.map { try ZipSamples.contents(of: $0, in: reopened) } == expected)
        for index in members.indices where replacements[index] == nil {
            #expect(try rawBytes(reopened, reopened.entries[index]) == (try rawBytes(archive, archive.entries[index])))
        }
        if seed % 8 == 0 {
            let python = try ZipSamples.pythonMembers(copy)
            #expect(python.bad == nil)
            #expect(python.members.map(\.contents) == expected)
        }
    }

    /// The header IDs of the blocks of the local header's extra field.
    private func localExtraIDs(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [UInt16] {
        let raw = try rawBytes(archive, entry)
        let nameLength = Int(raw[26]) | Int(raw[27]) << 8
        let extraLength = Int(raw[28]) | Int(raw[29]) << 8
        return extraIDs(Array(raw[30 + nameLength..<30 + nameLength + extraLength]))
    }

    private func extraIDs(_ extra: [UInt8]) -> [UInt16] {
        var ids: [UInt16] = []
        var index = 0
        while index + 4 <= extra.count {
            ids.append(UInt16(extra[index]) | UInt16(extra[index + 1]) << 8)
            index += 4 + (Int(extra[index + 2]) | Int(extra[index + 3]) << 8)
        }
        return ids
    }
}
