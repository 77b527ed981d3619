// Tests of Bytes/CPF+LGPDText.swift: a value as a diagnostic shows it, its
// first three and last two digits hidden.

import Testing

@testable import CPFKit

@Suite("CPF.lgpdHidingDigits")
struct CPFLGPDTextTests {
    @Test(
        arguments: [
            ("390.533.447-00", "***.533.447-**"), ("39053344700", "***533447**"), ("390 533 447 05", "*** 533 447 **"),
            ("1091905720", "***19057**"), ("12345", "*****"), ("123", "***"), ("N/A", "N/A"), ("", ""),
            ("12,3", "**,*"), ("039053344705", "***0533447**"),
        ])
    func hidden(text: String, expected: String) {
        let hidden = Array(text.utf8).withUnsafeBytes { CPF.lgpdHidingDigits($0) }
        #expect(String(decoding: hidden, as: UTF8.self) == expected)
    }

    @Test("an 11-digit value shows what lgpdMasked shows", arguments: ["390.533.447-05", "529.982.247-25"])
    func asLgpdMasked(text: String) throws {
        let hidden = Array(text.utf8).withUnsafeBytes { CPF.lgpdHidingDigits($0) }
        #expect(String(decoding: hidden, as: UTF8.self) == (try CPF(validating: text)).lgpdMasked)
    }
}
