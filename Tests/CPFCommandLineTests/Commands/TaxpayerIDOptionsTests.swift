// Tests of Commands/TaxpayerIDOptions.swift: `--document` and its rules.

import CPFKit
import CPFSystem
import Testing

@testable import CPFCommandLine

@Suite("TaxpayerIDOptions")
struct DocumentOptionsTests {
    @Test("--document reads cpf, cnpj or any, in any case; cpf without it")
    func accepted() throws {
        #expect(try TaxpayerIDOptions.accepted(parse([])) == .cpf)
        #expect(try TaxpayerIDOptions.accepted(parse(["--document", "CNPJ"])) == .cnpj)
        #expect(try TaxpayerIDOptions.accepted(parse(["--document=any"])) == .any)
        #expect(throws: UsageError.self) { try TaxpayerIDOptions.accepted(parse(["--document", "rg"])) }
    }

    @Test("CPF-only options are refused with cnpj or any, and allowed with cpf")
    func cpfOnly() throws {
        let arguments = try parse(["--unique"], for: GenerateCommand.definition)
        #expect(throws: UsageError.self) {
            try TaxpayerIDOptions.requireCPFOnly([GenerateCommand.unique], in: arguments, accepted: .cnpj)
        }
        try TaxpayerIDOptions.requireCPFOnly([GenerateCommand.unique], in: arguments, accepted: .cpf)
    }

    @Test("a field delimiter that a CNPJ holds is refused; others pass", arguments: ["/", "a", "Z", ";", "tab"])
    func delimiter(delimiter: String) throws {
        let arguments = try parse(["--field", "1", "--delimiter", delimiter], for: FormatCommand.definition)
        let columns = try CommonOptions.columns(arguments)
        let refused = delimiter == "/" || delimiter.count == 1 && delimiter.first!.isLetter
        if refused {
            #expect(throws: UsageError.self) { try TaxpayerIDOptions.requireSafeDelimiter(columns, in: arguments) }
        } else {
            try TaxpayerIDOptions.requireSafeDelimiter(columns, in: arguments)
        }
    }

    @Test("every command that reads or prints numbers takes --document, spelt the same")
    func everywhere() {
        for definition in [
            CheckCommand.definition, FormatCommand.definition, StripCommand.definition, CompleteCommand.definition,
            InfoCommand.definition, GenerateCommand.definition,
        ] {
            let option = definition.options.first { $0.long == "document" }
            #expect(option?.valueName == TaxpayerIDOptions.document.valueName, "\(definition.name)")
            #expect(option?.completion == TaxpayerIDOptions.document.completion, "\(definition.name)")
        }
    }
}
