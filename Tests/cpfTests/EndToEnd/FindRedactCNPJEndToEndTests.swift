// End-to-end tests of `find` and `redact` with `--document cnpj|any`
// (issue 29): CNPJs, numeric and alphanumeric, reported and hidden as their
// own kind, beside CPFs; stdin, files and -r trees; what is refused.

import CPFTestSupport
import Foundation
import Testing

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite("cpf find and redact --document cnpj|any")
struct FindRedactCNPJEndToEndTests {
    static let input = Data(
        """
        Cliente CPF 390.533.447-05, fornecedor CNPJ 12.ABC.345/01DE-35
        matriz 11222333000181; filial 11.222.333/0001-82 (CNPJ errado)
        código 12ABC34501DE35 e cnpj 11 222 333 0001 81

        """.utf8)

    @Test("find --document any prints CPFs and CNPJs, each as written, in order")
    func findAny() {
        let result = run(["find", "--document", "any"], stdin: Self.input)
        #expect(
            text(result.stdout) == """
                -:1:13: 390.533.447-05
                -:1:45: 12.ABC.345/01DE-35
                -:2:8: 11222333000181
                -:3:31: 11 222 333 0001 81

                """)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test("find --document cnpj never reports a CPF; --confidence low and --include-invalid widen it")
    func findCNPJ() {
        let result = run(
            ["find", "--document", "cnpj", "--confidence", "low", "--include-invalid"], stdin: Self.input)
        #expect(
            text(result.stdout) == """
                -:1:45: 12.ABC.345/01DE-35
                -:2:8: 11222333000181
                -:2:31: 11.222.333/0001-82
                -:3:9: 12ABC34501DE35
                -:3:31: 11 222 333 0001 81

                """)
        let none = run(["find", "--document", "cnpj"], stdin: Data("CPF 390.533.447-05\n".utf8))
        #expect(none.stdout.isEmpty)
        #expect(none.status == 1)
    }

    @Test("JSON gives each match its document, and the number under cpf or cnpj")
    func findJSON() {
        let objects = jsonObjects(run(["find", "--document", "any", "--json"], stdin: Self.input).stdout)
        #expect(objects.map { $0["document"] as? String } == ["cpf", "cnpj", "cnpj", "cnpj"])
        #expect(objects[0]["cpf"] as? String == "39053344705")
        #expect(objects[1]["cnpj"] as? String == "12ABC34501DE35")
        #expect(objects[1]["cpf"] == nil)
        #expect(objects[1]["confidence"] as? String == "high")
        #expect(objects[2]["confidence"] as? String == "medium")
        let hidden = jsonObjects(
            run(["find", "--document", "cnpj", "--json", "--hide", "lgpd"], stdin: Self.input).stdout)
        #expect(hidden.first?["text"] as? String == "**.***.345/01DE-**")
        #expect(hidden.first?["cnpj"] as? String == "*****34501DE**")
        // Without --document, the output is the CPF-only one, no "document".
        let plain = jsonObjects(run(["find", "--json"], stdin: Self.input).stdout)
        #expect(plain.count == 1)
        #expect(plain[0]["document"] == nil)
    }

    @Test("--per-line gives each line's array, each object naming its document")
    func perLine() {
        let result = run(
            ["find", "--per-line", "--document", "any"],
            stdin: Data("CPF 390.533.447-05 CNPJ 12.ABC.345/01DE-35\nnada\n11.222.333/\n0001-81\n".utf8))
        #expect(
            text(result.stdout) == """
                [{"column":5,"text":"390.533.447-05","document":"cpf","cpf":"39053344705","confidence":"high",\
                "valid":true},{"column":25,"text":"12.ABC.345/01DE-35","document":"cnpj","cnpj":"12ABC34501DE35",\
                "confidence":"high","valid":true}]
                []
                []
                []

                """)
        #expect(result.status == 0)
    }

    @Test("--count, -l and -q count CNPJs as matches")
    func listings() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "CNPJ 12.ABC.345/01DE-35\n11.222.333/0001-81\n")
        let b = directory.file("b.txt", "CPF 390.533.447-05\n")
        let count = run(["find", "--document", "cnpj", "--count", a, b])
        #expect(text(count.stdout) == "\(a):2\n")
        let names = run(["find", "--document", "any", "-l", a, b])
        #expect(text(names.stdout) == "\(a)\n\(b)\n")
        #expect(run(["find", "--document", "cnpj", "-q", a]).status == 0)
        #expect(run(["find", "--document", "cnpj", "-q", b]).status == 1)
    }

    @Test("-r searches a tree's files and names for CNPJs")
    func tree() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: directory.path("sub"), withIntermediateDirectories: true)
        directory.file("sub/nota.txt", "emitente CNPJ 12.ABC.345/01DE-35\n")
        directory.file("sub/11.222.333-0001-81.txt", "nada\n")
        directory.file("sub/CNPJ 11.222.333 0001 81x.txt", "nada\n")
        let result = run(["find", "-r", "--document", "cnpj", "--threads", "1", directory.path("sub")])
        let lines = Set(text(result.stdout).split(separator: "\n").map(String.init))
        #expect(lines.contains("\(directory.path("sub/nota.txt")):1:15: 12.ABC.345/01DE-35"))
        #expect(lines.count == 1, "\(lines)")
        let named = directory.file("sub/CNPJ 12ABC34501DE35.txt", "nada\n")
        let again = run(["find", "-r", "--document", "cnpj", directory.path("sub")])
        #expect(text(again.stdout).contains("\(named):name:6: 12ABC34501DE35\n"), "\(text(again.stdout))")
    }

    @Test("redact --document any hides both kinds in every style, and find then finds nothing")
    func redactThenFind() {
        let full = run(["redact", "--document", "any"], stdin: Self.input)
        #expect(
            text(full.stdout) == """
                Cliente CPF ***.***.***-**, fornecedor CNPJ **.***.***/****-**
                matriz **************; filial **.***.***/****-** (CNPJ errado)
                código ************** e cnpj ** *** *** **** **

                """)
        #expect(full.status == 0)
        let lgpd = run(["redact", "--document", "cnpj", "--style", "lgpd"], stdin: Self.input)
        #expect(
            text(lgpd.stdout) == """
                Cliente CPF 390.533.447-05, fornecedor CNPJ **.***.345/01DE-**
                matriz *****3330001**; filial **.***.333/0001-** (CNPJ errado)
                código *****34501DE** e cnpj ** *** 333 0001 **

                """)
        for style in ["full", "lgpd"] {
            let redacted = run(["redact", "--document", "any", "--style", style], stdin: Self.input)
            let left = run(
                ["find", "--document", "any", "--confidence", "low", "--include-invalid"], stdin: redacted.stdout)
            #expect(left.stdout.isEmpty, "\(style): \(text(left.stdout))")
            #expect(left.status == 1)
        }
    }

    @Test("redact --document cnpj rewrites a file in place, and leaves CPFs alone")
    func redactInPlace() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("t.txt", "CPF 390.533.447-05 CNPJ 12.ABC.345/01DE-35\n")
        let result = run(["redact", "--document", "cnpj", "--in-place", path])
        #expect(result.status == 0)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "CPF 390.533.447-05 CNPJ **.***.***/****-**\n")
        // A tree rewritten in place is claimed clean: a name holding a CNPJ is named, and the run fails.
        try FileManager.default.createDirectory(atPath: directory.path("d"), withIntermediateDirectories: true)
        directory.file("d/CNPJ 11222333000181.txt", "x\n")
        directory.file("d/39053344705.txt", "x\n")
        let tree = run(["redact", "-r", "--in-place", "--document", "cnpj", directory.path("d")])
        #expect(tree.status == 2)
        // The name is echoed with its CNPJ hidden, as a CPF's would be.
        #expect(tree.stderr.contains("CNPJ **************.txt: its name holds a CNPJ, not renamed"))
        #expect(!tree.stderr.contains("11222333000181"))
        #expect(!tree.stderr.contains("holds a CPF"))
    }

    @Test("redact --field hides the CPFs and CNPJs of one field, and only there, with --document any")
    func redactField() {
        let input = Data(
            """
            nome,documento,obs
            Ana,11.222.333/0001-81,CNPJ 12.ABC.345/01DE-35
            Bia,"CNPJ 12.ABC.345/01DE-35, CPF 390.533.447-05",x
            Caio,12ABC34501DE35,

            """.utf8)
        let result = run(["redact", "--document", "any", "--field", "2", "--header", "--style", "lgpd"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            text(result.stdout) == """
                nome,documento,obs
                Ana,**.***.333/0001-**,CNPJ 12.ABC.345/01DE-35
                Bia,"CNPJ **.***.345/01DE-**, CPF ***.533.447-**",x
                Caio,*****34501DE**,

                """)
        // CPFs alone: the CNPJs of the field are left as they are.
        let cpfs = run(["redact", "--field", "2", "--header"], stdin: input)
        #expect(text(cpfs.stdout).contains("Bia,\"CNPJ 12.ABC.345/01DE-35, CPF ***.***.***-**\",x"))
        // A delimiter a CNPJ holds would cut it in two: refused.
        let slash = run(["redact", "--document", "cnpj", "--field", "2", "--delimiter", "/"], stdin: input)
        #expect(slash.status == 2)
        #expect(slash.stdout.isEmpty)
    }

    @Test("find and redact with CNPJs print the same on several threads as on one, for a file split in chunks")
    func threads() throws {
        // About 650 KB: more than two chunks of 256 KiB, CPFs and CNPJs on and across their boundaries.
        var lines: [String] = []
        for index in 0..<20_000 {
            switch index % 7 {
            case 0: lines.append("linha \(index) CNPJ 12.ABC.345/01DE-35 e CPF 390.533.447-05")
            case 1: lines.append("11222333000181")
            case 2: lines.append("cnpj 11.222.333/0001-8\(index % 10) fim")
            case 3: lines.append(String(repeating: "x", count: index % 61) + " 11.222.333/0001-81")
            default: lines.append("texto sem número \(index % 13)")
            }
        }
        let directory = TemporaryDirectory()
        let file = directory.file("big.txt", lines.joined(separator: "\n") + "\n")
        for arguments in [
            ["find", "--document", "any", "--hide", "lgpd"],
            ["find", "--document", "cnpj", "--json", "--include-invalid"],
            ["redact", "--document", "any"],
            ["redact", "--document", "cnpj", "--style", "lgpd", "--confidence", "high"],
        ] {
            let one = run(arguments + ["--threads", "1", file])
            let three = run(arguments + ["--threads", "3", file])
            #expect(one.status == three.status, "\(arguments)")
            #expect(one.stdout == three.stdout, "\(arguments)")
            #expect(!one.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test("what cannot take CNPJs is refused or named, never skipped")
    func refusals() throws {
        for arguments in [
            ["find", "--document", "any", "--hide", "pseudonym", "--key-file", "/nonexistent"],
            ["redact", "--document", "cnpj", "--style", "pseudonym", "--key-file", "/nonexistent"],
        ] {
            let result = run(arguments, stdin: Data("x\n".utf8))
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("goes only with --document cpf"), "\(arguments): \(result.stderr)")
        }
        // redact rewrites e-mail from a file with CNPJs as with CPFs; from a
        // pipe it cannot, and names it as not searched (exit status 2), as for CPFs.
        let message = "From: a@b.c\nTo: d@e.f\nSubject: x\n\nCNPJ 11.222.333/0001-81\n"
        let directory = TemporaryDirectory()
        let mail = directory.file("m.eml", message)
        let rewritten = run(["redact", "--document", "cnpj", mail])
        #expect(rewritten.status == 0, "\(rewritten.stderr)")
        #expect(text(rewritten.stdout) == "From: a@b.c\nTo: d@e.f\nSubject: x\n\nCNPJ **.***.***/****-**\n")
        let piped = run(["redact", "--document", "cnpj"], stdin: Data(message.utf8))
        #expect(piped.status == 2)
        #expect(
            piped.stderr
                == "cpf: standard input: not searched: e-mail read from a pipe, which redact rewrites only from a file\n"
        )
        #expect(piped.stdout.isEmpty)
        // find reads it.
        #expect(run(["find", "--document", "cnpj", mail]).status == 0)
    }

    @Test(
        """
        redact --document rewrites a zip archive member by member, and leaves one with a member whose name holds \
        a CNPJ as it was, named
        """,
        .enabled(if: InstalledTool.areInstalled("zip", "unzip")))
    func redactArchive() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && printf 'x\\nCNPJ 12.ABC.345/01DE-35 CPF 390.533.447-05\\n' > a.txt && mkdir d &&
            printf 'filial 11.222.333/\\n0001-81\\n' > d/b.txt && zip -q -X t.zip a.txt d/b.txt &&
            "$CPF" redact --document cnpj t.zip > c.zip && unzip -p c.zip a.txt d/b.txt &&
            "$CPF" redact --document any --style lgpd t.zip > a.zip && unzip -p a.zip a.txt &&
            { "$CPF" find --document any --confidence low --include-invalid a.zip; echo "find: $?"; } &&
            cp a.txt d/11222333000181.txt && zip -q -X n.zip d/11222333000181.txt &&
            { "$CPF" redact --document cnpj n.zip > /dev/null 2> err; echo "named: $?"; cat err; }
            """)
        #expect(
            text(result.stdout) == """
                x
                CNPJ **.***.***/****-** CPF 390.533.447-05
                filial **.***.***/
                ****-**
                x
                CNPJ **.***.345/01DE-** CPF ***.533.447-**
                find: 1
                named: 2
                cpf: n.zip: not rewritten: member d/**************.txt: its name holds a CNPJ, not renamed

                """, "\(result.stderr)")
    }

    @Test(
        "redact --document any hides CNPJs and CPFs in an Office document's text, a number split across runs too",
        .enabled(if: InstalledTool.areInstalled("zip", "unzip")))
    func redactOfficeDocument() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && mkdir -p w/word &&
            printf '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' > 'w/[Content_Types].xml' &&
            printf '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CNPJ 12.ABC.</w:t></w:r><w:r><w:t>345/01DE-35 e CPF 390.533.447-05</w:t></w:r></w:p></w:body></w:document>' > w/word/document.xml &&
            (cd w && zip -q -X ../t.docx '[Content_Types].xml' word/document.xml) &&
            "$CPF" redact --document any t.docx > o.docx && unzip -p o.docx word/document.xml && echo &&
            { "$CPF" find --document any --confidence low --include-invalid o.docx; echo "find: $?"; }
            """#)
        #expect(
            text(result.stdout).contains(
                "<w:t>CNPJ **.***.</w:t></w:r><w:r><w:t>***/****-** e CPF ***.***.***-**</w:t>"),
            "\(text(result.stdout)) \(result.stderr)")
        #expect(text(result.stdout).hasSuffix("find: 1\n"))
    }

    @Test(
        "find --document any searches a zip archive member by member",
        .enabled(if: InstalledTool.areInstalled("zip")))
    func findInArchive() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && printf 'x\\nCNPJ 12.ABC.345/01DE-35 CPF 390.533.447-05\\n' > a.txt && mkdir d &&
            printf 'filial 11.222.333/\\n0001-81\\n' > d/b.txt && zip -q -X t.zip a.txt d/b.txt &&
            "$CPF" find --document any t.zip && "$CPF" find --document cnpj --json t.zip | tail -1
            """)
        #expect(
            text(result.stdout) == """
                t.zip!a.txt:2:6: 12.ABC.345/01DE-35
                t.zip!a.txt:2:29: 390.533.447-05
                t.zip!d/b.txt:1:8: 11.222.333/\\n0001-81
                {"source":"t.zip","member":"d/b.txt","line":1,"column":8,"text":"11.222.333/\\n0001-81",\
                "document":"cnpj","cnpj":"11222333000181","confidence":"high","valid":true}

                """)
        #expect(result.status == 0)
    }
}
