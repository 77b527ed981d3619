// Tests of OutlookMessageText.swift on messages the tests' CompoundFileBuilder
// writes: string properties in UTF-16LE and 8 bits, a multiple-valued one,
// compressed RTF ([MS-OXRTFCP]) and an attachment's data.

import CPFTestSupport
import Testing

@testable import CPFDecoders

@Suite("OutlookMessageText")
struct OutlookMessageTextTests {
    /// `{\rtf1 CPF 390.533.447-05}` compressed: a reference to the
    /// dictionary's first six bytes, literals, and the reference that ends it.
    static let compressedRTF: [UInt8] = {
        let end = OutlookMessageText.initialDictionary.count + 6 + 7 + 8 + 5
        let body: [UInt8] =
            [0x01, 0x00, 0x04] + Array(" CPF 39".utf8) + [0x00] + Array("0.533.44".utf8) + [0x20]
            + Array("7-05}".utf8) + [UInt8(end >> 4), UInt8((end & 0xF) << 4)]
        let header = [UInt8(body.count + 12), 0, 0, 0, 26, 0, 0, 0] + Array("LZFu".utf8) + [0, 0, 0, 0]
        return header + body
    }()

    @Test("decompresses RTF: the dictionary's references, literals, and the end at the write position")
    func compressedRTFBody() throws {
        #expect(OutlookMessageText.initialDictionary.count == 207)
        #expect(
            String(decoding: try OutlookMessageText.decompressRTF(Self.compressedRTF), as: UTF8.self)
                == "{\\rtf1 CPF 390.533.447-05}")
        let stored = [5, 0, 0, 0, 5, 0, 0, 0] + Array("MELA".utf8) + [0, 0, 0, 0] + Array("{rtf}".utf8)
        #expect(try OutlookMessageText.decompressRTF(stored) == Array("{rtf}".utf8))
    }

    @Test("reads string properties, a multiple-valued one's values, the RTF body; gives attachments' data as files")
    func properties() throws {
        let message = CompoundFileBuilder.message(
            properties: [
                ("0037001F", CompoundFileBuilder.utf16("Assunto 390.533.447-05")),
                ("1000001E", [0x93] + Array("529.982.247-25".utf8) + [0x94]),
                ("10090102", Self.compressedRTF),
                ("8001101F-00000000", CompoundFileBuilder.utf16("111.444.777-35")),
                ("0FF90102", [1, 2, 3]),
            ],
            attachments: [("a.csv", Array("x;123.456.789-09\n".utf8))])
        let (parts, attachments) = try OutlookMessageText.read(try CompoundFile(message))
        #expect(
            parts.map { "\($0.path)=\(String(decoding: $0.text, as: UTF8.self))" } == [
                "__substg1.0_0037001F=Assunto 390.533.447-05\n",
                "__substg1.0_1000001E=“529.982.247-25”\n",
                "__substg1.0_10090102={\\rtf1 CPF 390.533.447-05}\n",
                "__attach_version1.0_#00000000/__substg1.0_3707001F=a.csv\n",
                "__substg1.0_8001101F-00000000=111.444.777-35\n",
            ])
        #expect(attachments.map(\.path) == ["__attach_version1.0_#00000000/__substg1.0_37010102"])
        #expect(attachments.first?.bytes == Array("x;123.456.789-09\n".utf8))
    }
}
