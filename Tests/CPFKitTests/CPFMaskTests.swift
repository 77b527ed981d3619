// Tests of CPFMask.swift: the mask of an incomplete number, as typed.

import CPFKit
import Testing

@Suite("CPFMask")
struct CPFMaskTests {
    @Test(
        "digits are masked as they come, separators appearing only once a digit follows them",
        arguments: [
            ("", ""), ("3", "3"), ("39", "39"), ("390", "390"), ("3905", "390.5"), ("39053", "390.53"),
            ("390533", "390.533"),
            ("3905334", "390.533.4"), ("39053344", "390.533.44"), ("390533447", "390.533.447"),
            ("3905334470", "390.533.447-0"),
            ("39053344705", "390.533.447-05"),
        ])
    func apply(text: String, masked: String) {
        #expect(CPFMask.apply(to: text) == masked)
    }

    @Test(
        "the documented examples",
        arguments: [
            ("3905", "390.5"), ("390533447", "390.533.447"), ("390533447055", "390.533.447-05"), ("39a0", "390"),
        ])
    func documented(text: String, masked: String) {
        #expect(CPFMask.apply(to: text) == masked)
    }

    @Test(
        "only the first 11 ASCII digits count; every other character, non-ASCII digits included, is ignored",
        arguments: [
            ("390.533.447-05", "390.533.447-05"), ("  390 533 447 05  ", "390.533.447-05"),
            ("3905334470512345", "390.533.447-05"),
            ("\u{FF13}\u{FF19}\u{FF10}5", "5"), ("3\u{301}9\u{663}0", "390"), ("abc", ""), ("..-", ""),
            ("3-9.0 5", "390.5"),
        ])
    func ignoresOtherCharacters(text: String, masked: String) {
        #expect(CPFMask.apply(to: text) == masked)
        #expect(CPFMask.apply(to: Substring(text)) == masked)
    }

    @Test("the limits are 14 characters and 11 digits")
    func limits() {
        #expect(CPFMask.maximumLength == 14)
        #expect(CPFMask.maximumDigitCount == 11)
    }

    @Test("the one definition of the mask: '.' at 3 and 7, '-' at 11, a digit everywhere else", arguments: 0..<14)
    func separator(position: Int) {
        let expected: UInt8? =
            switch position {
            case 3, 7: UInt8(ascii: ".")
            case 11: UInt8(ascii: "-")
            default: nil
            }
        #expect(CPFMask.separator(at: position) == expected)
        let pattern = Array("DDD.DDD.DDD-DD".utf8)
        #expect(CPFMask.separator(at: position) == (pattern[position] == UInt8(ascii: "D") ? nil : pattern[position]))
    }

    @Test("every writer of the 14-byte form follows separator(at:): CPF.formatted, CPFMask.apply and write")
    func writersAgree() throws {
        let cpf = try CPF(validating: "39053344705")
        let formatted = Array(cpf.formatted.utf8)
        #expect(formatted.count == CPFMask.maximumLength)
        for (position, byte) in formatted.enumerated() {
            if let separator = CPFMask.separator(at: position) {
                #expect(byte == separator)
            } else {
                #expect(byte &- 0x30 < 10)
            }
        }
        #expect(CPFMask.apply(to: cpf.digits) == cpf.formatted)
        var buffer = [UInt8](repeating: 0, count: 14)
        let count = Array(cpf.digits.utf8).withUnsafeBytes { digits in
            buffer.withUnsafeMutableBytes { CPFMask.write(digits: digits, to: $0) }
        }
        #expect(Array(buffer[..<count]) == formatted)
    }

    @Test("write(digits:to:) writes the mask of up to 11 digits and says how many bytes", arguments: 0...13)
    func write(count: Int) {
        let digits = Array("3905334470512".utf8.prefix(count))
        var buffer = [UInt8](repeating: 0xAA, count: 20)
        let written = digits.withUnsafeBytes { digits in
            buffer.withUnsafeMutableBytes {
                CPFMask.write(digits: digits, to: UnsafeMutableRawBufferPointer(rebasing: $0[2...]))
            }
        }
        let expected = Array(CPFMask.apply(to: String(decoding: digits, as: UTF8.self)).utf8)
        #expect(written == expected.count)
        #expect(Array(buffer[2..<2 + written]) == expected)
        #expect(buffer[0..<2].allSatisfy { $0 == 0xAA })
        #expect(buffer[(2 + written)...].allSatisfy { $0 == 0xAA })
    }

    @Test("write(digits:to:) writes nothing for no digits, even from a buffer without an address")
    func writeNothing() {
        var buffer = [UInt8](repeating: 0xAA, count: 14)
        let written = buffer.withUnsafeMutableBytes {
            CPFMask.write(digits: UnsafeRawBufferPointer(start: nil, count: 0), to: $0)
        }
        #expect(written == 0)
        #expect(buffer.allSatisfy { $0 == 0xAA })
    }

    @Test(
        "the caret after the last of n typed digits is at maskedLength(digitCount: n), the end of the partial mask",
        arguments: 0...11)
    func offsetAtEndOfPartialMask(count: Int) {
        let partial = CPFMask.apply(to: String("39053344705".prefix(count)))
        #expect(CPFMask.maskedLength(digitCount: count) == partial.count)
    }

    @Test(
        "the mask length counts a separator only once a digit follows it",
        arguments: [
            (0, 0), (1, 1), (2, 2), (4, 5), (5, 6), (7, 9), (8, 10), (10, 13), (11, 14),
        ])
    func offsets(digit: Int, offset: Int) {
        #expect(CPFMask.maskedLength(digitCount: digit) == offset)
    }

    @Test("maskedLength(digitCount:) outside 0…11 stops the program")
    func offsetOutOfRange() async {
        await #expect(processExitsWith: .failure) { _ = CPFMask.maskedLength(digitCount: 12) }
        await #expect(processExitsWith: .failure) { _ = CPFMask.maskedLength(digitCount: -1) }
    }
}
