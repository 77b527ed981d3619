import CPFDecoders
import Foundation
import Testing

@Suite("ZipArchive")
struct ZipArchiveTests {
    @Test("refuses a second end record, in the comment or appended, that readers would take for the archive's")
    func ambiguousEndRecord() throws {
        let member = ZipSamples.Member(name: Array("a.txt".utf8), contents: Array("CPF 390.533.447-05\n".utf8))
        let empty: [UInt8] = [0x50, 0x4B, 5, 6] + [UInt8](repeating: 0, count: 18)
        let (inComment, _) = ZipSamples.make([member], comment: empty)
        #expect(throws: ZipError.ambiguousEndRecord) { try ZipSamples.open(inComment) }
        let (plain, _) = ZipSamples.make([member])
        #expect(throws: ZipError.ambiguousEndRecord) { try ZipSamples.open(plain + empty) }
        #expect(ZipError.ambiguousEndRecord.description == "more than one end of central directory record")
    }

    @Test("lists and reads every fixture as Python's zipfile does", arguments: ZipSamples.fixtureNames)
    func readsAsPythonDoes(name: String) throws {
        let bytes = try ZipSamples.fixture(name)
        let archive = try ZipSamples.open(bytes)
        let python = try ZipSamples.pythonMembers(bytes)
        #expect(archive.entries.count == python.members.count)
        for (entry, member) in zip(archive.entries, python.members) {
            #expect(entry.name == member.name)
            #expect(entry.generalPurposeFlags == member.flags)
            #expect(entry.method == member.method)
            #expect(entry.crc32 == member.crc)
            #expect(entry.compressedSize == member.compressedSize)
            #expect(entry.uncompressedSize == member.size)
            #expect(entry.localHeaderOffset + archive.prefixSize == member.offset)
            #expect(entry.isEncrypted == (member.contents == nil))
            if let contents = member.contents {
                #expect(try ZipSamples.contents(of: entry, in: archive) == contents)
            } else {
                #expect(throws: ZipError.encryptedMember) {
                    try archive.withContents(of: entry, limits: .default) { _ in Issue.record("body called") }
                }
            }
        }
    }

    @Test(
        "reads the forms the tools wrote",
        arguments: [
            ("zip64.zip", true, false), ("py-zip64.zip", true, false), ("stream.zip", false, true),
            ("stream64.zip", true, true), ("py-stream.zip", false, true), ("py-stream64.zip", true, true),
            ("deflated.zip", false, false),
        ])
    func forms(name: String, zip64: Bool, descriptors: Bool) throws {
        let archive = try ZipSamples.open(try ZipSamples.fixture(name))
        let anyWide = archive.isZip64 || archive.entries.contains { $0.versionNeeded >= 45 }
        #expect(anyWide == zip64)
        #expect(archive.entries.contains(where: \.hasDataDescriptor) == descriptors)
        for entry in archive.entries {
            let range = try archive.memberRange(of: entry)
            #expect(range.lowerBound == entry.localHeaderOffset + archive.prefixSize)
        }
    }

    @Test("keeps UTF-8 names flagged and other names as their bytes")
    func names() throws {
        let python = try ZipSamples.open(try ZipSamples.fixture("py-stream.zip"))
        let utf8 = try #require(python.entries.first { $0.isUTF8 })
        #expect(String(decoding: utf8.name, as: UTF8.self) == "ação/relatório.txt")
        let latin = try ZipSamples.open(try ZipSamples.fixture("latin1-name.zip"))
        #expect(latin.entries.map(\.name) == [Array("latin/a".utf8) + [0xE7, 0xE3] + Array("o.txt".utf8)])
        #expect(!latin.entries[0].isUTF8)
        #expect(try ZipSamples.contents(of: latin.entries[0], in: latin) == Array("CPF 390.533.447-05\n".utf8))
    }

    @Test("finds a prepended stub, with offsets adjusted or not, and the comment")
    func stubAndComment() throws {
        let stub = Array("#!/bin/sh\necho \"self-extracting stub\"\nexit 0\n".utf8)
        let plain = try ZipSamples.open(try ZipSamples.fixture("comment.zip"))
        #expect(plain.comment == Array("Arquivo de teste com comentario".utf8))
        #expect(plain.prefixSize == 0 && plain.firstMemberStart == 0)
        let sfx = try ZipSamples.open(try ZipSamples.fixture("sfx.zip"))
        #expect(sfx.prefixSize == UInt64(stub.count) && sfx.firstMemberStart == UInt64(stub.count))
        let adjusted = try ZipSamples.open(try ZipSamples.fixture("sfx-adjusted.zip"))
        #expect(adjusted.prefixSize == 0 && adjusted.firstMemberStart == UInt64(stub.count))
        for archive in [sfx, adjusted] {
            #expect(archive.comment == plain.comment)
            #expect(
                try archive.entries.map { try ZipSamples.contents(of: $0, in: archive) }
                    == plain.entries.map { try ZipSamples.contents(of: $0, in: plain) })
        }
    }

    @Test("reads an empty archive and a zip inside a zip")
    func emptyAndNested() throws {
        let empty = try ZipSamples.open(try ZipSamples.fixture("py-empty.zip"))
        #expect(empty.entries.isEmpty)
        #expect(ZipArchive.isZip(try ZipSamples.fixture("py-empty.zip")))
        let outer = try ZipSamples.open(try ZipSamples.fixture("nested.zip"))
        let innerEntry = try #require(outer.entries.first { $0.name == Array("inner.zip".utf8) })
        let innerBytes = try ZipSamples.contents(of: innerEntry, in: outer)
        #expect(ZipArchive.isZip(innerBytes))
        let inner = try ZipSamples.open(innerBytes)
        #expect(
            try ZipSamples.contents(of: inner.entries[0], in: inner) == Array("Cadastro: CPF 390.533.447-05\n".utf8)
                + Array("Outro: 616.676.668-00\n".utf8))
    }

    @Test(
        "reads data descriptors in all four forms, and zip64 fields",
        arguments: ZipSamples.Descriptor.allCases, [false, true])
    func descriptors(descriptor: ZipSamples.Descriptor, zip64: Bool) throws {
        let contents = SampleData.random(3000, seed: 7) + Array(repeating: 0x41, count: 5000)
        let members = [
            ZipSamples.Member(
                name: Array("a.bin".utf8), contents: contents, method: 8, descriptor: descriptor, zip64: zip64),
            ZipSamples.Member(
                name: Array("b.txt".utf8), contents: Array("texto\n".utf8), method: 0, descriptor: descriptor),
        ]
        let (bytes, ranges) = ZipSamples.make(members, zip64End: zip64)
        let archive = try ZipSamples.open(bytes)
        #expect(archive.isZip64 == zip64)
        #expect(try ZipSamples.contents(of: archive.entries[0], in: archive) == contents)
        #expect(try ZipSamples.contents(of: archive.entries[1], in: archive) == Array("texto\n".utf8))
        #expect(
            try archive.entries.map { try archive.memberRange(of: $0) }
                == ranges.map { UInt64($0.lowerBound)..<UInt64($0.upperBound) })
        let python = try ZipSamples.pythonMembers(bytes)
        #expect(python.members.map(\.contents) == [contents, Array("texto\n".utf8)])
    }

    @Test("streams members in slices of at most 64 KiB of input")
    func slices() throws {
        let big = SampleData.random(300_000, seed: 3)
        let (bytes, _) = ZipSamples.make([
            .init(name: Array("s".utf8), contents: big, method: 0),
            .init(name: Array("d".utf8), contents: big, method: 8),
        ])
        var largestRead = 0
        let archive = try ZipArchive(size: UInt64(bytes.count)) { buffer, offset in
            largestRead = max(largestRead, buffer.count)
            let start = Int(offset)
            let count = min(buffer.count, bytes.count - start)
            buffer.copyBytes(from: bytes[start..<start + count])
            return count
        }
        largestRead = 0
        for entry in archive.entries {
            var pieces = 0
            var read: [UInt8] = []
            try archive.withContents(of: entry, limits: .default) {
                pieces += 1
                read += $0
            }
            #expect(read == big)
            #expect(pieces > 1)
        }
        #expect(largestRead <= 64 << 10)
    }

    @Test("reads through a closure that returns a few bytes at a time, and passes on its errors")
    func shortReads() throws {
        struct ReadFailure: Error, Equatable {}
        let bytes = try ZipSamples.fixture("py-zip64.zip")
        var failing = false
        let archive = try ZipArchive(size: UInt64(bytes.count)) { buffer, offset in
            if failing { throw ReadFailure() }
            let start = Int(offset)
            let count = min(buffer.count, bytes.count - start, 7)
            buffer.copyBytes(from: bytes[start..<start + count])
            return count
        }
        let reference = try ZipSamples.open(bytes)
        #expect(archive.entries == reference.entries)
        for (entry, expected) in zip(archive.entries, reference.entries) {
            #expect(
                try ZipSamples.contents(of: entry, in: archive)
                    == (try ZipSamples.contents(of: expected, in: reference)))
        }
        failing = true
        #expect(throws: ReadFailure()) { _ = try ZipSamples.contents(of: archive.entries[0], in: archive) }
        // A closure that finds the end early: the archive is truncated.
        #expect(throws: ZipError.truncated) {
            _ = try ZipArchive(size: UInt64(bytes.count) + 10) { buffer, offset in
                guard offset < UInt64(bytes.count) else { return 0 }
                let start = Int(offset)
                let count = min(buffer.count, bytes.count - start)
                buffer.copyBytes(from: bytes[start..<start + count])
                return count
            }
        }
    }

    @Test("stops a bomb at its limits")
    func bomb() throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let (bytes, _) = ZipSamples.make([.init(name: Array("z".utf8), contents: zeros, method: 8)])
        let archive = try ZipSamples.open(bytes)
        let limits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 100, ratioAllowance: 64 << 10)
        #expect(throws: DecompressionLimitError.self) {
            try archive.withContents(of: archive.entries[0], limits: limits) { _ in }
        }
        let stored = try ZipSamples.open(
            ZipSamples.make([.init(name: Array("z".utf8), contents: zeros, method: 0)]).bytes)
        #expect(throws: DecompressionLimitError.outputTooLarge(limit: 1 << 20)) {
            try stored.withContents(of: stored.entries[0], limits: limits) { _ in }
        }
    }

    @Test("refuses members that overlap, the overlapping-file bomb")
    func overlap() throws {
        var (bytes, _) = ZipSamples.make([
            .init(name: Array("a".utf8), contents: Array(repeating: 0, count: 1000)),
            .init(name: Array("b".utf8), contents: Array(repeating: 0, count: 1000)),
        ])
        // Point the second central record at the first member's header.
        let second = try #require(lastIndex(of: [0x50, 0x4B, 0x01, 0x02], in: bytes))
        bytes.replaceSubrange(second + 42..<second + 46, with: [0, 0, 0, 0])
        #expect(throws: ZipError.overlappingMembers(offset: 0)) { try ZipSamples.open(bytes) }
    }

    @Test("refuses archives split over disks, and end records that disagree with the directory")
    func endRecords() throws {
        let bytes = try ZipSamples.fixture("deflated.zip")
        let end = bytes.count - 22
        var split = bytes
        split[end + 4] = 1  // number of this disk
        #expect(throws: ZipError.multipleDisks) { try ZipSamples.open(split) }
        var miscounted = bytes
        miscounted[end + 10] &+= 1  // total number of entries
        miscounted[end + 8] &+= 1  // and on this disk
        #expect(throws: ZipError.damagedCentralDirectory(offset: 912)) { try ZipSamples.open(miscounted) }
        var tooLong = bytes
        tooLong[end + 13] = 0x10  // directory size (4,333) past the start of the file
        #expect(throws: ZipError.damagedCentralDirectory(offset: UInt64(end))) { try ZipSamples.open(tooLong) }
        // A member whose data would run into the central directory.
        var (generated, _) = ZipSamples.make([.init(name: Array("a".utf8), contents: Array("abc".utf8), method: 0)])
        let record = generated.count - 22 - 47
        generated[record + 20] = 200  // compressed size
        #expect(throws: ZipError.overlappingMembers(offset: 0)) { try ZipSamples.open(generated) }
    }

    @Test("refuses a central directory over the limit")
    func directoryLimit() throws {
        let bytes = try ZipSamples.fixture("deflated.zip")
        #expect(throws: ZipError.centralDirectoryTooLarge(limit: 100)) {
            try ZipSamples.open(bytes, maximumCentralDirectorySize: 100)
        }
    }

    @Test("lists but does not read other methods")
    func unsupportedMethod() throws {
        let data = Array("BZh91AY&SY".utf8)
        let (bytes, _) = ZipSamples.make([
            .init(name: Array("x.bz2".utf8), contents: data, method: 12, data: data),
            .init(name: Array("aes".utf8), contents: data, method: 99, data: data),
        ])
        let archive = try ZipSamples.open(bytes)
        #expect(archive.entries.map(\.isReadable) == [false, false])
        #expect(archive.entries[1].isEncrypted)
        #expect(throws: ZipError.unsupportedMethod(12)) {
            try archive.withContents(of: archive.entries[0], limits: .default) { _ in Issue.record("body called") }
        }
        #expect(throws: ZipError.encryptedMember) {
            try archive.withContents(of: archive.entries[1], limits: .default) { _ in Issue.record("body called") }
        }
    }

    @Test("finds a wrong CRC, a local header that disagrees, and damaged DEFLATE data")
    func damage() throws {
        let contents = Array("CPF 390.533.447-05\n".utf8)
        let dataStart = 30 + 5
        for descriptor in [ZipSamples.Descriptor.none, .signed32] {
            var bytes = ZipSamples.make([
                .init(name: Array("a.txt".utf8), contents: contents, method: 0, descriptor: descriptor)
            ]).bytes
            bytes[dataStart + 4] ^= 1
            let archive = try ZipSamples.open(bytes)
            let computed = CRC32.checksum(of: bytes[dataStart..<dataStart + contents.count])
            #expect(throws: ZipError.crcMismatch(stored: CRC32.checksum(of: contents), computed: computed)) {
                _ = try ZipSamples.contents(of: archive.entries[0], in: archive)
            }
        }
        // The local header's CRC no longer the central directory's.
        var header = ZipSamples.make([.init(name: Array("a.txt".utf8), contents: contents, method: 0)]).bytes
        header[14] ^= 1
        let mismatched = try ZipSamples.open(header)
        #expect(throws: ZipError.localHeaderMismatch(offset: 0)) {
            _ = try ZipSamples.contents(of: mismatched.entries[0], in: mismatched)
        }
        #expect(throws: ZipError.localHeaderMismatch(offset: 0)) {
            _ = try mismatched.memberRange(of: mismatched.entries[0])
        }
        // A deflated member with its stream damaged.
        var cut = ZipSamples.make([
            .init(name: Array("b".utf8), contents: SampleData.random(2000, seed: 1), method: 8)
        ]).bytes
        for index in 31 + 10..<31 + 40 { cut[index] = 0xFF }
        let broken = try ZipSamples.open(cut)
        #expect(throws: (any Error).self) { _ = try ZipSamples.contents(of: broken.entries[0], in: broken) }
    }

    @Test("refuses data left after the end of a member's DEFLATE stream, unread")
    func dataAfterStream() throws {
        let contents = Array("CPF 390.533.447-05\n".utf8)
        let stream = ZipSamples.deflated(contents)
        let junk = [UInt8](repeating: 0x41, count: 200_000)
        let archive = try ZipSamples.open(
            ZipSamples.make([.init(name: Array("a".utf8), contents: contents, method: 8, data: stream + junk)]).bytes)
        var read: [UInt8] = []
        #expect(throws: ZipError.sizeMismatch(stored: UInt64(stream.count + junk.count), actual: UInt64(stream.count)))
        {
            try archive.withContents(of: archive.entries[0], limits: .default) { read += $0 }
        }
        #expect(read == contents)
    }

    @Test("throws, never traps, on truncated archives", arguments: ["deflated.zip", "py-zip64.zip", "stream64.zip"])
    func truncated(name: String) throws {
        let bytes = try ZipSamples.fixture(name)
        for count in stride(from: 0, to: bytes.count, by: 7) {
            readEverything(Array(bytes[..<count]))
            readEverything(Array(bytes[(bytes.count - count)...]))
        }
        #expect(throws: ZipError.notZip) { try ZipSamples.open(Array(bytes.prefix(30))) }
    }

    @Test("throws, never traps, on random bytes and random damage")
    func randomDamage() throws {
        var random = SeededRandom(seed: 24)
        for name in ZipSamples.fixtureNames {
            let bytes = try ZipSamples.fixture(name)
            for _ in 0..<60 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(
                        in: 0...255, using: &random)
                }
                readEverything(damaged)
            }
        }
        for seed in 0..<200 {
            var noise = SampleData.random(Int(seed) * 3, seed: UInt64(seed))
            noise += [0x50, 0x4B, 0x05, 0x06] + SampleData.random(18, seed: UInt64(seed) + 1000)
            readEverything(noise)
        }
        #expect(throws: ZipError.notZip) { try ZipSamples.open(SampleData.random(5000, seed: 5)) }
    }

    /// Opens, lists and reads every member of `bytes`, which may fail but not trap.
    private func readEverything(_ bytes: [UInt8]) {
        guard let archive = try? ZipSamples.open(bytes, maximumCentralDirectorySize: 1 << 20) else { return }
        let limits = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 1100, ratioAllowance: 1 << 16)
        for entry in archive.entries {
            _ = try? archive.memberRange(of: entry)
            try? archive.withContents(of: entry, limits: limits) { _ in }
        }
    }

    private func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
            bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
        }
    }
}
