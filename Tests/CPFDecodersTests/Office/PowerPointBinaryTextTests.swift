// Tests of PowerPointBinaryText.swift on records written here as [MS-PPT]
// lays them out: text atoms inside containers, and damaged or encrypted
// streams. Presentations LibreOffice writes are read end to end
// (LegacyOfficeEndToEndTests).

import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("PowerPointBinaryText")
struct PowerPointBinaryTextTests {
    static func record(_ type: UInt16, _ data: [UInt8], container: Bool = false) -> [UInt8] {
        [container ? 0x0F : 0x00, 0x00, UInt8(type & 0xFF), UInt8(type >> 8)]
            + (0..<4).map { UInt8(truncatingIfNeeded: data.count >> (8 * $0)) } + data
    }

    static func presentation(_ stream: [UInt8]) throws -> CompoundFile {
        try CompoundFile(CompoundFileBuilder.build([(["PowerPoint Document"], stream), (["Current User"], [0])]))
    }

    @Test("reads every text atom and CString, in containers too, one a line")
    func atoms() throws {
        let slide = Self.record(
            0x03EE,
            Self.record(0x0FA0, CompoundFileBuilder.utf16("Titular 390.533.447-05\rfim"))
                + Self.record(0x0FA8, Array("Dependente 529.982.247-25".utf8)), container: true)
        let stream = Self.record(
            0x03E8, slide + Self.record(0x0FBA, CompoundFileBuilder.utf16("Ação")), container: true)
        let part = try PowerPointBinaryText.read(try Self.presentation(stream))
        #expect(
            String(decoding: part.text, as: UTF8.self)
                == "Titular 390.533.447-05\nfim\nDependente 529.982.247-25\nAção\n")
    }

    @Test("a record past its container and an encrypted presentation are errors")
    func refusals() throws {
        var damaged = Self.record(0x03E8, Self.record(0x0FA8, Array("abc".utf8)), container: true)
        damaged[12] = 0x40
        #expect(throws: LegacyOfficeError.self) { try PowerPointBinaryText.read(try Self.presentation(damaged)) }
        let encrypted = Self.record(0x2F14, [], container: true)
        #expect(throws: LegacyOfficeError.encrypted) { try PowerPointBinaryText.read(try Self.presentation(encrypted)) }
    }
}
