// Tests of CPF+ParsingOptions.swift: lenient, strict, pad, allowsRepeatedDigits
// and their combinations (docs/reference.md#input-rules-and-reasons).

import CPFKit
import Testing

private let lenient = CPF.ParsingOptions.lenient
private let strict = CPF.ParsingOptions.strict
private let pad = CPF.ParsingOptions(padsLeadingZeros: true)
private let strictPad = CPF.ParsingOptions(format: .strict, padsLeadingZeros: true)
private let allowRepeated = CPF.ParsingOptions(allowsRepeatedDigits: true)

private func expected(_ first: Int, _ second: Int) -> CPFValidationError {
    .checkDigits(expected: CPF.CheckDigits(first: first, second: second))
}

@Suite("ParsingOptions: the values")
struct ParsingOptionsValueTests {
    @Test("the default is lenient, no padding, repeated digits rejected")
    func defaults() {
        let options = CPF.ParsingOptions()
        #expect(options.format == .lenient)
        #expect(!options.padsLeadingZeros)
        #expect(!options.allowsRepeatedDigits)
        #expect(options == .lenient)
        #expect(CPF.ParsingOptions.strict == CPF.ParsingOptions(format: .strict))
        #expect(CPF.ParsingOptions.strict.format == .strict)
        #expect(!CPF.ParsingOptions.strict.padsLeadingZeros && !CPF.ParsingOptions.strict.allowsRepeatedDigits)
    }

    @Test("the eight combinations are distinct values and can be changed in place")
    func combinations() {
        var all = Set<CPF.ParsingOptions>()
        for format in [CPF.ParsingOptions.Format.lenient, .strict] {
            for pads in [false, true] {
                for repeated in [false, true] {
                    all.insert(
                        CPF.ParsingOptions(format: format, padsLeadingZeros: pads, allowsRepeatedDigits: repeated))
                }
            }
        }
        #expect(all.count == 8)
        var options = CPF.ParsingOptions.lenient
        options.format = .strict
        options.padsLeadingZeros = true
        options.allowsRepeatedDigits = true
        #expect(options == CPF.ParsingOptions(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true))
    }
}

@Suite("ParsingOptions: lenient")
struct LenientTests {
    @Test(
        "dots, dashes and spaces anywhere among the digits, and space/tab/CR around, are accepted",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", "390-533-447-05", "3.9.0.5.3.3.4.4.7.0.5",
            "390..533--447  05", "390 . 533 - 447 . 05", ".390.533.447-05.", "-39053344705-",
            " \t\r390.533.447-05\r\t ",
            "\t39053344705", "39053344705\r",
        ])
    func accepted(input: String) {
        #expect(input.validatedCPF(options: lenient).map(\.digits) == .success("39053344705"))
    }

    @Test(
        "a tab or CR inside is an invalid character, even between spaces",
        arguments: [
            ("390\t533.447-05", "\t" as Unicode.Scalar, 4), ("390 \r 533 447 05", "\r", 5),
            ("39053344705 \t 1", "\t", 13),
        ])
    func controlInside(input: String, scalar: Unicode.Scalar, position: Int) {
        #expect(input.cpfError(options: lenient) == .invalidCharacter(scalar, position: position))
    }
}

@Suite("ParsingOptions: strict")
struct StrictTests {
    @Test(
        "only DDDDDDDDDDD and DDD.DDD.DDD-DD are accepted, surrounding space/tab/CR trimmed",
        arguments: [
            "39053344705", "390.533.447-05", "  390.533.447-05\t", "\r39053344705 ",
        ])
    func accepted(input: String) {
        #expect(input.validatedCPF(options: strict).map(\.digits) == .success("39053344705"))
    }

    @Test(
        "any other arrangement of digits and separators is a format error",
        arguments: [
            "390 533 447 05", "390533447-05", "390.53344705", "390.533.447.05", "390-533-447-05", "390.533.447-0.5",
            "390..533.447-05", ".390.533.447-05", "390.533.447-05.", "39.053.344.705", "390.533.447 -05", "3905334470",
            "390.533.447-0", "390.533.447-055", "390533447055", "...", "-",
        ])
    func formatError(input: String) {
        #expect(input.cpfError(options: strict) == .format)
    }

    @Test(
        "strict mode still reports bad characters, repeated digits and check digits",
        arguments: [
            ("390.533.447=05", CPFValidationError.invalidCharacter("=", position: 12)),
            ("111.111.111-11", .repeatedDigits), ("11111111111", .repeatedDigits),
            ("231.002.999-00", expected(8, 1)), ("23100299900", expected(8, 1)),
        ])
    func otherReasons(input: String, error: CPFValidationError) {
        #expect(input.cpfError(options: strict) == error)
    }
}

@Suite("ParsingOptions: padding leading zeros")
struct PaddingTests {
    @Test(
        "a bare run of 1 to 10 digits is left-padded with zeros to 11",
        arguments: [
            ("191", "00000000191"), ("1244", "00000001244"), ("5334403", "00005334403"), ("4962844105", "04962844105"),
            ("  5334403\t", "00005334403"), ("04962844105", "04962844105"), ("00005334403", "00005334403"),
        ])
    func padded(input: String, digits: String) {
        #expect(input.validatedCPF(options: pad).map(\.digits) == .success(digits))
        #expect(input.validatedCPF(options: strictPad).map(\.digits) == .success(digits))
    }

    @Test(
        "without the option, a short run is a length error",
        arguments: [("191", 3), ("5334403", 7), ("4962844105", 10)])
    func notPaddedByDefault(input: String, count: Int) {
        #expect(input.cpfError(options: lenient) == .length(digitCount: count))
    }

    @Test("\"0\" pads to 000.000.000-00, which is a repeated number")
    func zero() {
        #expect("0".cpfError(options: pad) == .repeatedDigits)
        #expect("0000000000".cpfError(options: pad) == .repeatedDigits)
        #expect(
            "0".validatedCPF(options: .init(padsLeadingZeros: true, allowsRepeatedDigits: true)).map(\.digits)
                == .success("00000000000"))
        #expect(
            "0".validatedCPF(options: .init(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true)).map(
                \.digits)
                == .success("00000000000"))
    }

    // The documentation of ParsingOptions and of CPF.init(_:options:) shows
    // `try CPF(validating: "5334470", options: .init(padsLeadingZeros: true)) // 000.053.344-70`;
    // 000.053.344-70 is not valid (python-stdnum agrees): base 000053344 has check digits 03.
    @Test(
        "padded digits are then checked like any other: 5334470 pads to a number whose check digits should be 03",
        arguments: [
            ("5334470", expected(0, 3)), ("1", expected(0, 0)), ("190", expected(9, 1)),
        ])
    func paddedThenChecked(input: String, error: CPFValidationError) {
        #expect(input.cpfError(options: pad) == error)
    }

    @Test(
        "with separators there is no padding: the digit count is reported",
        arguments: [
            ("533.440-3", 7), ("5 334 403", 7), ("049.628.441-0", 10), (".191", 3),
        ])
    func separatorsPreventPadding(input: String, count: Int) {
        #expect(input.cpfError(options: pad) == .length(digitCount: count))
    }

    @Test(
        "with separators and strict, a short input is a format error",
        arguments: ["533.440-3", "5 334 403", "049.628.441-0"])
    func strictSeparatorsPreventPadding(input: String) {
        #expect(input.cpfError(options: strictPad) == .format)
    }

    @Test("more than 11 digits is never padded or cut", arguments: ["390533447051", "0039053344705"])
    func tooLong(input: String) {
        #expect(input.cpfError(options: pad) == .length(digitCount: input.count))
        #expect(input.cpfError(options: strictPad) == .format)
    }

    @Test("padding does not change how bad characters and empty input are reported")
    func badInputWithPadding() {
        #expect("12a".cpfError(options: pad) == .invalidCharacter("a", position: 3))
        #expect(" \t ".cpfError(options: pad) == .empty)
    }
}

@Suite("ParsingOptions: repeated digits")
struct RepeatedDigitsOptionTests {
    @Test("the ten repeated-digit numbers are accepted only with allowsRepeatedDigits", arguments: 0...9)
    func repeated(digit: Int) {
        let bare = String(repeating: String(digit), count: 11)
        let masked = "\(bare.prefix(3)).\(bare.dropFirst(3).prefix(3)).\(bare.dropFirst(6).prefix(3))-\(bare.suffix(2))"
        for input in [bare, masked] {
            #expect(input.cpfError(options: lenient) == .repeatedDigits)
            #expect(input.cpfError(options: strict) == .repeatedDigits)
            #expect(input.validatedCPF(options: allowRepeated).map(\.digits) == .success(bare))
            #expect(
                input.validatedCPF(options: .init(format: .strict, allowsRepeatedDigits: true)).map(\.formatted)
                    == .success(masked))
        }
    }

    @Test(
        "allowing repeated digits changes nothing else",
        arguments: ["390.533.447-06", "3905334470", "390 533 447 05", "x"])
    func nothingElse(input: String) {
        #expect(input.validatedCPF(options: allowRepeated) == input.validatedCPF(options: lenient))
        #expect(
            input.validatedCPF(options: .init(format: .strict, allowsRepeatedDigits: true))
                == input.validatedCPF(options: strict))
    }
}
