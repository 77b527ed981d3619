// Tests of Output/Colour.swift: when to colour.

import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("Colour")
struct ColourTests {
    @Test func autoColoursOnlyATerminalWithoutNoColor() {
        #expect(Colour.isWanted(nil, isTerminal: true) { _ in nil })
        #expect(Colour.isWanted("auto", isTerminal: true) { $0 == "TERM" ? "xterm" : nil })
        #expect(!Colour.isWanted("auto", isTerminal: false) { _ in nil })
        #expect(!Colour.isWanted("auto", isTerminal: true) { $0 == "NO_COLOR" ? "1" : nil })
        #expect(Colour.isWanted("auto", isTerminal: true) { $0 == "NO_COLOR" ? "" : nil })
        #expect(!Colour.isWanted("auto", isTerminal: true) { $0 == "TERM" ? "dumb" : nil })
    }

    @Test func alwaysAndNeverDecideAlone() {
        #expect(Colour.isWanted("always", isTerminal: false) { $0 == "NO_COLOR" ? "1" : nil })
        #expect(!Colour.isWanted("never", isTerminal: true) { _ in nil })
    }

    @Test func paintWrapsTextInOneColourAndResets() {
        #expect(Colour.paint("valid", Colour.valid) == "\u{1B}[32mvalid\u{1B}[0m")
    }
}
