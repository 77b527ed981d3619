// Tests of ZipArchive+Detection.swift: a zip known by its first bytes, or
// by its end record whatever precedes it.

import CPFDecoders
import Testing

@Suite("ZipArchive: detection")
struct ZipArchiveDetectionTests {
    @Test(
        "knows a zip by its first bytes",
        arguments: [
            ([0x50, 0x4B, 0x03, 0x04, 0x14], true),
            ([0x50, 0x4B, 0x05, 0x06], true),
            ([0x50, 0x4B, 0x07, 0x08], false),
            ([0x50, 0x4B, 0x03], false),
            (Array("plain text".utf8), false),
            ([], false),
        ] as [([UInt8], Bool)])
    func detection(prefix: [UInt8], isZip: Bool) {
        #expect(ZipArchive.isZip(prefix) == isZip)
    }

    @Test("knows a zip by its end record, whatever precedes it; a stored zip inside is no second end record")
    func endRecord() throws {
        let member = ZipSamples.Member(name: Array("a.txt".utf8), contents: Array("CPF 390.533.447-05\n".utf8))
        let stub = Array("#!/bin/sh\nexit 0\n".utf8)
        let (sfx, _) = ZipSamples.make([member], prefix: stub)
        #expect(ZipArchive.hasEndRecord(size: UInt64(sfx.count), read: Self.reader(sfx)))
        #expect(!ZipArchive.isZip(sfx))
        #expect(try ZipSamples.open(sfx).firstMemberStart == UInt64(stub.count))
        let text = Array(String(repeating: "PK\u{5}\u{6} não é zip\n", count: 10).utf8)
        #expect(!ZipArchive.hasEndRecord(size: UInt64(text.count), read: Self.reader(text)))
        let (inner, _) = ZipSamples.make([member])
        let (outer, _) = ZipSamples.make([ZipSamples.Member(name: Array("inner.zip".utf8), contents: inner, method: 0)])
        #expect(try ZipSamples.open(outer).entries.count == 1)
    }

    static func reader(_ bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer, UInt64) throws -> Int {
        { buffer, offset in
            guard offset < UInt64(bytes.count) else { return 0 }
            let count = min(buffer.count, bytes.count - Int(offset))
            bytes.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<Int(offset) + count]))
            }
            return count
        }
    }
}
