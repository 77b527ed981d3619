// End-to-end tests of --color and NO_COLOR for check and find.

import CPFTestSupport
import Foundation
import Testing

@Suite("Colour, end to end")
struct ColourEndToEndTests {
    static let escape = "\u{1B}["

    @Test func alwaysColoursFindMatchesAsGrepDoes() {
        let result = run(["find", "--color", "always", "-"], stdin: Data("cliente CPF 390.533.447-05\n".utf8))
        #expect(result.status == 0)
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == """
                \u{1B}[35m-\u{1B}[0m:\u{1B}[32m1\u{1B}[0m:\u{1B}[32m13\u{1B}[0m: \
                \u{1B}[1;31m390.533.447-05\u{1B}[0m\n
                """
        )
    }

    @Test func alwaysColoursTheCheckVerdictsAndReport() {
        let verdicts = run(["check", "--color=ALWAYS", "390.533.447-05", "231.002.999-00"])
        #expect(
            String(decoding: verdicts.stdout, as: UTF8.self)
                == """
                390.533.447-05: \u{1B}[32mvalid\u{1B}[0m\n231.002.999-00: \u{1B}[31minvalid (check digits should \
                be 81)\u{1B}[0m\n
                """
        )
        let report = run(["check", "--color", "always"], stdin: Data("231.002.999-00\n".utf8))
        #expect(
            String(decoding: report.stdout, as: UTF8.self)
                == """
                \u{1B}[35m-\u{1B}[0m:\u{1B}[32m1\u{1B}[0m: '231.002.999-00': \u{1B}[31mcheck digits should be \
                81\u{1B}[0m\n
                """
        )
    }

    @Test("auto and never colour nothing in a pipe", arguments: [["--color", "auto"], ["--color", "never"], []])
    func autoColoursNoPipe(option: [String]) {
        let find = run(["find"] + option + ["-"], stdin: Data("CPF 390.533.447-05\n".utf8))
        #expect(!String(decoding: find.stdout, as: UTF8.self).contains(Self.escape))
        let check = run(["check"] + option + ["231.002.999-00"])
        #expect(!String(decoding: check.stdout, as: UTF8.self).contains(Self.escape))
    }

    @Test func escapedUserTextStaysEscapedInColour() {
        let result = run(["check", "--color", "always"], stdin: Data("\u{1B}[2J12\n".utf8))
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(!text.contains("\u{1B}[2J"))
        #expect(text.contains("\\x1b[2J12"))
    }

    @Test func aWrongColorValueIsAUsageError() {
        let result = run(["find", "--color", "sometimes"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid value 'sometimes' for '--color': expected 'auto', 'always' or 'never'"))
    }

    @Test func noColorTurnsAutoOffInATerminalOnly() {
        // Through `script`, standard output is a terminal.
        let result = runShell(
            #"command -v script > /dev/null || exit 0; export TERM=xterm; NO_COLOR=1 script -qec '"$CPF" check 390.533.447-05' /dev/null; NO_COLOR= script -qec '"$CPF" check 390.533.447-05' /dev/null"#
        )
        let text = String(decoding: result.stdout, as: UTF8.self)
        if !text.isEmpty {
            let lines = text.split(whereSeparator: \.isNewline)
            #expect(lines.count == 2)
            #expect(!lines[0].contains(Self.escape))
            #expect(lines[1].contains(Self.escape))
        }
    }
}
