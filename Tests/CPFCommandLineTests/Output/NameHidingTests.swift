// Tests of Output/NameHiding.swift: names echoed in messages, with their
// CPFs and CNPJs hidden.

import Testing

@testable import CPFCommandLine

@Suite("names with their CPFs and CNPJs hidden")
struct NameHidingTests {
    static let names: [(name: String, shown: String)] = [
        ("relatorio.txt", "relatorio.txt"),
        ("11222333000181.txt", "**************.txt"),
        ("11222333000181/f.txt", "**************/f.txt"),
        ("a/11.222.333/0001-81.pdf", "a/**.***.***/****-**.pdf"),
        ("12ABC34501DE35.csv", "**************.csv"),
        ("39053344705.txt", "***********.txt"),
        ("390.533.447-05/11222333000181.txt", "***.***.***-**/**************.txt"),
        ("x/CNPJ 11.222.333/0001-82.txt", "x/CNPJ **.***.***/****-**.txt"),
        ("nota 42.txt", "nota 42.txt"),
    ]

    @Test("every CPF and CNPJ of a name is hidden, in the whole path and in each component", arguments: names)
    func hidesBoth(name: String, shown: String) {
        #expect(String(decoding: NameHiding.hidden(Array(name.utf8)), as: UTF8.self) == shown)
    }

    @Test("the name keeps its length and every byte that is not a hidden character")
    func keepsLength() {
        let name = Array("x/11222333000181\u{FF}.bin".utf8)
        let shown = NameHiding.hidden(name)
        #expect(shown.count == name.count)
        #expect(shown.prefix(2) == name.prefix(2))
        #expect(shown.suffix(6) == name.suffix(6))
    }
}
