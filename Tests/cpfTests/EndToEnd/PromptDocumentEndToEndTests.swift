// End-to-end tests of `cpf prompt --document cnpj|any`: the built binary in
// a real pseudo-terminal (a tmux pane, see PromptEndToEndTests), typing
// CNPJs, numeric and alphanumeric, and a field whose mask switches at the
// 12th character.

import CPFTestSupport
import Testing

@Suite(
    "cpf prompt --document, end to end in a pseudo-terminal", .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PromptDocumentEndToEndTests {
    @Test("--document cnpj: a numeric CNPJ typed digit by digit, the CNPJ mask from the start, Enter prints it bare")
    func numericCNPJ() {
        let pane = PromptPane(["prompt", "--document", "cnpj"], setup: "export NO_COLOR=1")
        pane.expect("CNPJ:", cursor: 6)
        pane.type("112")
        pane.expect("CNPJ: 11.2", cursor: 10)
        pane.type("223330001")
        pane.expect("CNPJ: 11.222.333/0001", cursor: 21)
        pane.type("81")
        pane.expect("CNPJ: 11.222.333/0001-81 ✓", cursor: 24)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "11222333000181\n")
        #expect(result.stderr == "")
        #expect(result.restored)
    }

    @Test(
        "--document cnpj: an alphanumeric CNPJ typed in lowercase is upper-cased; Enter on wrong check digits does nothing"
    )
    func alphanumericLowercase() {
        let pane = PromptPane(["prompt", "--document", "cnpj", "--formatted"], setup: "export NO_COLOR=1")
        pane.expect("CNPJ:", cursor: 6)
        pane.type("12abc")
        pane.expect("CNPJ: 12.ABC", cursor: 12)
        pane.type("34501de")
        pane.expect("CNPJ: 12.ABC.345/01DE", cursor: 21)
        pane.type("x36")  // a letter where a check digit stands is ignored, the digits after it kept
        pane.expect("CNPJ: 12.ABC.345/01DE-36 ✗ check digits should be 35", cursor: 24)
        pane.press("Enter")  // invalid: nothing; the keys after it still edit the field
        pane.press("BSpace")
        pane.expect("CNPJ: 12.ABC.345/01DE-3", cursor: 23)
        pane.type("5")
        pane.expect("CNPJ: 12.ABC.345/01DE-35 ✓", cursor: 24)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "12.ABC.345/01DE-35\n")
        #expect(result.restored)
    }

    @Test(
        "--document any: a CPF, the 12th character switches to the CNPJ mask, Backspace switches back; a CPF is taken")
    func anySwitchesBackToACPF() {
        let pane = PromptPane(["prompt", "--document", "any"], setup: "export NO_COLOR=1")
        pane.expect("CPF/CNPJ:", cursor: 10)
        pane.type("39053344705")
        pane.expect("CPF/CNPJ: 390.533.447-05 ✓", cursor: 24)
        pane.type("1")
        pane.expect("CPF/CNPJ: 39.053.344/7051", cursor: 25)
        pane.press("BSpace")
        pane.expect("CPF/CNPJ: 390.533.447-05 ✓", cursor: 24)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
        #expect(result.restored)
    }

    @Test("--document any: 11 digits are a CPF (here invalid), typing on makes them a CNPJ, which Enter takes")
    func anyTypesOnToACNPJ() {
        let pane = PromptPane(["prompt", "--document", "any", "--label", ""], setup: "export NO_COLOR=1")
        pane.expect("", cursor: 0)
        pane.type("11222333000")
        pane.expect("112.223.330-00 ✗ check digits should be 23", cursor: 14)
        pane.type("1")
        pane.expect("11.222.333/0001", cursor: 15)
        pane.type("81")
        pane.expect("11.222.333/0001-81 ✓", cursor: 18)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "11222333000181\n")
        #expect(result.restored)
    }

    @Test("--document any: a pasted lowercase alphanumeric CNPJ replaces a CPF being typed")
    func anyPaste() {
        let pane = PromptPane(["prompt", "--document", "any"], setup: "export NO_COLOR=1")
        pane.expect("CPF/CNPJ:", cursor: 10)
        pane.type("3905")
        pane.expect("CPF/CNPJ: 390.5", cursor: 15)
        pane.paste("12.abc.345/01de-35")
        pane.expect("CPF/CNPJ: 12.ABC.345/01DE-35 ✓", cursor: 28)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "12ABC34501DE35\n")
        #expect(result.restored)
    }

    @Test("--document cpf, the default, ignores letters as before")
    func cpfIgnoresLetters() {
        let pane = PromptPane(["prompt", "--document", "cpf"], setup: "export NO_COLOR=1")
        pane.expect("CPF:", cursor: 5)
        pane.type("39a0b")
        pane.expect("CPF: 390", cursor: 8)
        pane.press("Escape")
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
    }

    @Test("in Portuguese: the reason of a wrong CNPJ is CPFKit's Portuguese text")
    func portugueseReason() {
        let pane = PromptPane(
            ["prompt", "--document", "any"], setup: "export NO_COLOR=1 LANG=pt_BR.UTF-8; unset LC_ALL LC_MESSAGES")
        pane.expect("CPF/CNPJ:", cursor: 10)
        pane.type("12abc34501de36")
        pane.expect("CPF/CNPJ: 12.ABC.345/01DE-36 ✗ os dígitos verificadores deveriam ser 35", cursor: 28)
        pane.press("C-c")
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.restored)
    }
}
