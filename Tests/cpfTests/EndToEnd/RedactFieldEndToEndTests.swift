// End-to-end tests of `cpf redact --field`, and of `--field NAME` with
// `--header` for every command that takes `--field`.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf redact --field, and --field NAME")
struct RedactFieldEndToEndTests {
    /// A BOM, CRLF, quoted commas, doubled quotes and a note over two lines.
    static let csv =
        Data([0xEF, 0xBB, 0xBF])
        + Data(
            "id,cpf,notes\r\n1,390.533.447-05,\"call 390.533.447-05, ok\"\r\n"
                + "2,52998224725,\"two\r\nlines 529.982.247-25 \"\"q\"\" 123.456.789-00\"\r\n3,x,none\r\n")

    static let redactedNotes =
        Data([0xEF, 0xBB, 0xBF])
        + Data(
            "id,cpf,notes\r\n1,390.533.447-05,\"call ***.***.***-**, ok\"\r\n"
                + "2,52998224725,\"two\r\nlines ***.***.***-** \"\"q\"\" ***.***.***-**\"\r\n3,x,none\r\n")

    @Test func redactHidesTheCPFsOfOneFieldAndKeepsEveryOtherByte() {
        let result = run(["redact", "--field", "3", "--header"], stdin: Self.csv)
        #expect(result.stdout == Self.redactedNotes)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func redactTakesTheFieldByItsNameInTheHeader() {
        let directory = TemporaryDirectory()
        let file = directory.file("a.csv", Self.csv)
        let result = run(["redact", "--field", "notes", "--header", file])
        #expect(result.stdout == Self.redactedNotes)
        #expect(result.status == 0)
    }

    @Test func redactLgpdOfTheCPFColumn() {
        let result = run(["redact", "-f", "2", "--header", "--style", "lgpd"], stdin: Self.csv)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("1,***.533.447-**,\"call 390.533.447-05, ok\"\r\n"))
        #expect(text.contains("2,***982247**,\"two\r\n"))
    }

    @Test func aNameTheHeaderLacksIsReportedAndNothingOfTheInputWritten() {
        for command in [["redact"], ["format"], ["strip"], ["check"], ["complete"]] {
            let input = command == ["redact"] ? [] : ["-i", "-"]
            let result = run(command + ["--field", "CPF", "--header"] + input, stdin: Self.csv)
            #expect(!String(decoding: result.stdout, as: UTF8.self).contains("529"), "\(command)")
            #expect(result.stderr.contains("no field named 'CPF' in the header"), "\(command)")
            #expect(result.status == 2, "\(command)")
        }
    }

    @Test func formatStripAndCheckTakeAFieldName() {
        let format = run(["format", "--field", "cpf", "--header"], stdin: Self.csv)
        #expect(String(decoding: format.stdout, as: UTF8.self).contains("2,529.982.247-25,\"two\r\n"))
        #expect(
            format.stderr
                == "cpf: -:5: 'x': invalid character 'x' at position 1\ncpf: 3 read, 2 rewritten, 1 not rewritten\n")
        let strip = run(["strip", "--field", "cpf", "--header"], stdin: Self.csv)
        #expect(String(decoding: strip.stdout, as: UTF8.self).contains("1,39053344705,\"call"))
        let check = run(["check", "--field", "cpf", "--header", "--valid"], stdin: Self.csv)
        #expect(
            check.stdout
                == Data([0xEF, 0xBB, 0xBF])
                + Data(
                    "id,cpf,notes\r\n1,390.533.447-05,\"call 390.533.447-05, ok\"\r\n"
                        + "2,52998224725,\"two\r\nlines 529.982.247-25 \"\"q\"\" 123.456.789-00\"\r\n"))
    }

    @Test func aNumberStaysANumberWithHeader() {
        let result = run(["strip", "--field", "2", "--header"], stdin: Data("1,x\n2,390.533.447-05\n"))
        #expect(result.stdout == Data("1,x\n2,39053344705\n"))
    }

    @Test func aNameNeedsHeader() {
        let result = run(["format", "--field", "cpf"], stdin: Data("1\n"))
        #expect(result.stderr.hasPrefix("cpf: invalid value 'cpf' for '--field': expected a field number from 1"))
        #expect(result.status == 2)
    }

    @Test func redactFieldDoesNotGoWithFoldersOrInPlace() {
        for other in [["-r"], ["--in-place"], ["--pre", "cat"]] {
            let result = run(["redact", "--field", "2"] + other + ["x"])
            #expect(result.stderr.hasPrefix("cpf: '--field' cannot be used with '\(other[0])'"), "\(other)")
            #expect(result.status == 2)
        }
        #expect(run(["redact", "--header"], stdin: Data()).stderr.hasPrefix("cpf: '--header' needs '--field'"))
    }
}
