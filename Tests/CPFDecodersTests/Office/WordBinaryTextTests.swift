// Tests of WordBinaryText.swift on Word streams written here as [MS-DOC]
// lays them out: a FIB naming 1Table, a CLX whose piece table joins a
// compressed (Windows-1252) piece and a UTF-16LE one. Documents LibreOffice
// writes are read end to end (LegacyOfficeEndToEndTests).

import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("WordBinaryText")
struct WordBinaryTextTests {
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A Word document whose text is `compressed` (one byte a character) then `wide` (UTF-16LE).
    static func document(
        compressed: String, wide: String, nFib: UInt16 = 0x00C1, flags: UInt16 = 0x0200, wideCount: Int? = nil
    ) -> [UInt8] {
        var word = [UInt8](repeating: 0, count: 4096)
        word[0] = 0xEC
        word[1] = 0xA5
        word[2] = UInt8(nFib & 0xFF)
        word[3] = UInt8(nFib >> 8)
        word[10] = UInt8(flags & 0xFF)
        word[11] = UInt8(flags >> 8)
        word[32] = 14  // csw
        word[62] = 22  // cslw
        word[152] = 93  // cbRgFcLcb
        let ansi = Array(compressed.unicodeScalars.map { Windows1252.byte(for: $0)! })
        word.replaceSubrange(1024..<1024 + ansi.count, with: ansi)
        let utf16 = CompoundFileBuilder.utf16(wide)
        word.replaceSubrange(2048..<2048 + utf16.count, with: utf16)
        let first = ansi.count
        let second = first + (wideCount ?? utf16.count / 2)
        let plc =
            le32(0) + le32(first) + le32(second)
            + [0, 0] + le32(1024 * 2 | 0x4000_0000) + [0, 0]
            + [0, 0] + le32(2048) + [0, 0]
        let clx: [UInt8] = [0x01, 0x02, 0x00, 0xAA, 0xBB] + [0x02] + le32(plc.count) + plc
        let table = [UInt8](repeating: 0, count: 16) + clx
        word.replaceSubrange(418..<426, with: le32(16) + le32(clx.count))
        return CompoundFileBuilder.build([(["WordDocument"], word), (["1Table"], table)])
    }

    @Test("joins the pieces of the piece table, Windows-1252 and UTF-16LE, into one text")
    func pieces() throws {
        let file = try CompoundFile(Self.document(compressed: "Contrato “CPF” 390.533", wide: ".447-05 ação\r"))
        let part = try WordBinaryText.read(file)
        #expect(part.path == "WordDocument")
        #expect(String(decoding: part.text, as: UTF8.self) == "Contrato “CPF” 390.533.447-05 ação\n")
    }

    @Test("an encrypted document, a Word 6/95 one, and a piece past the stream are errors")
    func refusals() throws {
        let encrypted = try CompoundFile(Self.document(compressed: "a", wide: "b", flags: 0x0300))
        #expect(throws: LegacyOfficeError.encrypted) { try WordBinaryText.read(encrypted) }
        let old = try CompoundFile(Self.document(compressed: "a", wide: "b", nFib: 0x0065))
        #expect(throws: LegacyOfficeError.olderVersion("a Word 6/95 document")) { try WordBinaryText.read(old) }
        let long = try CompoundFile(Self.document(compressed: "a", wide: "b", wideCount: 1100))
        #expect(throws: LegacyOfficeError.self) { try WordBinaryText.read(long) }
        #expect(throws: LegacyOfficeError.textTooLarge(limit: 8)) {
            try WordBinaryText.read(try CompoundFile(Self.document(compressed: "abcdefghij", wide: "b")), limit: 8)
        }
    }
}
