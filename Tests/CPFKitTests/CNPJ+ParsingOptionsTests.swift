// Tests of CNPJ/CNPJ+ParsingOptions.swift.

import CPFKit
import Testing

@Suite("CNPJ.ParsingOptions")
struct CNPJParsingOptionsTests {
    @Test("the defaults are lenient, no padding, repeated digits refused")
    func defaults() {
        let options = CNPJ.ParsingOptions()
        #expect(options == .lenient)
        #expect(options.format == .lenient && !options.padsLeadingZeros && !options.allowsRepeatedDigits)
        #expect(CNPJ.ParsingOptions.strict.format == .strict)
    }

    @Test("options carry over to a CPF's and back, unchanged")
    func cpfRoundTrip() {
        let options = CNPJ.ParsingOptions(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true)
        #expect(
            options.cpfOptions
                == CPF.ParsingOptions(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true))
        #expect(CNPJ.ParsingOptions(options.cpfOptions) == options)
        #expect(CNPJ.ParsingOptions(CPF.ParsingOptions.lenient) == .lenient)
    }
}
