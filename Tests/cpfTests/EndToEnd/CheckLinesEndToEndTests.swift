// End-to-end tests of `cpf check` reading CPFs one per line: the report of
// invalid lines, the summary, several inputs, unreadable inputs.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf check reading lines")
struct CheckLinesEndToEndTests {
    static let report = """
        -:2: '231.002.999-00': check digits should be 81
        -:3: '': empty
        -:4: '39053344705x': invalid character 'x' at position 12

        """

    @Test(
        "reports only the invalid lines, then a summary on standard error",
        arguments: [
            "390.533.447-05\n231.002.999-00\n\n39053344705x\n",  // LF
            "390.533.447-05\r\n231.002.999-00\r\n\r\n39053344705x\r\n",  // CRLF
            "390.533.447-05\n231.002.999-00\r\n\n39053344705x",  // mixed, last line without newline
        ])
    func reportOfInvalidLines(input: String) {
        let result = run(["check"], stdin: Data(input))
        #expect(String(decoding: result.stdout, as: UTF8.self) == Self.report)
        #expect(result.stderr == "cpf: 4 checked, 1 valid, 3 invalid (1 empty, 1 invalid-character, 1 check-digits)\n")
        #expect(result.status == 1)
    }

    @Test func allValidLinesPrintOnlyTheSummaryAndExitZero() {
        let result = run(["check"], stdin: Data("390.533.447-05\n  12345678909 \n529.982.247-25"))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "cpf: 3 checked, 3 valid, 0 invalid\n")
        #expect(result.status == 0)
    }

    @Test func emptyInputChecksNothing() {
        let result = run(["check"], stdin: Data())
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "cpf: 0 checked, 0 valid, 0 invalid\n")
        #expect(result.status == 0)
    }

    @Test func emptyLinesAreInputs() {
        let result = run(["check"], stdin: Data("\n\n"))
        #expect(String(decoding: result.stdout, as: UTF8.self) == "-:1: '': empty\n-:2: '': empty\n")
        #expect(result.stderr == "cpf: 2 checked, 0 valid, 2 invalid (2 empty)\n")
        #expect(result.status == 1)
    }

    @Test func controlCharactersAndInvalidUTF8AreEscapedInTheReport() {
        let input = Data([0x61, 0x09, 0x27, 0x5C, 0x00, 0xFF, 0xC3, 0xA9, 0x0A])  // a \t ' \ NUL 0xFF é
        let result = run(["check"], stdin: input)
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "-:1: 'a\\t\\'\\\\\\x00\\xffé': invalid character 'a' at position 1\n")
        #expect(result.status == 1)
    }

    @Test func severalInputFilesNumberTheirLinesFromOne() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "390.533.447-05\n231.002.999-00\n")
        let b = directory.file("b.txt", "x\n529.982.247-25\n")
        let result = run(["check", "--input", a, "-i", b])
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                \(a):2: '231.002.999-00': check digits should be 81
                \(b):1: 'x': invalid character 'x' at position 1

                """)
        #expect(result.stderr == "cpf: 4 checked, 2 valid, 2 invalid (1 invalid-character, 1 check-digits)\n")
        #expect(result.status == 1)
    }

    @Test func aDashAmongTheInputsIsStandardInput() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "1\n")
        let b = directory.file("b.txt", "2\n")
        let result = run(["check", "--input=\(a)", "-i", "-", "-i\(b)"], stdin: Data("390.533.447-05\n3\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                \(a):1: '1': 1 digit, expected 11
                -:2: '3': 1 digit, expected 11
                \(b):1: '2': 1 digit, expected 11

                """)
        #expect(result.stderr == "cpf: 4 checked, 1 valid, 3 invalid (3 length)\n")
        #expect(result.status == 1)
    }

    @Test func aMissingFileIsReportedAndTheOtherInputsAreStillChecked() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "390.533.447-05\n")
        let missing = directory.path("missing.txt")
        let b = directory.file("b.txt", "231.002.999-00\n")
        let result = run(["check", "-i", a, "-i", missing, "-i", b])
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == "\(b):1: '231.002.999-00': check digits should be 81\n")
        #expect(result.stderr.contains("cpf: \(missing): No such file or directory\n"))
        #expect(result.stderr.hasSuffix("cpf: 2 checked, 1 valid, 1 invalid (1 check-digits)\n"))
        #expect(result.status == 2)
    }

    @Test func aMissingFileExitsTwoEvenWhenEverythingElseIsValid() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "390.533.447-05\n")
        let result = run(["check", "--valid", "-i", directory.path("nope"), "-i", a])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "390.533.447-05\n")
        #expect(result.stderr == "cpf: \(directory.path("nope")): No such file or directory\n")
        #expect(result.status == 2)
    }

    @Test func aDirectoryAsInputIsAnError() {
        let directory = TemporaryDirectory()
        let result = run(["check", "-i", directory.url.path])
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cpf: \(directory.url.path): "))
        #expect(result.stderr.contains("Is a directory"))
        #expect(result.status == 2)
    }

    @Test func aByteOrderMarkAtTheStartOfAFileIsNotCheckedButCopied() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("bom.txt", Data([0xEF, 0xBB, 0xBF]) + Data("390.533.447-05\r\n231.002.999-00\n"))
        let report = run(["check", "-i", path])
        #expect(
            String(decoding: report.stdout, as: UTF8.self) == "\(path):2: '231.002.999-00': check digits should be 81\n"
        )
        #expect(report.stderr == "cpf: 2 checked, 1 valid, 1 invalid (1 check-digits)\n")

        let json = run(["check", "--json", "-i", path])
        let objects = jsonObjects(json.stdout)
        try #require(objects.count == 2)
        #expect(objects[0]["input"] as? String == "390.533.447-05")
        #expect(objects[0]["valid"] as? Bool == true)

        let valid = run(["check", "--valid"], stdin: Data([0xEF, 0xBB, 0xBF]) + Data("390.533.447-05\n"))
        #expect(valid.stdout == Data([0xEF, 0xBB, 0xBF]) + Data("390.533.447-05\n"))
        #expect(valid.status == 0)
    }

    @Test func aByteOrderMarkElsewhereIsAnInvalidCharacter() {
        let result = run(
            ["check"], stdin: Data("390.533.447-05\n") + Data([0xEF, 0xBB, 0xBF]) + Data("390.533.447-05\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "-:2: '\\u{feff}390.533.447-05': invalid character '\\u{FEFF}' at position 1\n")
        #expect(result.status == 1)
    }
}

@Suite("cpf check --valid, --invalid and -q on lines")
struct CheckFilterEndToEndTests {
    static let input = Data(
        "390.533.447-05\r\n231.002.999-00\n  529.982.247-25  \r\n\n\t12345678909\r\nfoo\r\n390.533.447-05")
    static let validLines = Data("390.533.447-05\r\n  529.982.247-25  \r\n\t12345678909\r\n390.533.447-05\n")
    static let invalidLines = Data("231.002.999-00\n\nfoo\r\n")

    @Test func validPrintsExactlyTheValidLinesByteForByte() {
        let result = run(["check", "--valid"], stdin: Self.input)
        #expect(result.stdout == Self.validLines)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func invalidPrintsExactlyTheInvalidLinesByteForByte() {
        let result = run(["check", "--invalid"], stdin: Self.input)
        #expect(result.stdout == Self.invalidLines)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func filtersKeepBinaryBytesOfTheLines() {
        let invalid = Data([0x00, 0xFF, 0x0D, 0x41, 0x0D, 0x0A])  // NUL 0xFF CR A CRLF
        let result = run(["check", "--invalid"], stdin: Data("390.533.447-05\n") + invalid)
        #expect(result.stdout == invalid)
    }

    @Test func validExitsZeroWhenEveryLineIsValid() {
        let result = run(["check", "--valid"], stdin: Data("390.533.447-05\n529.982.247-25"))
        #expect(result.stdout == Data("390.533.447-05\n529.982.247-25\n"))
        #expect(result.status == 0)
        let none = run(["check", "--invalid"], stdin: Data("390.533.447-05\n529.982.247-25"))
        #expect(none.stdout.isEmpty)
        #expect(none.status == 0)
    }

    @Test func quietPrintsNothing() {
        let invalid = run(["check", "-q"], stdin: Self.input)
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr == "")
        #expect(invalid.status == 1)
        let valid = run(["check", "-q"], stdin: Data("390.533.447-05\n"))
        #expect(valid.stdout.isEmpty)
        #expect(valid.stderr == "")
        #expect(valid.status == 0)
    }

    @Test func filtersFollowTheParsingOptions() {
        let input = Data("390 533 447 05\n123456797\n111.111.111-11\n")
        #expect(run(["check", "--valid"], stdin: input).stdout == Data("390 533 447 05\n"))
        #expect(run(["check", "--valid", "--strict"], stdin: input).stdout == Data())
        #expect(run(["check", "--valid", "--pad"], stdin: input).stdout == Data("390 533 447 05\n123456797\n"))
        #expect(
            run(["check", "--valid", "--allow-repeated"], stdin: input).stdout
                == Data("390 533 447 05\n111.111.111-11\n"))
    }
}
