// End-to-end tests of `cpf pseudonymize --field` on a generated CSV with
// every form of issue 25: valid CPFs (bare, masked, spaced), padded-valid
// runs, mistyped CPFs, repeated numbers and text that is no CPF. After the
// run no value of the column is an input CPF-like value in clear, every
// other byte of each record is unchanged, and --reverse restores the valid ones.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf pseudonymize --field: nothing personal left in clear")
struct PseudonymizeColumnEndToEndTests {
    /// The column's values, and whether each is a valid CPF in the default options.
    static func values() -> [(text: String, valid: Bool)] {
        var random = SplitMix64(seed: 25)
        var values: [(String, Bool)] = []
        for index in 0..<300 {
            let cpf = CPF(base: Int.random(in: 1...999_999_998, using: &random))
            let digits = cpf.digits
            switch index % 10 {
            case 0: values.append((digits, true))
            case 1: values.append((cpf.formatted, true))
            case 2: values.append((" " + cpf.formatted.replacingOccurrences(of: ".", with: " ") + " ", true))
            case 3:
                // Mistyped: the last digit changed.
                let last = Int(String(digits.last!))!
                values.append((String(digits.dropLast()) + String((last + 1) % 10), false))
            case 4:
                let base = CPF(base: Int.random(in: 1...9_999_999, using: &random))
                values.append((String(base.digits.drop { $0 == "0" }), false))  // padded-valid, zeros lost
            case 5: values.append(("N/A", false))
            case 6: values.append(("", false))
            case 7: values.append(("111.111.111-11", false))
            case 8:
                let masked = cpf.formatted
                values.append((String(masked.dropLast()) + (masked.last == "0" ? "1" : "0"), false))
            default: values.append((cpf.formatted, true))
            }
        }
        return values
    }

    static func record(_ index: Int, _ value: String) -> String {
        "\(index),\"Name \(index), Jr\",\"\(value)\",\"note \(index)\r\nsecond line\"\r\n"
    }

    @Test func theColumnHoldsNothingPersonalAndEveryOtherByteIsKept() throws {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        let values = Self.values()
        let csv = "id,name,cpf,notes\r\n" + values.enumerated().map { Self.record($0.offset, $0.element.text) }.joined()
        let file = directory.file("export.csv", Data(csv.utf8))
        let result = run(["pseudonymize", "--key-file", key, "--field", "cpf", "--header", "-i", file])
        #expect(result.status == 1)
        let output = String(decoding: result.stdout, as: UTF8.self)
        var records = output.components(separatedBy: "\r\nsecond line\"\r\n")
        #expect(records.removeLast() == "")
        try #require(records.count == values.count)
        #expect(records[0].hasPrefix("id,name,cpf,notes\r\n"))
        records[0].removeFirst("id,name,cpf,notes\r\n".count)
        for (index, record) in records.enumerated() {
            let prefix = "\(index),\"Name \(index), Jr\",\""
            let suffix = "\",\"note \(index)"
            #expect(record.hasPrefix(prefix) && record.hasSuffix(suffix), "\(record)")
            let value = String(record.dropFirst(prefix.count).dropLast(suffix.count))
            let input = values[index].text
            let inputDigits = input.filter(\.isNumber)
            if inputDigits.count >= 9, input != "111.111.111-11" {
                // Valid, padded-valid or mistyped: not in clear.
                #expect(!value.contains(inputDigits), "\(input) -> \(value)")
                #expect(value.filter(\.isNumber) != inputDigits)
            }
            if !values[index].valid, inputDigits.count >= 9 {
                #expect(value.allSatisfy { !$0.isNumber }, "\(input) hidden -> \(value)")
            }
            if input == "N/A" || input.isEmpty { #expect(value == input) }
        }
        // --reverse restores the valid ones.
        let pseudonymized = directory.file("pseudonymized.csv", result.stdout)
        let back = run(
            ["pseudonymize", "--key-file", key, "--reverse", "--field", "3", "--header", "-i", pseudonymized])
        let restored = String(decoding: back.stdout, as: UTF8.self)
        for (index, value) in values.enumerated() where value.valid {
            #expect(restored.contains(Self.record(index, value.text)), "\(value.text)")
        }
    }

    @Test func padWritesElevenDigitsAndReversesThem() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let result = run(["pseudonymize", "--key-file", key, "--pad"], stdin: Data("1091905720\n"))
        #expect(result.status == 0)
        let pseudonym = String(decoding: result.stdout, as: UTF8.self)
        #expect(pseudonym.count == 12)
        let back = run(["pseudonymize", "--key-file", key, "--pad", "--reverse"], stdin: result.stdout)
        #expect(back.stdout == Data("01091905720\n"))
    }

    @Test func padReadsASpreadsheetsNumbersAndHidesThemWithoutIt() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let column = Data("id,cpf\n1,1.09190572E+09\n2,1091905720.0\n3,1.09E+09\n")
        let padded = run(["pseudonymize", "--key-file", key, "--pad", "-f", "cpf", "--header"], stdin: column)
        let rows = String(decoding: padded.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        // The same CPF twice, as 11 digits; the rounded number hidden.
        #expect(rows[1].dropFirst(2).count == 11 && rows[1].dropFirst(2) == rows[2].dropFirst(2))
        #expect(rows[3] == "3,*.**E+**")
        #expect(padded.status == 1)
        let back = run(["pseudonymize", "--key-file", key, "--pad", "--reverse", "-f", "2"], stdin: Data(rows[1]))
        #expect(back.stdout == Data("1,01091905720\n"))
        // Without --pad the exact numbers are refused, and hidden: they may be CPFs.
        let unpadded = run(["pseudonymize", "--key-file", key, "-f", "2", "--header"], stdin: column)
        #expect(unpadded.stdout == Data("id,cpf\n1,*.********E+**\n2,**********.*\n3,1.09E+09\n"))
    }

    @Test(
        "--invalid keep, hide or blank for a mistyped CPF; N/A always kept",
        arguments: [("keep", "390.533.447-00"), ("hide", "***.***.***-**"), ("blank", "")])
    func invalidPolicies(policy: String, expected: String) {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let result = run(
            ["pseudonymize", "--key-file", key, "--invalid", policy, "-f", "2"],
            stdin: Data("a,390.533.447-00,z\nb,N/A,z\n"))
        #expect(result.stdout == Data("a,\(expected),z\nb,N/A,z\n"))
        #expect(result.status == 1)
    }

    @Test func wholeLinesFollowThePolicyToo() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let result = run(["pseudonymize", "--key-file", key], stdin: Data("390.533.447-00\n1091905720\nfoo\n"))
        #expect(result.stdout == Data("***.***.***-**\n**********\nfoo\n"))
        #expect(result.status == 1)
    }

    @Test func strictAndAllowRepeated() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        defer { _ = directory }
        let strict = run(["pseudonymize", "--key-file", key, "--strict"], stdin: Data("390 533 447 05\n"))
        #expect(strict.stdout == Data("*** *** *** **\n"))
        let repeated = run(["pseudonymize", "--key-file", key, "--allow-repeated"], stdin: Data("111.111.111-11\n"))
        #expect(repeated.stdout == Data("111.111.111-11\n"))
        #expect(repeated.status == 0)
    }
}
