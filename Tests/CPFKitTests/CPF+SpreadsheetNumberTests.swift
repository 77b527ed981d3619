// Tests of CPF+SpreadsheetNumber.swift: with padding, a whole number as a
// spreadsheet writes it (`1091905720.0`, `1.09190572E+09`) is read as its
// digits, by the readable rule, the byte parser and the streaming parser alike.
// It uses CPFInputGenerator, allParsingOptions and parseBytes from CPF+BytesTests.swift.

import CPFKit
import Testing

private let padded = CPF.ParsingOptions(padsLeadingZeros: true)

/// The streaming parser's result on `text` fed one byte at a time.
private func streamedByteByByte(_ text: String, options: CPF.ParsingOptions) -> Result<CPF, CPFValidationError> {
    var parser = CPF.StreamingParser(options: options)
    for byte in text.utf8 { parser.consume(byte) }
    return parser.result
}

@Suite("Spreadsheet numbers: what --pad reads")
struct SpreadsheetNumberTests {
    @Test(
        "a whole number a spreadsheet wrote is the CPF of its digits, padded",
        arguments: [
            ("1091905720.0", "010.919.057-20"), ("1091905720.00", "010.919.057-20"),
            ("1.09190572E+09", "010.919.057-20"), ("1.09190572e+09", "010.919.057-20"),
            ("1.09190572E09", "010.919.057-20"), ("1.091905720E+09", "010.919.057-20"),
            ("1.0919057200000E+09", "010.919.057-20"), (" 1.09190572E+09\r", "010.919.057-20"),
            ("39053344705.0", "390.533.447-05"), ("3.9053344705E+10", "390.533.447-05"),
            ("5334403.0", "000.053.344-03"), ("5.334403E+06", "000.053.344-03"),
        ])
    func readsWholeNumbers(text: String, formatted: String) throws {
        #expect(try CPF(validating: text, options: padded).formatted == formatted)
        #expect(parseBytes(Array(text.utf8), options: padded).map(\.formatted) == .success(formatted))
        #expect(streamedByteByByte(text, options: padded).map(\.formatted) == .success(formatted))
    }

    @Test(
        "anything but a whole number of 1 to 11 digits is read by the usual rule; a rounded one is read as written",
        arguments: [
            // Not a whole number: the usual rule reads the E as a character.
            ("1.09190572E+07", CPFValidationError.invalidCharacter("E", position: 11)),
            ("1.09190572E-09", .invalidCharacter("E", position: 11)),
            ("1.09190572E+009", .invalidCharacter("E", position: 11)),
            ("1.0E+11", .invalidCharacter("E", position: 4)), ("10.9190572E+08", .invalidCharacter("E", position: 11)),
            ("1.E+09", .invalidCharacter("E", position: 3)), ("E+09", .invalidCharacter("E", position: 1)),
            ("1 .09190572E+09", .invalidCharacter("E", position: 12)),
            // A fraction that is not zero: the point is a separator, as it always was.
            ("1091905720.5", .checkDigits(expected: .init(first: 0, second: 9))),
            // A number the spreadsheet rounded is read as written: its check digits fail.
            ("1.09E+09", .checkDigits(expected: .init(first: 5, second: 7))),
            ("1091905720.", .length(digitCount: 10)), ("123456789012.0", .length(digitCount: 13)),
        ])
    func refusesTheRest(text: String, error: CPFValidationError) {
        #expect(throws: error) { try CPF(validating: text, options: padded) }
        #expect(parseBytes(Array(text.utf8), options: padded) == .failure(error))
        #expect(streamedByteByByte(text, options: padded) == .failure(error))
    }

    @Test(
        "without --pad, or in strict mode, a spreadsheet number is not read as one",
        arguments: ["1091905720.0", "1.09190572E+09"])
    func onlyWithLenientPadding(text: String) {
        for options in allParsingOptions where !(options.padsLeadingZeros && options.format == .lenient) {
            #expect((try? CPF(validating: text, options: options)) == nil, "\(options)")
            #expect(parseBytes(Array(text.utf8), options: options) == text.validatedCPF(options: options))
        }
    }

    @Test(
        """
        20,000 random spreadsheet numbers and near misses: the byte parser, the streaming parser (in random \
        pieces) and isValidUTF8 give the readable rule's answer under all 8 option combinations
        """
    )
    func agreesWithReadableRule() {
        var generator = CPFInputGenerator(seed: 0x5EED_5EE7)
        var cutter = SplitMix64(seed: 0xE_0909)
        var mismatches = 0
        var readAsSpreadsheet = 0
        for _ in 0..<20_000 {
            let bytes = generator.spreadsheetNumber()
            let text = String(decoding: bytes, as: UTF8.self)
            for options in allParsingOptions {
                let readable = text.validatedCPF(options: options)
                let fast = parseBytes(bytes, options: options)
                var parser = CPF.StreamingParser(options: options)
                var index = 0
                while index < bytes.count {
                    let end = min(bytes.count, index + Int(cutter.next() % 6))
                    bytes[index..<end].withUnsafeBytes { parser.consume($0) }
                    index = end
                }
                let isValid = bytes.withUnsafeBytes { CPF.isValidUTF8($0, options: options) }
                if options == padded, case .success = readable, bytes.contains(UInt8(ascii: "E")) {
                    readAsSpreadsheet += 1
                }
                if fast != readable || parser.result != readable || isValid != ((try? readable.get()) != nil) {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record("\(show(bytes)) \(options): readable \(readable), parse \(fast), \(parser.result)")
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(readAsSpreadsheet >= 3_000, "only \(readAsSpreadsheet) scientific numbers read as CPFs")
    }

    @Test("a spreadsheet number keeps the streaming parser unsettled until it can no longer be one")
    func settling() {
        var parser = CPF.StreamingParser(options: padded)
        for byte in "1091905720.000000000000".utf8 { parser.consume(byte) }
        #expect(!parser.isSettled)
        #expect(parser.result.map(\.digits) == .success("01091905720"))
        parser.consume(UInt8(ascii: "x"))
        #expect(parser.isSettled)
    }
}
