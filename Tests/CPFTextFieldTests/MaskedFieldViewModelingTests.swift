// Tests of MaskedFieldViewModeling.swift: the protocol both field
// models share, so code that forwards keys works with either.

import CPFKit
import CPFTextField
import Testing

@Suite("MaskedFieldViewModeling")
struct MaskedFieldViewModelingTests {
    static func type(_ keys: [String], into field: any MaskedFieldViewModeling) -> String? {
        for key in keys {
            if key == "⌫" { field.deleteBackward() } else { field.insert(key) }
        }
        return field.accept()
    }

    @Test("the same keys drive a CPF field and a CPF/CNPJ field through the shared protocol")
    func sameKeysBothModels() {
        let keys = ["3", "9", "0", "x", "5", "3", "3", "4", "4", "7", "0", "6", "⌫", "5"]
        let cpf = CPFFieldViewModel()
        let any = TaxpayerIDFieldViewModel(accepting: .cpf)
        #expect(Self.type(keys, into: cpf) == "39053344705")
        #expect(Self.type(keys, into: any) == "39053344705")
        #expect(cpf.text.value == any.text.value)
        #expect(cpf.caret.value == any.caret.value)
    }
}
