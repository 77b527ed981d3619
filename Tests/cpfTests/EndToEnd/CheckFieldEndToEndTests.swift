// End-to-end tests of `cpf check --field N --delimiter C --header`: CPFs in a
// field of CSV/TSV records.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf check --field, --delimiter and --header")
struct CheckFieldEndToEndTests {
    /// Records: line 1 header; 2 valid (quoted comma before it); 3 invalid
    /// (doubled quotes before it); 4-5 valid (a quoted field spanning two
    /// lines); 6 missing field; 7 valid with spaces around it; 8 a quoted CPF.
    static let csv = #"""
        id,name,cpf
        1,"Silva, Ana",390.533.447-05
        2,"Souza ""Rui""",231.002.999-00
        3,"Multi
        line, name",529.982.247-25
        4,Nobody
        5,x,  12345678909  
        6,"y","390.533.447-05"

        """#

    @Test func reportGivesTheLineEachRecordStartsOn() {
        let result = run(["check", "--field", "3", "--header"], stdin: Data(Self.csv))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == #"""
                -:3: '231.002.999-00': check digits should be 81
                -:6: '': empty

                """#)
        #expect(result.stderr == "cpf: 6 checked, 4 valid, 2 invalid (1 empty, 1 check-digits)\n")
        #expect(result.status == 1)
    }

    @Test func jsonHasTheFieldAsInputAndTheRecordsFirstLine() throws {
        let result = run(["check", "--field", "3", "--header", "--json"], stdin: Data(Self.csv))
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == 6)
        #expect(objects.map { $0["line"] as? Int } == [2, 3, 4, 6, 7, 8])
        // The header is record 1; the record of line 4 spans two lines.
        #expect(objects.map { $0["record"] as? Int } == [2, 3, 4, 5, 6, 7])
        #expect(
            objects.map { $0["input"] as? String } == [
                "390.533.447-05", "231.002.999-00", "529.982.247-25", "", "  12345678909  ", "390.533.447-05",
            ])
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, true, false, true, true])
        #expect(objects[3]["reason"] as? String == "empty")
    }

    @Test func quotedFieldsAreUnquoted() throws {
        let result = run(["check", "-f", "2", "--header", "--json"], stdin: Data(Self.csv))
        let objects = jsonObjects(result.stdout)
        try #require(objects.count == 6)
        #expect(
            objects.map { $0["input"] as? String } == [
                "Silva, Ana", "Souza \"Rui\"", "Multi\nline, name", "Nobody", "x", "y",
            ])
    }

    @Test func validFilterPrintsWholeRecordsAndKeepsTheHeader() {
        let result = run(["check", "--field", "3", "--header", "--valid"], stdin: Data(Self.csv))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == #"""
                id,name,cpf
                1,"Silva, Ana",390.533.447-05
                3,"Multi
                line, name",529.982.247-25
                5,x,  12345678909  
                6,"y","390.533.447-05"

                """#)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func invalidFilterPrintsWholeRecordsAndKeepsTheHeader() {
        let result = run(["check", "--field", "3", "--header", "--invalid"], stdin: Data(Self.csv))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == #"""
                id,name,cpf
                2,"Souza ""Rui""",231.002.999-00
                4,Nobody

                """#)
        #expect(result.status == 1)
    }

    @Test func filtersKeepCRLFRecordEnds() {
        let input = Data("cpf;n\r\n390.533.447-05;a\r\n\"231.002.999-00\";\"b\r\nc\"\r\n")
        let valid = run(["check", "-f", "1", "-d", ";", "--header", "--valid"], stdin: input)
        #expect(valid.stdout == Data("cpf;n\r\n390.533.447-05;a\r\n"))
        let invalid = run(["check", "-f", "1", "-d", ";", "--header", "--invalid"], stdin: input)
        #expect(invalid.stdout == Data("cpf;n\r\n\"231.002.999-00\";\"b\r\nc\"\r\n"))
    }

    @Test("--delimiter tab reads TSV", arguments: [["--delimiter", "tab"], ["-d", "\t"], ["--delimiter=tab"]])
    func tabDelimiter(_ delimiter: [String]) {
        let input = Data("name\tcpf\nAna, Silva\t390.533.447-05\nRui\t231.002.999-00\n")
        let result = run(["check", "--field", "2", "--header"] + delimiter, stdin: input)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "-:3: '231.002.999-00': check digits should be 81\n")
        #expect(result.stderr == "cpf: 2 checked, 1 valid, 1 invalid (1 check-digits)\n")
        #expect(result.status == 1)
    }

    @Test func withoutHeaderTheFirstLineIsChecked() {
        let result = run(["check", "--field", "2"], stdin: Data("a,390.533.447-05\nb,231.002.999-00"))
        #expect(String(decoding: result.stdout, as: UTF8.self) == "-:2: '231.002.999-00': check digits should be 81\n")
        #expect(result.stderr == "cpf: 2 checked, 1 valid, 1 invalid (1 check-digits)\n")
    }

    @Test func headerWithoutFieldSkipsTheFirstLineOfEachInputAndKeepsTheFirstOnly() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.csv", "CPF\n390.533.447-05\n")
        let b = directory.file("b.csv", "CPF\r\n231.002.999-00\r\n")
        let report = run(["check", "--header", "-i", a, "-i", b])
        #expect(
            String(decoding: report.stdout, as: UTF8.self) == "\(b):2: '231.002.999-00': check digits should be 81\n")
        #expect(report.stderr == "cpf: 2 checked, 1 valid, 1 invalid (1 check-digits)\n")
        let invalid = run(["check", "--header", "--invalid", "-i", a, "-i", b])
        #expect(invalid.stdout == Data("CPF\n231.002.999-00\r\n"))
    }

    @Test func csvOutputOfFieldsUsesTheRecordLines() {
        let result = run(["check", "--field", "2", "--csv"], stdin: Data("\"a\nb\",390.533.447-05\nc,\"1,2\"\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == #"""
                source,line,record,input,valid,cpf,reason,message
                -,1,1,390.533.447-05,true,39053344705,,
                -,3,2,"1,2",false,,invalid-character,"invalid character ',' at position 2"

                """#)
    }
}
