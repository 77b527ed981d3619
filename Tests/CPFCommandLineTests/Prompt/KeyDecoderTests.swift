// Tests of Prompt/KeyDecoder.swift: terminal bytes to keys.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("KeyDecoder")
struct KeyDecoderTests {
    struct DecodeCase: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let keys: [Key]
        init(_ text: String, _ keys: [Key]) {
            bytes = Array(text.utf8)
            self.keys = keys
        }
        var testDescription: String { show(bytes) }
    }

    static func decodeAll(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test(
        "single keys",
        arguments: [
            DecodeCase("3", [.text("3")]),
            DecodeCase("\u{7F}", [.backspace]),
            DecodeCase("\u{8}", [.backspace]),
            DecodeCase("\u{1B}[3~", [.delete]),
            DecodeCase("\u{4}", [.delete]),
            DecodeCase("\u{1B}[D", [.left]),
            DecodeCase("\u{1B}OD", [.left]),
            DecodeCase("\u{2}", [.left]),
            DecodeCase("\u{1B}[C", [.right]),
            DecodeCase("\u{1B}OC", [.right]),
            DecodeCase("\u{6}", [.right]),
            DecodeCase("\u{1B}[H", [.home]),
            DecodeCase("\u{1B}[1~", [.home]),
            DecodeCase("\u{1B}[7~", [.home]),
            DecodeCase("\u{1B}OH", [.home]),
            DecodeCase("\u{1}", [.home]),
            DecodeCase("\u{1B}[F", [.end]),
            DecodeCase("\u{1B}[4~", [.end]),
            DecodeCase("\u{1B}[8~", [.end]),
            DecodeCase("\u{1B}OF", [.end]),
            DecodeCase("\u{5}", [.end]),
            DecodeCase("\r", [.enter]),
            DecodeCase("\n", [.enter]),
            DecodeCase("\r\n", [.enter]),
            DecodeCase("\u{1B}OM", [.enter]),
            DecodeCase("\u{3}", [.interrupt]),
            DecodeCase("\u{1A}", [.suspend]),
            DecodeCase("\u{1B}", [.escape]),
        ])
    func singleKeys(_ c: DecodeCase) {
        #expect(Self.decodeAll(c.bytes) == c.keys)
    }

    @Test(
        "modified arrows and keys count as the plain key",
        arguments: [
            DecodeCase("\u{1B}[1;5D", [.left]), DecodeCase("\u{1B}[1;2C", [.right]),
            DecodeCase("\u{1B}[3;5~", [.delete]),
            DecodeCase("\u{1B}[1;3H", [.home]),
        ])
    func modifiedKeys(_ c: DecodeCase) {
        #expect(Self.decodeAll(c.bytes) == c.keys)
    }

    @Test(
        "a run of printable text in one read is one key; controls split it",
        arguments: [
            DecodeCase("390.533.447-05", [.text("390.533.447-05")]),
            DecodeCase("39\u{7F}0", [.text("39"), .backspace, .text("0")]),
            DecodeCase("3905\r", [.text("3905"), .enter]),
            DecodeCase("3\u{1B}[D1", [.text("3"), .left, .text("1")]),
            DecodeCase("é👍3", [.text("é👍3")]),
            DecodeCase("\r\r", [.enter, .enter]),
            DecodeCase("\n\r", [.enter, .enter]),
        ])
    func runs(_ c: DecodeCase) {
        #expect(Self.decodeAll(c.bytes) == c.keys)
    }

    @Test(
        "unknown sequences, Alt with a key and other control bytes are dropped, never text",
        arguments: [
            DecodeCase("\u{1B}[A", []), DecodeCase("\u{1B}[B", []), DecodeCase("\u{1B}[15~", []),
            DecodeCase("\u{1B}[201~", []),
            DecodeCase("\u{1B}OP", []), DecodeCase("\u{1B}x", []), DecodeCase("\u{1B}3", []), DecodeCase("\t", []),
            DecodeCase("\u{0}", []), DecodeCase("\u{1B}[?1;2c", []),
            DecodeCase("\u{1B}[A3", [.text("3")]),
            DecodeCase("\u{1B}[1\u{7F}", [.backspace]),  // not a sequence after all: what follows counts
        ])
    func dropped(_ c: DecodeCase) {
        #expect(Self.decodeAll(c.bytes) == c.keys)
    }

    @Test("two ESCs are Esc and then whatever the second starts")
    func doubleEscape() {
        #expect(Self.decodeAll(Array("\u{1B}\u{1B}[D".utf8)) == [.escape, .left])
        #expect(Self.decodeAll(Array("\u{1B}\u{1B}".utf8)) == [.escape, .escape])
    }

    @Test("an overlong sequence is dropped")
    func overlong() {
        let bytes = Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 40) + Array("~7".utf8)
        let keys = Self.decodeAll(bytes)
        #expect(keys == [.text("7")])
    }

    @Test("a lone ESC waits for more: with nothing after it, flush() makes it Esc")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaitingForMore)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaitingForMore)
        #expect(decoder.flush() == [])
    }

    @Test(
        "a sequence cut across reads is put back together",
        arguments: [
            ["\u{1B}", "[D"], ["\u{1B}[", "D"], ["\u{1B}[3", "~"], ["\u{1B}", "O", "H"], ["\u{1B}[1;", "5C"],
        ])
    func cutSequences(pieces: [String]) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for piece in pieces {
            keys += decoder.decode(Array(piece.utf8))
        }
        #expect(keys.count == 1)
        #expect(keys.first != .escape)
        #expect(!decoder.isWaitingForMore)
    }

    @Test("the start of a longer sequence given up on is dropped, not Esc")
    func partialSequenceFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1".utf8)) == [])
        #expect(decoder.isWaitingForMore)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("3".utf8)) == [.text("3")])
    }

    @Test("CR at the end of one read and LF at the start of the next are one Enter")
    func crlfAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("1\r".utf8)) == [.text("1"), .enter])
        #expect(decoder.decode(Array("\n2".utf8)) == [.text("2")])
    }

    @Test("a bracketed paste is one paste key, its control bytes and ESCs included")
    func bracketedPaste() {
        let keys = Self.decodeAll(Array("\u{1B}[200~390.533\r\n.447-05\u{1B}[D\u{1B}[201~\r".utf8))
        #expect(keys == [.paste("390.533\r\n.447-05\u{1B}[D"), .enter])
        #expect(Self.decodeAll(Array("1\u{1B}[200~\u{1B}[201~2".utf8)) == [.text("1"), .paste(""), .text("2")])
    }

    @Test("a paste cut across reads anywhere, even inside its markers, comes out whole", arguments: 1...25)
    func pasteCutAnywhere(cut: Int) {
        let bytes = Array("\u{1B}[200~390.533.447-05\u{1B}[201~".utf8)
        var decoder = KeyDecoder()
        var keys = decoder.decode(bytes[..<cut])
        keys += decoder.decode(bytes[cut...])
        #expect(keys == [.paste("390.533.447-05")])
        #expect(!decoder.isWaitingForMore)
    }

    @Test("a lone ESC given up on before the rest of a paste marker came is Esc")
    func escapeBeforePasteMarker() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
    }

    @Test("a paste keeps at most pasteLimit bytes")
    func pasteLimit() {
        let body = String(repeating: "1", count: KeyDecoder.pasteLimit + 500)
        let keys = Self.decodeAll(Array("\u{1B}[200~\(body)\u{1B}[201~".utf8))
        #expect(keys == [.paste(String(repeating: "1", count: KeyDecoder.pasteLimit))])
    }

    @Test("a paste under way is not ended by flush()")
    func pasteSurvivesFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~390".utf8)) == [])
        #expect(!decoder.isWaitingForMore)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("5\u{1B}[201~".utf8)) == [.paste("3905")])
    }

    @Test("bytes fed one at a time give the same keys as in one read, Esc aside")
    func oneByteAtATime() {
        let text = "39\u{1B}[D1\u{7F}\u{1B}[3~\u{1B}OH\u{1B}[200~05\u{1B}[201~\r"
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in text.utf8 { keys += decoder.decode([byte]) }
        #expect(keys == [.text("3"), .text("9"), .left, .text("1"), .backspace, .delete, .home, .paste("05"), .enter])
    }
}

@Suite("KeyDecoder: a paste whose end never comes")
struct KeyDecoderUnfinishedPasteTests {
    @Test("endPaste() ends it with what was pasted so far; the keys after it work again")
    func endPaste() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~390\u{3}\u{1B}[20".utf8)) == [])
        #expect(decoder.isInPaste)
        #expect(!decoder.isWaitingForMore)
        #expect(decoder.endPaste() == [.paste("390\u{3}")])
        #expect(!decoder.isInPaste)
        #expect(decoder.decode([0x03]) == [.interrupt])
        #expect(decoder.endPaste() == [])
    }
}

@Suite("KeyDecoder: letters")
struct KeyDecoderLetterTests {
    @Test(
        "every letter, in either case, is text, never a command (a CNPJ holds letters)",
        arguments: Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z")))
    func letterIsText(letter: UInt8) {
        var decoder = KeyDecoder()
        #expect(decoder.decode([letter]) == [.text(String(UnicodeScalar(letter)))])
        #expect(!decoder.isWaitingForMore)
    }

    @Test("a CNPJ typed in one read is one run of text")
    func cnpjRun() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("12abc34501de35".utf8)) == [.text("12abc34501de35")])
    }
}
