// Tests of CPF.swift: the CPF value type.

import CPFKit
import Testing

/// Parses text that the test knows is a valid CPF.
private func cpf(_ text: String, options: CPF.ParsingOptions = .lenient) throws -> CPF {
    try CPF(validating: text, options: options)
}

@Suite("CPF: making a CPF from text")
struct CPFInitTests {
    @Test(
        "the throwing initializer returns the CPF of valid text",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", " \t390.533.447-05\r",
        ])
    func validText(text: String) throws {
        #expect(try CPF(validating: text, options: .lenient).digits == "39053344705")
    }

    @Test("the throwing initializer throws the reason, as a typed CPFValidationError")
    func typedThrow() {
        do throws(CPFValidationError) {
            _ = try CPF(validating: "231.002.999-00", options: .lenient)
            Issue.record("231.002.999-00 was accepted")
        } catch {
            #expect(error == .checkDigits(expected: CPF.CheckDigits(first: 8, second: 1)))
            #expect(error.code == "check-digits")
        }
        #expect(throws: CPFValidationError.invalidCharacter("a", position: 5)) {
            try CPF(validating: "  39a", options: .lenient)
        }
        #expect(throws: CPFValidationError.format) { try CPF(validating: "390533447-05", options: .strict) }
    }

    @Test("the initializer reads a Substring like the String it shows")
    func substring() throws {
        let line = "x390.533.447-05x"
        #expect(try CPF(validating: line.dropFirst().dropLast(), options: .lenient).formatted == "390.533.447-05")
    }

    // The label matters: an unlabelled `try CPF("…")` with a String would pick
    // the failable LosslessStringConvertible init?(_:) and throw nothing.
    @Test("`try CPF(validating: \"…\")` with a String and no options throws the reason")
    func tryWithStringArgumentThrows() {
        #expect(throws: CPFValidationError.checkDigits(expected: CPF.CheckDigits(first: 8, second: 1))) {
            try CPF(validating: "231.002.999-00")
        }
    }

    @Test(
        "a CPF made from a base of nine digits has the check digits of the rule",
        arguments: [
            "390533447", "390.533.447", "  390 533 447\t", "390-533-447",
        ])
    func fromBaseString(base: String) throws {
        #expect(try CPF(base: base) == cpf("390.533.447-05"))
    }

    @Test(
        "a base that is not nine digits throws the reason",
        arguments: [
            ("", CPFValidationError.empty), ("   ", .empty), ("39053344", .length(digitCount: 8)),
            ("3905334470", .length(digitCount: 10)), ("390.533.447-05", .length(digitCount: 11)),
            ("39053344a", .invalidCharacter("a", position: 9)),
            ("\u{FF13}90533447", .invalidCharacter("\u{FF13}", position: 1)),
        ])
    func fromBadBaseString(base: String, error: CPFValidationError) {
        #expect(throws: error) { try CPF(base: base) }
    }
}

@Suite("CPF: what a CPF gives")
struct CPFPropertyTests {
    @Test("390.533.447-05 gives its digits, mask, LGPD form, base, check digits and region")
    func example() throws {
        let value = try cpf("390 533 447 05")
        #expect(value.digits == "39053344705")
        #expect(value.formatted == "390.533.447-05")
        #expect(value.lgpdMasked == "***.533.447-**")
        #expect(value.base == "390533447")
        #expect(value.checkDigits == CPF.CheckDigits(first: 0, second: 5))
        #expect(value.checkDigits.description == "05")
        #expect(value.fiscalRegion.digit == 7)
        #expect(value.fiscalRegion.states == ["ES", "RJ"])
        #expect(value.description == "390.533.447-05")
        #expect(value.debugDescription == "CPF(390.533.447-05)")
        #expect(String(describing: value) == "390.533.447-05")
        #expect(String(reflecting: value) == "CPF(390.533.447-05)")
        #expect("\(value)" == "390.533.447-05")
    }

    @Test(
        "every form keeps leading zeros",
        arguments: [
            ("000.000.001-91", "00000000191", "***.000.001-**", "000000001", "91", 1),
            ("049.628.441-05", "04962844105", "***.628.441-**", "049628441", "05", 1),
            ("111.444.777-35", "11144477735", "***.444.777-**", "111444777", "35", 7),
            ("123.456.789-09", "12345678909", "***.456.789-**", "123456789", "09", 9),
            ("231.002.999-81", "23100299981", "***.002.999-**", "231002999", "81", 9),
        ])
    func forms(masked: String, bare: String, lgpd: String, base: String, check: String, region: Int) throws {
        let value = try cpf(bare)
        #expect(value.formatted == masked)
        #expect(value.digits == bare)
        #expect(value.lgpdMasked == lgpd)
        #expect(value.base == base)
        #expect(value.checkDigits.description == check)
        #expect(value.fiscalRegion.digit == region)
    }

    @Test(
        "the ninth digit gives the fiscal region (docs/reference.md#the-cpf)",
        arguments: [
            (0, ["RS"]), (1, ["DF", "GO", "MT", "MS", "TO"]), (2, ["AC", "AP", "AM", "PA", "RO", "RR"]),
            (3, ["CE", "MA", "PI"]), (4, ["AL", "PB", "PE", "RN"]), (5, ["BA", "SE"]), (6, ["MG"]),
            (7, ["ES", "RJ"]), (8, ["SP"]), (9, ["PR", "SC"]),
        ])
    func fiscalRegion(ninthDigit: Int, states: [String]) throws {
        let value = try CPF(base: "12345678\(ninthDigit)")
        #expect(value[digitAt: 8] == ninthDigit)
        #expect(value.fiscalRegion.digit == ninthDigit)
        #expect(Set(value.fiscalRegion.states) == Set(states))
        #expect(value.fiscalRegion.states.count == states.count)
    }

    @Test("subscript digitAt gives each digit from the first (0) to the last (10)")
    func digitAt() throws {
        let value = try cpf("390.533.447-05")
        #expect((0..<11).map { value[digitAt: $0] } == [3, 9, 0, 5, 3, 3, 4, 4, 7, 0, 5])
    }

    @Test("writeDigits writes exactly 11 ASCII bytes where it is told")
    func writeDigits() throws {
        let value = try cpf("049.628.441-05")
        var buffer = [UInt8](repeating: 0xAA, count: 15)
        _ = buffer.withUnsafeMutableBytes { value.writeDigits(to: UnsafeMutableRawBufferPointer(rebasing: $0[2...])) }
        #expect(buffer[0..<2].allSatisfy { $0 == 0xAA })
        #expect(Array(buffer[2..<13]) == Array("04962844105".utf8))
        #expect(buffer[13...].allSatisfy { $0 == 0xAA })
    }

    @Test("writeFormatted writes exactly the 14 ASCII bytes of the mask where it is told")
    func writeFormatted() throws {
        let value = try cpf("049.628.441-05")
        var buffer = [UInt8](repeating: 0xAA, count: 18)
        _ = buffer.withUnsafeMutableBytes {
            value.writeFormatted(to: UnsafeMutableRawBufferPointer(rebasing: $0[2...]))
        }
        #expect(buffer[0..<2].allSatisfy { $0 == 0xAA })
        #expect(Array(buffer[2..<16]) == Array("049.628.441-05".utf8))
        #expect(buffer[16...].allSatisfy { $0 == 0xAA })
    }

    @Test("CPFs compare by their digits")
    func comparable() throws {
        let values = try ["390.533.447-05", "000.000.001-91", "111.444.777-35", "049.628.441-05", "123.456.789-09"].map
        { try cpf($0) }
        #expect(
            values.sorted().map(\.digits) == [
                "00000000191", "04962844105", "11144477735", "12345678909", "39053344705",
            ])
        #expect(try cpf("111.444.777-35") < cpf("390.533.447-05"))
        #expect(!(try cpf("390.533.447-05") < cpf("390.533.447-05")))
        #expect(try cpf("390.533.447-05") <= cpf("39053344705"))
    }

    @Test("the masked, bare and spaced forms of one number are one value: a Set keeps one")
    func hashable() throws {
        let forms = ["390.533.447-05", "39053344705", "390 533 447 05", " 390-533-447-05\t", "3.9.0.5.3.3.4.4.7.0.5"]
        let values = try forms.map { try cpf($0) }
        #expect(Set(values).count == 1)
        #expect(Set(values.map(\.hashValue)).count == 1)
        let others = try Set(["111.444.777-35", "11144477735", "123.456.789-09", "390.533.447-05"].map { try cpf($0) })
        #expect(others.count == 3)
        #expect(try cpf("111.444.777-35") != cpf("390.533.447-05"))
    }

    @Test("CPF is Sendable, Hashable, Codable and LosslessStringConvertible")
    func conformances() throws {
        func check<T: Sendable & Hashable & Codable & LosslessStringConvertible & Comparable>(_ value: T) -> Bool {
            true
        }
        #expect(check(try cpf("390.533.447-05")))
    }

    @Test("asking for a digit outside 0…10 stops the program")
    func digitAtOutOfRange() async {
        await #expect(processExitsWith: .failure) {
            _ = CPF(base: 390_533_447)[digitAt: 11]
        }
        await #expect(processExitsWith: .failure) {
            _ = CPF(base: 390_533_447)[digitAt: -1]
        }
    }
}

@Suite("CPF: round trips")
struct CPFRoundTripTests {
    @Test("for 20,000 random valid CPFs, formatted and digits parse back to the same CPF and every view agrees")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 0x0DD_BA11_CAFE_F00D)
        var previous: CPF?
        var failures = 0
        for _ in 0..<20_000 {
            let baseText = String(
                decoding: (0..<9).map { _ in UInt8.random(in: 0x30...0x39, using: &rng) }, as: UTF8.self)
            let check = try baseText.checkDigitsOfBase().get()
            let bare = baseText + check.description
            guard Set(bare).count > 1 else { continue }
            let value = try CPF(validating: bare, options: .strict)
            var ok = true
            ok = ok && value.digits == bare
            ok = ok && (try? CPF(validating: value.formatted, options: .strict)) == value
            ok = ok && (try? CPF(validating: value.digits, options: .strict)) == value
            ok = ok && (try? CPF(base: value.base)) == value
            ok = ok && value.checkDigits == check
            ok = ok && value.base == baseText
            ok = ok && (0..<11).map { value[digitAt: $0] } == bare.utf8.map { Int($0 - 0x30) }
            ok =
                ok
                && value.formatted
                    == "\(bare.prefix(3)).\(bare.dropFirst(3).prefix(3)).\(bare.dropFirst(6).prefix(3))-\(bare.suffix(2))"
            ok = ok && value.lgpdMasked == "***" + value.formatted.dropFirst(3).dropLast(2) + "**"
            ok = ok && value.fiscalRegion.digit == value[digitAt: 8]
            if let previous {
                ok = ok && (previous < value) == (previous.digits < value.digits)
                ok = ok && (previous == value) == (previous.digits == value.digits)
            }
            if !ok {
                failures += 1
                if failures <= 10 { Issue.record("round trip failed for \(bare)") }
            }
            previous = value
        }
        #expect(failures == 0)
    }
}
