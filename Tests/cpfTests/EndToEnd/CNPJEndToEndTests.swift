// End-to-end tests of `--document cnpj|any` (issue 29): CNPJs, numeric and
// alphanumeric, beside CPFs, in check, format, strip, complete, info and
// generate. CPF-only runs are the rest of the suite, unchanged.

import CPFTestSupport
import Foundation
import Testing

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite("cpf --document cnpj|any")
struct CNPJEndToEndTests {
    @Test(
        "--raw (Spark's rows) goes only with --document cpf: the CNPJ engines read RFC 4180",
        arguments: [["check"], ["format"], ["strip"], ["complete"]])
    func rawIsCPFOnly(command: [String]) {
        let result = run(command + ["--document", "any", "--raw", "-f", "1"], stdin: Data("\\N\n"))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: '--raw' goes only with --document cpf"))
        #expect(run(command + ["--raw", "-f", "1"], stdin: Data("\\N\n")).status != 2)
    }

    @Test("check gives a verdict per argument, naming the kind each was read as")
    func checkArguments() {
        let result = run([
            "check", "--document", "any", "12.ABC.345/01DE-35", "12abc34501de35", "390.533.447-05",
            "12.ABC.345/01DE-36", "390.533.447-06",
        ])
        #expect(
            text(result.stdout) == """
                12.ABC.345/01DE-35: valid (CNPJ)
                12abc34501de35: valid (CNPJ)
                390.533.447-05: valid (CPF)
                12.ABC.345/01DE-36: invalid (CNPJ: check digits should be 35)
                390.533.447-06: invalid (CPF: check digits should be 05)

                """)
        #expect(result.status == 1)
        let cnpjOnly = run(["check", "--document", "cnpj", "390.533.447-05"])
        #expect(text(cnpjOnly.stdout) == "390.533.447-05: invalid (CNPJ: 11 characters, expected 14)\n")
        let strict = run(["check", "--document", "cnpj", "--strict", "12abc34501de35"])
        #expect(text(strict.stdout) == "12abc34501de35: invalid (CNPJ: lowercase letter 'a' at position 3)\n")
    }

    @Test("check reads lines: report, filters, JSON with document, CSV and the summary")
    func checkLines() {
        let input = Data("12.ABC.345/01DE-35\n11.222.333/0001-82\n390.533.447-05\n".utf8)
        let report = run(["check", "--document", "any"], stdin: input)
        #expect(text(report.stdout) == "-:2: '11.222.333/0001-82': CNPJ: check digits should be 81\n")
        #expect(report.stderr == "cpf: 3 checked, 2 valid, 1 invalid (1 check-digits)\n")
        #expect(report.status == 1)
        let valid = run(["check", "--document", "any", "--valid"], stdin: input)
        #expect(text(valid.stdout) == "12.ABC.345/01DE-35\n390.533.447-05\n")
        let json = jsonObjects(run(["check", "--document", "any", "--json"], stdin: input).stdout)
        #expect(json.map { $0["document"] as? String } == ["cnpj", "cnpj", "cpf"])
        #expect(json[0]["cnpj"] as? String == "12ABC34501DE35")
        #expect(json[1]["reason"] as? String == "check-digits")
        #expect(json[2]["cpf"] as? String == "39053344705")
        let csv = run(["check", "--document", "cnpj", "--csv"], stdin: input)
        #expect(
            outputLines(csv.stdout) == [
                "source,line,input,valid,document,number,reason,message",
                "-,1,12.ABC.345/01DE-35,true,cnpj,12ABC34501DE35,,",
                "-,2,11.222.333/0001-82,false,cnpj,,check-digits,check digits should be 81",
                "-,3,390.533.447-05,false,cnpj,,length,\"11 characters, expected 14\"",
            ])
    }

    @Test("check --field --header --annotate reads a CPF/CNPJ column")
    func checkColumn() {
        let input = Data("name,doc\nAna,390.533.447-05\nACME,12.ABC.345/01DE-35\nBad,\"11.222.333/0001-80\"\n".utf8)
        let result = run(["check", "--document", "any", "--field", "doc", "--header", "--annotate"], stdin: input)
        #expect(
            text(result.stdout) == """
                name,doc,valid,reason
                Ana,390.533.447-05,true,
                ACME,12.ABC.345/01DE-35,true,
                Bad,"11.222.333/0001-80",false,check-digits

                """)
        #expect(result.status == 0)
    }

    @Test("format and strip rewrite CNPJs and CPFs, upper-casing letters; what cannot be rewritten passes through")
    func formatAndStrip() {
        let format = run([
            "format", "--document", "any", "12abc34501de35", "11222333000181", "39053344705", "12ABC",
        ])
        #expect(
            outputLines(format.stdout) == ["12.ABC.345/01DE-35", "11.222.333/0001-81", "390.533.447-05", "12ABC"])
        #expect(format.stderr.contains("CNPJ: 5 characters, expected 14"))
        #expect(format.status == 1)
        let strip = run(["strip", "--document", "cnpj"], stdin: Data("12.abc.345/01de-35\n11 222 333 0001 81\n".utf8))
        #expect(outputLines(strip.stdout) == ["12ABC34501DE35", "11222333000181"])
        #expect(strip.status == 0)
        let unchecked = run(["format", "--document", "cnpj", "12ABC34501DE36"])
        #expect(outputLines(unchecked.stdout) == ["12.ABC.345/01DE-36"])
        let validated = run(["format", "--document", "cnpj", "--validate", "12ABC34501DE36"])
        #expect(outputLines(validated.stdout) == ["12ABC34501DE36"])
        #expect(validated.status == 1)
        let partial = run(["format", "--document", "any", "--partial", "12abc3", "3905"])
        #expect(outputLines(partial.stdout) == ["12.ABC.3", "390.5"])
        let field = run(
            ["format", "--document", "any", "--field", "2", "--header"],
            stdin: Data("n,doc\nA,12abc34501de35\nB,39053344705\n".utf8))
        #expect(text(field.stdout) == "n,doc\nA,12.ABC.345/01DE-35\nB,390.533.447-05\n")
    }

    @Test("a delimiter a CNPJ holds is refused for a rewritten field")
    func unsafeDelimiter() {
        let result = run(["format", "--document", "cnpj", "--field", "1", "--delimiter", "/"], stdin: Data("x\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot be a letter or '/'"))
    }

    @Test("complete appends check digits to a 12-character base, and to a 9-digit base with any")
    func complete() {
        let result = run(["complete", "--document", "any", "12ABC34501DE", "12abc34501de", "390533447", "112223330001"])
        #expect(outputLines(result.stdout) == ["12ABC34501DE35", "12ABC34501DE35", "39053344705", "11222333000181"])
        let formatted = run(["complete", "--document", "cnpj", "--formatted", "12.ABC.345/01DE", "12ABC"])
        #expect(outputLines(formatted.stdout) == ["12.ABC.345/01DE-35", "12ABC"])
        #expect(formatted.stderr.contains("CNPJ: 5 characters, expected 12"))
        #expect(formatted.status == 1)
    }

    @Test("info explains a CNPJ: kind, check digits found and expected, root and branch")
    func info() {
        let result = run(["info", "--document", "cnpj", "12.abc.345/01de-36"])
        #expect(
            text(result.stdout) == """
                Input:        12.abc.345/01de-36
                Document:     CNPJ, alphanumeric
                Valid:        no: check digits should be 35 (check-digits)
                Masked:       12.ABC.345/01DE-36
                Digits:       12ABC34501DE36
                Check digits: 36, expected 35
                Root:         12ABC345
                Branch:       01DE

                """)
        #expect(result.status == 1)
        let json = jsonObjects(run(["info", "--document", "any", "--json", "11222333000181"]).stdout)
        #expect(json.first?["document"] as? String == "cnpj")
        #expect(json.first?["branch"] as? String == "0001")
        #expect(json.first?["alphanumeric"] as? Bool == false)
        let person = run(["info", "--document", "any", "390.533.447-05"])
        #expect(text(person.stdout).contains("Fiscal region"))
    }

    @Test("generate prints valid CNPJs, alphanumeric on request, reproducibly with a seed")
    func generate() {
        let first = run(["generate", "--document", "cnpj", "--alphanumeric", "-n", "200", "--seed", "29"])
        let second = run(["generate", "--document", "cnpj", "--alphanumeric", "-n", "200", "--seed", "29"])
        #expect(first.stdout == second.stdout)
        let lines = outputLines(first.stdout)
        #expect(lines.count == 200)
        #expect(lines.contains { $0.contains { $0.isLetter } })
        let checked = run(["check", "--document", "cnpj", "-q"], stdin: first.stdout)
        #expect(checked.status == 0)
        let mixed = run(["generate", "--document", "any", "-n", "200", "--formatted", "--seed", "3"])
        let kinds = Set(outputLines(mixed.stdout).map { $0.contains("/") ? "cnpj" : "cpf" })
        #expect(kinds == ["cpf", "cnpj"])
        #expect(run(["check", "--document", "any", "-q"], stdin: mixed.stdout).status == 0)
    }

    @Test("options that only make sense for CPFs are usage errors with CNPJs")
    func cpfOnlyOptions() {
        let unique = run(["generate", "--document", "cnpj", "--unique"])
        #expect(unique.status == 2)
        #expect(unique.stderr.contains("'--unique' goes only with --document cpf"))
        let alphanumeric = run(["generate", "--alphanumeric"])
        #expect(alphanumeric.status == 2)
        let bad = run(["check", "--document", "rg", "1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'cpf', 'cnpj' or 'any'"))
    }

    @Test("Portuguese texts for CNPJ reasons and info")
    func portuguese() {
        let check = runShell("export LANG=pt_BR.UTF-8 && \"$CPF\" check --document cnpj 12abc34501de3")
        #expect(text(check.stdout) == "12abc34501de3: inválido (CNPJ: 13 caracteres, esperados 14)\n")
        let info = runShell("export LANG=pt_BR.UTF-8 && \"$CPF\" info --document cnpj 11222333000181")
        #expect(text(info.stdout).contains("Filial:        0001 (matriz)"))
        #expect(text(info.stdout).contains("Documento:     CNPJ, numérico"))
    }

    // Each of these alphanumeric CNPJs ends in 11 digits that are a valid CPF
    // (642.190.546-34, …): the scanner must not report them. Found with a
    // seeded script over random letters-then-digits bases.
    @Test(
        "find reports no CPF inside an alphanumeric CNPJ whose last 11 digits are a valid CPF",
        arguments: ["XUE64219054634", "XU.E64.219/0546-34", "xue64219054634"])
    func findSkipsAlphanumericCNPJs(cnpj: String) {
        let result = run(["find"], stdin: Data("CNPJ \(cnpj) fornecedor\n".utf8))
        #expect(result.stdout.isEmpty)
        let control = run(["find"], stdin: Data("CPF 642.190.546-34\n".utf8))
        #expect(!control.stdout.isEmpty)
    }

    @Test("a line longer than the 1 MiB buffer is passed through by format and left out by the filters, reported")
    func longLines() {
        let long = String(repeating: "1", count: 2 << 20)
        let input = Data((long + "\n12ABC34501DE35\n").utf8)
        let format = run(["format", "--document", "cnpj"], stdin: input)
        #expect(outputLines(format.stdout) == [long, "12.ABC.345/01DE-35"])
        #expect(format.stderr.contains("passed through unchanged with --document cnpj"))
        #expect(format.status == 1)
        let valid = run(["check", "--document", "cnpj", "--valid"], stdin: input)
        #expect(outputLines(valid.stdout) == ["12ABC34501DE35"])
        #expect(valid.stderr.contains("not filtered with --document cnpj"))
        #expect(valid.status == 2)
        let report = run(["check", "--document", "cnpj"], stdin: input)
        #expect(report.stderr.contains("2 checked, 1 valid, 1 invalid"))
    }
}
