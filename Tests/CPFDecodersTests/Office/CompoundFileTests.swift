// Tests of CompoundFile.swift: streams read back from files the tests'
// CompoundFileBuilder writes (cross-checked with Python's olefile where it
// is installed), and damaged files: loops, sectors past the end, truncated
// and randomly damaged files are errors, never a crash or a hang.

import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("CompoundFile")
struct CompoundFileTests {
    static let small = Array("CPF 390.533.447-05".utf8)
    static let large = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    static let streams: [(path: [String], data: [UInt8])] = [
        (["WordDocument"], large),
        (["1Table"], small),
        (["ObjectPool", "_1", "\u{01}Ole"], Array(repeating: 7, count: 20)),
        (["Empty"], []),
    ]

    @Test("knows a compound file by its signature")
    func detection() {
        #expect(CompoundFile.isCompoundFile([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0x00]))
        #expect(!CompoundFile.isCompoundFile([0xD0, 0xCF, 0x11, 0xE0]))
        #expect(!CompoundFile.isCompoundFile(Array("PK\u{03}\u{04}".utf8)))
    }

    @Test("reads every stream back, in the mini stream or in sectors, under the storages of its path")
    func streamsReadBack() throws {
        let file = try CompoundFile(CompoundFileBuilder.build(Self.streams))
        #expect(
            file.entries.map { $0.path.joined(separator: "/") } == [
                "Empty", "1Table", "ObjectPool", "ObjectPool/_1", "ObjectPool/_1/\u{01}Ole", "WordDocument",
            ])
        for (path, data) in Self.streams {
            let entry = try #require(file.entry(named: path.joined(separator: "/")))
            #expect(entry.kind == .stream)
            #expect(try file.contents(of: entry) == data)
        }
        #expect(file.entry(named: "ObjectPool")?.kind == .storage)
    }

    static let python: String? = {
        let path =
            ProcessInfo.processInfo.environment["CPF_DOCS_PYTHON"]
            ?? "\(ProcessInfo.processInfo.environment["HOME"] ?? "/root")/.cache/cpf-ci/venv-docs/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    @Test("olefile reads the streams the builder writes, as CompoundFile does", .enabled(if: python != nil))
    func olefileAgrees() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("t.bin", Data(CompoundFileBuilder.build(Self.streams)))
        let result = runShell(
            #"""
            '\#(Self.python!)' -c "
            import olefile, hashlib
            o = olefile.OleFileIO('\#(path)')
            for e in sorted(o.listdir(streams=True, storages=False)):
                print('/'.join(e), hashlib.sha256(o.openstream(e).read()).hexdigest()[:16])
            "
            """#)
        let file = try CompoundFile(CompoundFileBuilder.build(Self.streams))
        var ours: [String] = []
        for entry in file.entries where entry.kind == .stream {
            let script = "import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest()[:16])"
            let digest = runShell("'\(Self.python!)' -c '\(script)'", stdin: Data(try file.contents(of: entry)))
            ours.append(entry.path.joined(separator: "/") + " " + outputLines(digest.stdout).joined())
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(outputLines(result.stdout).sorted() == ours.sorted())
    }

    @Test("a file without the signature, or with a header it does not allow, is an error")
    func damagedHeaders() throws {
        #expect(throws: CompoundFileError.notCompoundFile) { try CompoundFile(Array("plain text".utf8)) }
        var bytes = CompoundFileBuilder.build(Self.streams)
        bytes[30] = 10  // sectors of 1,024 bytes in version 3
        #expect(throws: CompoundFileError.damagedHeader("version 3 with sectors of 2^10 bytes")) {
            try CompoundFile(bytes)
        }
    }

    @Test("a chain that loops and a sector past the end of the file are errors that name the chain")
    func damagedChains() throws {
        var bytes = CompoundFileBuilder.build(Self.streams)
        let fat = (Int(CompoundFile.u32(bytes, 76)) + 1) * 512
        // WordDocument starts at sector 0: its next sector is itself.
        bytes.replaceSubrange(fat..<fat + 4, with: [0, 0, 0, 0])
        let looping = try CompoundFile(bytes)
        let entry = try #require(looping.entry(named: "WordDocument"))
        #expect(throws: CompoundFileError.chainLoop(chain: "stream WordDocument")) { try looping.contents(of: entry) }
        bytes.replaceSubrange(fat..<fat + 4, with: [0x00, 0x10, 0, 0])
        let far = try CompoundFile(bytes)
        #expect(throws: CompoundFileError.badSector(0x1000, chain: "stream WordDocument")) {
            try far.contents(of: entry)
        }
        let truncated = Array(CompoundFileBuilder.build(Self.streams).prefix(2048))
        #expect(throws: CompoundFileError.self) { try CompoundFile(truncated) }
    }

    @Test("errors read as sentences")
    func descriptions() {
        #expect(
            "\(CompoundFileError.sectorPastEnd(70, chain: "the FAT"))"
                == "compound file: sector 70 of the FAT is past the end of the file")
        #expect(
            "\(CompoundFileError.chainLoop(chain: "the DIFAT"))"
                == "compound file: the chain of sectors of the DIFAT loops")
    }

    @Test("random damage and truncation never crash or hang: every stream is read or an error thrown")
    func randomDamage() {
        let message = CompoundFileBuilder.message(
            properties: [("0037001F", CompoundFileBuilder.utf16("CPF 390.533.447-05"))],
            attachments: [("a.txt", Self.large)])
        let originals = [CompoundFileBuilder.build(Self.streams), message]
        var random = SeededGenerator(seed: 38)
        for round in 0..<1500 {
            var bytes = originals[round % 2]
            if round % 3 == 0 {
                bytes.removeLast(Int.random(in: 0..<bytes.count - 8, using: &random))
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    // The header, the tables and the directory are where damage matters.
                    let index = Int.random(in: 8..<min(bytes.count, 4096), using: &random)
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
            }
            guard let file = try? CompoundFile(bytes) else { continue }
            for entry in file.entries { _ = try? file.contents(of: entry) }
            for kind in LegacyOfficeKind.allCases { _ = try? LegacyOfficeText(file, kind: kind) }
        }
    }
}
