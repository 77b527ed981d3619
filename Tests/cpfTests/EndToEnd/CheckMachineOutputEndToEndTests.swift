// End-to-end tests of `cpf check --json` and `cpf check --csv`.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf check --json and --csv")
struct CheckMachineOutputEndToEndTests {
    @Test func jsonHasOneObjectPerInputWithItsFields() throws {
        let result = run(["check", "--json"], stdin: Data("390.533.447-05\r\n231.002.999-00\n\nabc"))
        #expect(result.stderr == "")
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                {"source":"-","line":1,"record":1,"input":"390.533.447-05","valid":true,"cpf":"39053344705"}
                {"source":"-","line":2,"record":2,"input":"231.002.999-00","valid":false,"reason":"check-digits","message":"check digits should be 81"}
                {"source":"-","line":3,"record":3,"input":"","valid":false,"reason":"empty","message":"empty"}
                {"source":"-","line":4,"record":4,"input":"abc","valid":false,"reason":"invalid-character","message":"invalid character 'a' at position 1"}

                """)
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == 4)
        #expect(Set(objects[0].keys) == ["source", "line", "record", "input", "valid", "cpf"])
        for object in objects.dropFirst() {
            #expect(Set(object.keys) == ["source", "line", "record", "input", "valid", "reason", "message"])
        }
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 3, 4])
        #expect(objects.map { $0["source"] as? String } == ["-", "-", "-", "-"])
    }

    @Test func jsonNamesTheSourceFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("cpfs \"1\".txt", "x\n390.533.447-05\n")
        let objects = jsonObjects(run(["check", "--json", "-i", path]).stdout)
        try #require(objects.count == 2)
        #expect(objects.map { $0["source"] as? String } == [path, path])
        #expect(objects.map { $0["line"] as? Int } == [1, 2])
    }

    @Test func everyReasonCodeAppearsInJSON() {
        let lenient = jsonObjects(
            run(["check", "--json"], stdin: Data("\nx\n1234\n111.111.111-11\n231.002.999-00\n")).stdout)
        let strict = jsonObjects(run(["check", "--json", "--strict"], stdin: Data("390 533 447 05\n")).stdout)
        let reasons = (lenient + strict).compactMap { $0["reason"] as? String }
        #expect(reasons == ["empty", "invalid-character", "length", "repeated", "check-digits", "format"])
        let messages = (lenient + strict).compactMap { $0["message"] as? String }
        #expect(
            messages == [
                "empty", "invalid character 'x' at position 1", "4 digits, expected 11", "all 11 digits are the same",
                "check digits should be 81", "not in the form DDD.DDD.DDD-DD or DDDDDDDDDDD",
            ])
    }

    @Test func jsonStaysValidForInvalidUTF8AndControlCharacters() throws {
        var input = Data()
        let lines: [[UInt8]] = [
            [0xFF, 0xFE, 0x22, 0x5C],  // invalid UTF-8, quote, backslash
            [0x00, 0x01, 0x1F, 0x7F, 0x09, 0x0D, 0x41],  // controls, tab, lone CR inside
            [0xC3, 0xA9, 0xE2, 0x82, 0x41],  // é, then a cut sequence
            [0xED, 0xA0, 0x80],  // an encoded surrogate
            Array("\u{2028}\u{1F600}".utf8),
        ]
        for line in lines { input += Data(line) + Data([0x0A]) }
        let result = run(["check", "--json"], stdin: input)
        #expect(result.status == 1)
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == lines.count)
        let inputs = objects.map { $0["input"] as? String }
        #expect(inputs[0] == "\u{FFFD}\u{FFFD}\"\\")
        #expect(inputs[1] == "\u{0}\u{1}\u{1F}\u{7F}\t\rA")
        #expect(inputs[2] == "é\u{FFFD}\u{FFFD}A")
        #expect(inputs[3] == "\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(inputs[4] == "\u{2028}\u{1F600}")
        #expect(objects.allSatisfy { $0["valid"] as? Bool == false && $0["reason"] as? String == "invalid-character" })
    }

    @Test func csvHasAHeaderThenOneRowPerInput() {
        let result = run(["check", "--csv"], stdin: Data("390.533.447-05\n231.002.999-00\r\n\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                source,line,record,input,valid,cpf,reason,message
                -,1,1,390.533.447-05,true,39053344705,,
                -,2,2,231.002.999-00,false,,check-digits,check digits should be 81
                -,3,3,,false,,empty,empty

                """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func csvQuotesFieldsWithCommasAndQuotes() {
        let result = run(["check", "--csv"], stdin: Data("390,533\n\"390\"\na\"b,c\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                source,line,record,input,valid,cpf,reason,message
                -,1,1,"390,533",false,,invalid-character,"invalid character ',' at position 4"
                -,2,2,\"""390\""\",false,,invalid-character,"invalid character '""' at position 1"
                -,3,3,"a""b,c",false,,invalid-character,invalid character 'a' at position 1

                """)
    }

    @Test func csvOfAnEmptyInputIsTheHeader() {
        let result = run(["check", "--csv"], stdin: Data())
        #expect(String(decoding: result.stdout, as: UTF8.self) == "source,line,record,input,valid,cpf,reason,message\n")
        #expect(result.status == 0)
    }

    @Test func csvRowsParseBackToTheInputs() throws {
        // A tab, like every control character, shows in its readable form (`\t`):
        // CSV has no escape of its own, and a raw control must not reach a terminal.
        let inputs = ["a,b", "\"q\"", "x\ty", "390.533.447-05", "o'k"]
        let result = run(["check", "--csv"], stdin: Data(inputs.joined(separator: "\n") + "\n"))
        let records = parseCSV(String(decoding: result.stdout, as: UTF8.self))
        try #require(records.count == inputs.count + 1)
        #expect(records[0] == ["source", "line", "record", "input", "valid", "cpf", "reason", "message"])
        #expect(records.dropFirst().map { $0[3] } == ["a,b", "\"q\"", "x\\ty", "390.533.447-05", "o'k"])
        #expect(records.dropFirst().allSatisfy { $0.count == 8 })
        #expect(records.dropFirst().map { $0[4] } == ["false", "false", "false", "true", "false"])
    }

    @Test("--invalid and --valid choose the verdicts of a JSON or CSV report")
    func filteredReports() {
        let input = Data("390.533.447-05\n390.533.447-00\nabc\n529.982.247-25\n")
        let invalid = jsonObjects(run(["check", "--invalid", "--json"], stdin: input).stdout)
        #expect(invalid.map { $0["line"] as? Int } == [2, 3])
        #expect(invalid.allSatisfy { $0["valid"] as? Bool == false })
        let valid = run(["check", "--valid", "--csv"], stdin: input)
        #expect(
            valid.stdout.text == """
                source,line,record,input,valid,cpf,reason,message
                -,1,1,390.533.447-05,true,39053344705,,
                -,4,4,529.982.247-25,true,52998224725,,

                """)
        #expect(valid.status == 1)
        #expect(run(["check", "--valid", "--invalid", "--json"], stdin: input).status == 2)
        #expect(run(["check", "--json", "--csv"], stdin: input).status == 2)
    }
}
