// End-to-end tests of `format`, `strip` and `complete` with `--field`,
// `--delimiter` and `--header`: one field of each CSV record rewritten in
// place, every other byte kept.

import CPFTestSupport
import Foundation
import Testing

@Suite("format, strip and complete --field")
struct FieldRewritingEndToEndTests {
    /// A CSV file as Excel's "CSV UTF-8" writes it: a byte order mark, CRLF,
    /// quoted fields with commas, doubled quotes and a line break.
    static let csv =
        Data([0xEF, 0xBB, 0xBF])
        + Data(
            "name,cpf,note\r\n" + "\"Silva, Ana\",39053344705,ok\r\n"
                + "\"Souza \"\"Rui\"\"\",\"529.982.247-25\",\"two\r\nlines\"\r\n" + "Nobody\r\n" + "Bad,\"12,3\",x\r\n"
                + "Last,231.002.999-00,\"\"")

    @Test func formatRewritesOnlyTheField() {
        let result = run(["format", "--field", "2", "--header"], stdin: Self.csv)
        let expected =
            Data([0xEF, 0xBB, 0xBF])
            + Data(
                "name,cpf,note\r\n" + "\"Silva, Ana\",390.533.447-05,ok\r\n"
                    + "\"Souza \"\"Rui\"\"\",\"529.982.247-25\",\"two\r\nlines\"\r\n" + "Nobody\r\n"
                    + "Bad,\"12,3\",x\r\n" + "Last,231.002.999-00,\"\"\n")
        #expect(result.stdout == expected)
        #expect(
            result.stderr == """
                cpf: -:5: no field 2 in this record
                cpf: -:6: '**,*': invalid character ',' at position 3
                cpf: 5 read, 3 rewritten, 2 not rewritten

                """)
        #expect(result.status == 1)
    }

    @Test func stripKeepsQuotesAroundAFieldThatHadThem() {
        let result = run(["strip", "-f", "2", "--header"], stdin: Self.csv)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("\"Silva, Ana\",39053344705,ok\r\n"))
        #expect(text.contains("\"Souza \"\"Rui\"\"\",\"52998224725\",\"two\r\nlines\"\r\n"))
        #expect(text.contains("Last,23100299900,\"\"\n"))
        #expect(result.stdout.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
    }

    @Test func completeFillsTheCheckDigitsOfATabSeparatedField() {
        let result = run(
            ["complete", "--field", "2", "--delimiter", "tab", "--formatted"],
            stdin: Data("a\t390533447\tz\nb\t\"529982247\"\n"))
        #expect(result.stdout == Data("a\t390.533.447-05\tz\nb\t\"529.982.247-25\"\n"))
        #expect(result.status == 0)
    }

    // Issue 13 refuses a delimiter that can be part of a CPF ('.', '-', a
    // digit, a space), so a rewritten value never needs quoting for it.
    @Test func aDelimiterThatCanBeInTheValueIsRefused() {
        let result = run(["format", "--field", "1", "--delimiter", "."], stdin: Data("39053344705.x\n"))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cpf: invalid value '.' for '--delimiter'"))
        #expect(result.status == 2)
    }

    @Test func withSeveralInputsOnlyTheFirstHeaderAndMarkAreKept() {
        let directory = TemporaryDirectory()
        let first = directory.file("a.csv", Data([0xEF, 0xBB, 0xBF]) + Data("id,cpf\n1,39053344705\n"))
        let second = directory.file("b.csv", Data([0xEF, 0xBB, 0xBF]) + Data("id,cpf\n2,52998224725\n"))
        let result = run(["format", "--field", "2", "--header", "-i", first, "-i", second])
        #expect(result.stdout == Data([0xEF, 0xBB, 0xBF]) + Data("id,cpf\n1,390.533.447-05\n2,529.982.247-25\n"))
        #expect(result.status == 0)
    }

    @Test func anUnterminatedQuoteIsReportedWithTheLineItStartsOn() {
        let result = run(["format", "--field", "2"], stdin: Data("a,39053344705\nb,\"390\nc,1\nd,2\n"))
        #expect(result.stdout == Data("a,390.533.447-05\nb,\"390\nc,1\nd,2\n\n"))
        #expect(result.stderr.contains("cpf: -:2: unterminated quoted field"))
        #expect(result.status == 2)
    }

    @Test func aLongFieldThatIsNotACPFPassesThroughInBoundedMemory() {
        let long = String(repeating: "9", count: 3 << 20)
        let result = run(["strip", "--field", "2"], stdin: Data("a,\"\(long)\",b\nc,390.533.447-05\n"))
        #expect(result.stdout == Data("a,\"\(long)\",b\nc,39053344705\n"))
        #expect(result.status == 1)
    }

    @Test func headerAloneMeansTheFirstLineIsAHeader() {
        let result = run(["format", "--header"], stdin: Data("cpf\n39053344705\n"))
        #expect(result.stdout == Data("cpf\n390.533.447-05\n"))
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func wholeLineFiltersCopyTheByteOrderMark() {
        let result = run(["strip"], stdin: Data([0xEF, 0xBB, 0xBF]) + Data("390.533.447-05\n"))
        #expect(result.stdout == Data([0xEF, 0xBB, 0xBF]) + Data("39053344705\n"))
    }
}
