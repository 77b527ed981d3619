import CPFDecoders
import Testing

@Suite("Base64DecodingError")
struct Base64DecodingErrorTests {
    @Test("a single character in the last quantum is an error, as in Python")
    func lonelyCharacter() throws {
        #expect(throws: Base64DecodingError.lonelyCharacter) { try Base64Decoder.decode(Array("YWJjZ".utf8)) }
        #expect(try runTool("python3 -c 'import sys, base64; base64.b64decode(b\"YWJjZ\")'").status != 0)
    }

    @Test("describes itself readably")
    func description() {
        #expect(
            Base64DecodingError.lonelyCharacter.description
                == "base64 text ends with a single character, which holds no byte")
    }
}
