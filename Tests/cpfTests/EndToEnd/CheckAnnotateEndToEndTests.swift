// End-to-end tests of `cpf check --annotate` and of what check's filters keep
// of several inputs: every record with its verdict, one header, the byte
// order mark.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf check --annotate")
struct CheckAnnotateEndToEndTests {
    @Test func everyLineGetsTheVerdictAndTheReason() {
        let result = run(["check", "--annotate"], stdin: Data("390.533.447-05\r\n231.002.999-00\nx\n\n52998224725"))
        #expect(
            result.stdout
                == Data(
                    "390.533.447-05,true,\r\n231.002.999-00,false,check-digits\nx,false,invalid-character\n,false,empty\n52998224725,true,\n"
                ))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func withAFieldAndAHeaderTheHeaderGetsTwoNames() {
        let csv = "id,cpf\r\n1,\"390.533.447-05\"\r\n\"2\r\nb\",231.002.999-00\r\n"
        let result = run(["check", "--annotate", "--field", "2", "--header", "--delimiter", ","], stdin: Data(csv))
        #expect(
            result.stdout
                == Data(
                    "id,cpf,valid,reason\r\n1,\"390.533.447-05\",true,\r\n\"2\r\nb\",231.002.999-00,false,check-digits\r\n"
                ))
        #expect(result.status == 0)
    }

    @Test func tabsForSparkTransform() {
        let result = run(["check", "--annotate", "--delimiter", "tab"], stdin: Data("39053344705\n1\n"))
        #expect(result.stdout == Data("39053344705\ttrue\t\n1\tfalse\tlength\n"))
    }

    @Test func anInputThatCannotBeReadExits2() {
        let result = run(["check", "--annotate", "-i", "/nonexistent/cpfs.txt"])
        #expect(result.status == 2)
    }

    @Test func severalInputsKeepOnlyTheFirstHeader() {
        let directory = TemporaryDirectory()
        let first = directory.file("a.txt", Data([0xEF, 0xBB, 0xBF]) + Data("cpf\n390.533.447-05\nx\n"))
        let second = directory.file("b.txt", Data([0xEF, 0xBB, 0xBF]) + Data("cpf\n52998224725\n"))
        let valid = run(["check", "--header", "--valid", "-i", first, "-i", second])
        #expect(valid.stdout == Data([0xEF, 0xBB, 0xBF]) + Data("cpf\n390.533.447-05\n52998224725\n"))
        let annotated = run(["check", "--header", "--annotate", "-i", first, "-i", second])
        #expect(
            annotated.stdout == Data([0xEF, 0xBB, 0xBF])
                + Data(
                    "cpf,valid,reason\n390.533.447-05,true,\nx,false,invalid-character\n52998224725,true,\n"))
    }

    @Test func theSummaryCountsTheInvalidLinesByReason() {
        let result = run(["check"], stdin: Data("390.533.447-06\n1\n231.002.999-00\n\n39053344705\n"))
        #expect(result.stderr == "cpf: 5 checked, 1 valid, 4 invalid (2 check-digits, 1 empty, 1 length)\n")
    }

    @Test func aMissingInputAddsNoEmptySummary() {
        let result = run(["check", "-i", "/nonexistent/cpfs.txt"])
        #expect(result.stderr == "cpf: /nonexistent/cpfs.txt: No such file or directory\n")
        #expect(result.status == 2)
    }

    @Test func theCSVReportIsSafeToOpenInASpreadsheet() {
        let result = run(["check", "--csv"], stdin: Data("=cmd|' /C calc'!A0\n@SUM(1)\n-\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                source,line,record,input,valid,cpf,reason,message
                -,1,1,"'=cmd|' /C calc'!A0",false,,invalid-character,invalid character '=' at position 1
                -,2,2,"'@SUM(1)",false,,invalid-character,invalid character '@' at position 1
                -,3,3,-,false,,length,"0 digits, expected 11"

                """)
    }
}
