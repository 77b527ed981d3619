// Tests of CNPJ/CNPJ+ParsingOptions.swift: a CNPJ is read with a CPF's
// options, under its own name too.

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

    @Test("a CNPJ's options are a CPF's: one value reads both numbers")
    func oneType() throws {
        let options: CPF.ParsingOptions = .init(format: .strict, padsLeadingZeros: true)
        let cnpjOptions: CNPJ.ParsingOptions = options
        #expect(try CPF(validating: "5334403", options: cnpjOptions).digits == "00005334403")
        #expect(try CNPJ(validating: "191", options: options).characters == "00000000000191")
        #expect(throws: CNPJValidationError.lowercaseLetter("a", position: 3)) {
            try CNPJ(validating: "12abc34501de35", options: options)
        }
    }

    @Test("the conversions kept from the two types give the same value back")
    func conversions() {
        let options = CNPJ.ParsingOptions(format: .strict, padsLeadingZeros: true, allowsRepeatedDigits: true)
        #expect(options.cpfOptions == options)
        #expect(CNPJ.ParsingOptions(options.cpfOptions) == options)
        #expect(CNPJ.ParsingOptions(CPF.ParsingOptions.lenient) == .lenient)
    }
}
