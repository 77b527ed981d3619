// Tests of Output/RecordWriter.swift: one verdict as a JSON Lines object or
// a CSV row.

import CPFKit
import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

private func json(
    source: String = "-", line: Int = 1, record: Int? = nil, input: String, isTruncated: Bool = false,
    _ result: Result<CPF, CPFValidationError>
) -> String {
    let bytes = Array(input.utf8)
    return String(
        decoding: capturedOutput { out in
            withBytes(bytes) {
                RecordWriter.writeJSON(
                    source: RawText(source), line: line, record: record ?? line, input: $0, isTruncated: isTruncated,
                    result: result, to: out)
            }
        }, as: UTF8.self)
}

private func csv(
    source: String = "-", line: Int = 1, record: Int? = nil, input: [UInt8], isTruncated: Bool = false,
    _ result: Result<CPF, CPFValidationError>
) -> String {
    String(
        decoding: capturedOutput { out in
            withBytes(input) {
                RecordWriter.writeCSV(
                    source: RawText(source), line: line, record: record ?? line, input: $0, isTruncated: isTruncated,
                    result: result, to: out)
            }
        }, as: UTF8.self)
}

@Suite("RecordWriter")
struct RecordWriterTests {
    static let valid: Result<CPF, CPFValidationError> = .success(CPF(base: 390_533_447))
    static let wrongDigits: Result<CPF, CPFValidationError> = .failure(
        .checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)))

    @Test func jsonOfAValidCPF() {
        #expect(
            json(input: "390.533.447-05", Self.valid)
                == #"{"source":"-","line":1,"record":1,"input":"390.533.447-05","valid":true,"cpf":"39053344705"}"#
                + "\n")
    }

    @Test func jsonOfAnInvalidCPF() {
        #expect(
            json(source: "a.txt", line: 12, record: 9, input: "231.002.999-00", Self.wrongDigits)
                == #"{"source":"a.txt","line":12,"record":9,"input":"231.002.999-00","valid":false,"reason":"check-digits","message":"check digits should be 81"}"#
                + "\n")
    }

    @Test(
        "JSON of every reason parses back",
        arguments: [
            CPFValidationError.empty, .invalidCharacter("\"", position: 3), .invalidCharacter("\u{0}", position: 1),
            .format, .length(digitCount: 1), .repeatedDigits,
            .checkDigits(expected: CPF.CheckDigits(first: 0, second: 5)),
        ])
    func jsonOfEachReason(_ error: CPFValidationError) throws {
        let text = json(source: "we\"ird\\name", line: 987_654_321, input: "x\"\\\u{1}", .failure(error))
        #expect(text.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "we\"ird\\name")
        #expect(object["line"] as? Int == 987_654_321)
        #expect(object["record"] as? Int == 987_654_321)
        #expect(object["input"] as? String == "x\"\\\u{1}")
        #expect(object["valid"] as? Bool == false)
        #expect(object["reason"] as? String == error.code)
        #expect(object["message"] as? String == error.description)
        #expect(object["cpf"] == nil)
    }

    @Test func jsonOfATruncatedInputEndsInAnEllipsis() throws {
        let text = json(input: "xxxx", isTruncated: true, .failure(.invalidCharacter("x", position: 1)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["input"] as? String == "xxxx…")
    }

    @Test func csvOfAValidCPF() {
        #expect(csv(input: Array("390.533.447-05".utf8), Self.valid) == "-,1,1,390.533.447-05,true,39053344705,,\n")
    }

    @Test func csvOfAnInvalidCPF() {
        #expect(
            csv(source: "b.csv", line: 7, record: 5, input: Array("231.002.999-00".utf8), Self.wrongDigits)
                == "b.csv,7,5,231.002.999-00,false,,check-digits,check digits should be 81\n")
    }

    @Test func csvQuotesTheSourceInputAndMessageWhenNeeded() {
        #expect(
            csv(source: "a,b.csv", line: 2, input: Array("1,\"2\"".utf8), .failure(.invalidCharacter(",", position: 2)))
                == "\"a,b.csv\",2,2,\"1,\"\"2\"\"\",false,,invalid-character,\"invalid character ',' at position 2\"\n")
    }

    @Test func csvOfATruncatedInputEndsInAnEllipsis() {
        #expect(
            csv(input: Array("xx".utf8), isTruncated: true, .failure(.invalidCharacter("x", position: 1)))
                == "-,1,1,xx…,false,,invalid-character,invalid character 'x' at position 1\n")
        #expect(
            csv(input: Array("x,".utf8), isTruncated: true, .failure(.invalidCharacter("x", position: 1)))
                == "-,1,1,\"x,…\",false,,invalid-character,invalid character 'x' at position 1\n")
    }

    @Test func csvRowsHaveEightFields() {
        for result in [Self.valid, Self.wrongDigits, .failure(.empty), .failure(.format)] {
            let row = csv(input: Array("a,\"b\nc".utf8), result)
            let records = parseCSV(row)
            #expect(records.count == 1)
            #expect(records.first?.count == 8)
            // The line feed shows as `\n`: the input cell is in its readable form.
            #expect(records.first?[3] == "a,\"b\\nc")
        }
    }

    @Test(
        """
        CSV source and input cells show controls, DEL, C1 and format characters, backslashes and bad UTF-8 in the \
        readable form
        """,
        arguments: [
            ("390.533.447-05", "390.533.447-05"), ("a b", "a b"), ("a\\b", "a\\\\b"), ("x\ty", "x\\ty"),
            ("\u{1B}[2J", "\\x1b[2J"), ("\u{7F}", "\\x7f"), ("\u{9B}31m", "\\u{009b}31m"),
            ("a\u{202E}b", "a\\u{202e}b"),
            ("\u{2066}", "\\u{2066}"), ("é", "é"), ("a,\u{202E}", "\"a,\\u{202e}\""), ("=\u{1B}", "\"'=\\x1b\""),
        ])
    func readableCells(_ input: String, _ cell: String) {
        let written = capturedOutput { out in
            withBytes(Array(input.utf8)) { RecordWriter.writeReadableCSVField($0, to: out) }
        }
        #expect(String(decoding: written, as: UTF8.self) == cell)
    }

    @Test func aCutInputEndsInAnEllipsisAfterItsReadableForm() {
        let written = capturedOutput { out in
            withBytes([0x1B, 0xFF]) { RecordWriter.writeReadableCSVField($0, isTruncated: true, to: out) }
        }
        #expect(String(decoding: written, as: UTF8.self) == "\\x1b\\xff…")
    }

    @Test(
        "CSV cells that a spreadsheet would run as a formula get a quote in front",
        arguments: [
            ("=1+2", "\"'=1+2\""), ("+1", "\"'+1\""), ("-1", "\"'-1\""), ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("=\"a\"", "\"'=\"\"a\"\"\""),
            ("-", "-"), ("a=1", "a=1"), ("390.533.447-05", "390.533.447-05"), ("", ""),
        ])
    func formulaSafe(_ cell: String, _ written: String) {
        let bytes = capturedOutput { out in
            withBytes(Array(cell.utf8)) { RecordWriter.writeSafeCSVField($0, to: out) }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == written)
    }
}
