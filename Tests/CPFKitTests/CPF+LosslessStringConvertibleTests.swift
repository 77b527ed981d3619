// Tests of CPF+LosslessStringConvertible.swift: CPF from and to its description.

import CPFKit
import Testing

/// Goes through the protocol only, as generic code would.
private func reread<T: LosslessStringConvertible>(_ value: T) -> T? {
    T(value.description)
}

private func make<T: LosslessStringConvertible>(_ type: T.Type, from text: String) -> T? {
    T(text)
}

@Suite("CPF: LosslessStringConvertible")
struct CPFLosslessStringConvertibleTests {
    @Test(
        "valid text, read leniently, gives the CPF",
        arguments: [
            "390.533.447-05", "39053344705", "390 533 447 05", "\t390.533.447-05\r",
        ])
    func valid(text: String) {
        #expect(make(CPF.self, from: text)?.digits == "39053344705")
    }

    @Test(
        "text that is not a valid CPF gives nil",
        arguments: [
            "390.533.447-06", "", "  ", "390.533.447", "5334403", "\u{FF13}90.533.447-05", "390.533.447-05x",
        ])
    func invalid(text: String) {
        #expect(make(CPF.self, from: text) == nil)
    }

    @Test("the description reads back as the same CPF, for 20,000 random CPFs")
    func roundTrip() {
        var rng = SplitMix64(seed: 0x1055_1E55)
        var failures = 0
        for _ in 0..<20_000 {
            let value = CPF(base: Int.random(in: 0..<1_000_000_000, using: &rng))
            guard Set(value.digits).count > 1 else { continue }
            if reread(value) != value || make(CPF.self, from: value.digits) != value {
                failures += 1
                if failures <= 10 { Issue.record("\(value) does not read back") }
            }
        }
        #expect(failures == 0)
    }

    @Test("a repeated-digit number gives nil, as isValidCPF says, masked or bare", arguments: 0...9)
    func repeatedDigitsRefused(digit: Int) {
        let value = CPF(base: digit * 111_111_111)
        #expect(reread(value) == nil)
        #expect(make(CPF.self, from: value.digits) == nil)
        #expect(!value.description.isValidCPF)
    }

    @Test(
        "CPF(_:) accepts exactly what isValidCPF accepts",
        arguments: [
            "390.533.447-05", "39053344705", "111.111.111-11", "00000000000", "390.533.447-06", "5334403", "",
            " 390 533 447 05\t", "390.533.447-05x",
        ])
    func agreesWithIsValidCPF(text: String) {
        #expect((make(CPF.self, from: text) != nil) == text.isValidCPF)
    }
}
