// Tests of TarArchive.swift: headers read as tar and Python's tarfile
// write them (ustar, GNU long names, pax), data never mixed with headers,
// and what readers would not agree on refused.

import CPFDecoders
import Foundation
import Testing

@Suite("TarArchive")
struct TarArchiveTests {
    /// A 512-byte header: ustar (or v7) with `name`, `size`, `type`, and a right checksum.
    static func header(
        _ name: String, size: Int, type: UInt8 = UInt8(ascii: "0"), ustar: Bool = true, mtime: String = "00000000000"
    ) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte }
        }
        put(name, at: 0)
        put("0000644", at: 100)
        put(String(repeating: "0", count: 11 - String(size, radix: 8).count) + String(size, radix: 8), at: 124)
        put(mtime, at: 136)
        block[156] = type
        if ustar { put("ustar\u{0}00", at: 257) }
        put("        ", at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(String(repeating: "0", count: 6 - String(sum, radix: 8).count) + String(sum, radix: 8) + "\u{0} ", at: 148)
        return block
    }

    /// A member: its header and its data padded to whole blocks.
    static func member(_ name: String, _ data: [UInt8], type: UInt8 = UInt8(ascii: "0"), ustar: Bool = true)
        -> [UInt8]
    {
        header(name, size: data.count, type: type, ustar: ustar) + data
            + [UInt8](repeating: 0, count: (512 - data.count % 512) % 512)
    }

    static let end = [UInt8](repeating: 0, count: 1024)

    @Test("knows a tar by its first header: the ustar magic or a v7 header, with its checksum right")
    func detection() {
        #expect(TarArchive.isTar(Self.header("a.txt", size: 3)))
        #expect(TarArchive.isTar(Self.header("a.txt", size: 3, ustar: false)))
        var wrong = Self.header("a.txt", size: 3)
        wrong[0] = UInt8(ascii: "b")
        #expect(!TarArchive.isTar(wrong))
        #expect(!TarArchive.isTar(Array(repeating: UInt8(ascii: " "), count: 512)))
        #expect(!TarArchive.isTar([UInt8](repeating: 0, count: 512)))
        #expect(!TarArchive.isTar(Array("plain text".utf8)))
    }

    @Test("lists the members and reads each one's data, never a header's bytes")
    func readsMembers() throws {
        let text = Array("CPF 390.533.447-05\n".utf8)
        let bytes =
            Self.member("a.txt", text) + Self.header("dir/", size: 0, type: UInt8(ascii: "5"))
            + Self.member("b.bin", [UInt8](repeating: 7, count: 600)) + Self.end
        let archive = try TarArchive(bytes: bytes)
        #expect(archive.members.map { String(decoding: $0.name, as: UTF8.self) } == ["a.txt", "dir/", "b.bin"])
        #expect(archive.members.map(\.hasData) == [true, false, true])
        #expect(archive.members[2].dataStart == 512 * 4)
        var data: [UInt8] = []
        try archive.withContents(of: archive.members[0]) { data += $0 }
        #expect(data == text)
        data = []
        try archive.withContents(of: archive.members[2]) { data += $0 }
        #expect(data == [UInt8](repeating: 7, count: 600))
    }

    @Test("reads what Python's tarfile writes: GNU long names, pax paths and sizes")
    func readsPython() throws {
        for format in ["GNU_FORMAT", "PAX_FORMAT"] {
            let bytes = try python(
                """
                import io, sys, tarfile
                out = io.BytesIO()
                with tarfile.open(fileobj=out, mode='w', format=tarfile.\(format)) as t:
                    for name, data in (('x' * 150 + '/longo.txt', b'CPF 390.533.447-05\\n'), ('b.txt', b'nada')):
                        i = tarfile.TarInfo(name); i.size = len(data); i.uname = 'joão'; t.addfile(i, io.BytesIO(data))
                sys.stdout.buffer.write(out.getvalue())
                """)
            let archive = try TarArchive(bytes: bytes)
            #expect(archive.members.map(\.name) == [Array(("x" * 150 + "/longo.txt").utf8), Array("b.txt".utf8)])
            var data: [UInt8] = []
            try archive.withContents(of: archive.members[0]) { data += $0 }
            #expect(data == Array("CPF 390.533.447-05\n".utf8))
        }
    }

    @Test("keeps a member's pax records other than its path, link path and size, one KEY=VALUE a line")
    func keepsPaxRecords() throws {
        let bytes = try python(
            """
            import io, sys, tarfile
            out = io.BytesIO()
            with tarfile.open(fileobj=out, mode='w', format=tarfile.PAX_FORMAT) as t:
                i = tarfile.TarInfo('x' * 150 + '/a.txt'); i.size = 3; i.uname = 'joão'
                i.pax_headers = {'comment': 'origem 390.533.447-05'}; t.addfile(i, io.BytesIO(b'abc'))
                i = tarfile.TarInfo('b.txt'); i.size = 1; t.addfile(i, io.BytesIO(b'b'))
            sys.stdout.buffer.write(out.getvalue())
            """)
        let archive = try TarArchive(bytes: bytes)
        #expect(archive.members.map(\.records) == [Array("comment=origem 390.533.447-05\nuname=joão\n".utf8), []])
    }

    @Test("refuses a wrong checksum, a size on a directory, data after the end and a truncated member")
    func refuses() {
        var bad = Self.member("a.txt", [1, 2, 3]) + Self.end
        bad[0] = UInt8(ascii: "b")
        #expect(throws: TarError.badChecksum(offset: 0)) { try TarArchive(bytes: bad) }
        let directory = Self.header("d/", size: 5, type: UInt8(ascii: "5")) + Self.end
        #expect(throws: TarError.sizeWithoutData(offset: 0)) { try TarArchive(bytes: directory) }
        let after = Self.member("a.txt", [1]) + Self.end + Array("CPF 390.533.447-05".utf8)
        #expect(throws: TarError.dataAfterEnd(offset: 2048)) { try TarArchive(bytes: after) }
        let cut = Array(Self.member("a.txt", [UInt8](repeating: 1, count: 1000)).prefix(1024))
        #expect(throws: TarError.truncated) { try TarArchive(bytes: cut) }
    }

    @Test("reads a size in base-256 and octal with spaces")
    func numbers() {
        #expect(TarArchive.isTar(Self.header("a", size: 0)))
        var block = Self.header("a", size: 0)
        block[124..<136] = [0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5][...]
        #expect(!TarArchive.isTar(block), "the checksum no longer matches")
    }
}

private func * (text: String, count: Int) -> String { String(repeating: text, count: count) }
