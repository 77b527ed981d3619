// End-to-end tests of `redact --document cnpj|any` on e-mail (issue 29,
// docs/reference.md "CNPJs in free text"): messages rewritten as for CPFs,
// with the CNPJs (and, with `any`, the CPFs) of their decoded parts and
// header fields hidden, the parts re-encoded and read back by Python.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf redact --document cnpj|any: e-mail")
struct MailCNPJEndToEndTests {
    static let tools = InstalledTool.areInstalled("python3", "gzip", "cmp")

    static let plain = """
        From: a@example.com
        To: b@example.com
        Subject: Nota fiscal

        Fornecedor CNPJ 12.ABC.345/01DE-35, cliente CPF 390.533.447-05.

        """

    @Test(
        """
        a plain message: --document any hides the CNPJ and the CPF, --document cnpj the CNPJ only, --document cpf \
        the CPF only; the header block is left as it was
        """)
    func plainMessage() {
        let directory = TemporaryDirectory()
        let mail = directory.file("m.eml", Self.plain)
        let expected = [
            "any": "Fornecedor CNPJ **.***.***/****-**, cliente CPF ***.***.***-**.",
            "cnpj": "Fornecedor CNPJ **.***.***/****-**, cliente CPF 390.533.447-05.",
            "cpf": "Fornecedor CNPJ 12.ABC.345/01DE-35, cliente CPF ***.***.***-**.",
        ]
        for (document, body) in expected {
            let result = run(["redact", "--document", document, mail])
            #expect(result.status == 0, "\(document): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(document)")
            #expect(
                String(decoding: result.stdout, as: UTF8.self)
                    == "From: a@example.com\nTo: b@example.com\nSubject: Nota fiscal\n\n\(body)\n",
                "\(document)")
        }
    }

    @Test(
        """
        a base64 or quoted-printable part with CNPJs is re-encoded with them hidden (in quoted-printable, one \
        cut by a soft line break); the other part is byte for byte; find --document any then finds nothing
        """,
        .enabled(if: tools), arguments: ["base64", "quoted-printable"])
    func encodedPart(encoding: String) {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            from email.message import EmailMessage
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'Notas'
            text = 'Matriz: CNPJ 11.222.333/0001-81 e filial ' + 'x' * 88 + ' 12.ABC.345/01DE-35 (CPF 529.982.247-25).\n'
            m.set_content(text.encode(), maintype='text', subtype='plain', cte='\#(encoding)')
            m.add_attachment(b'sem nada aqui', maintype='text', subtype='plain', filename='n.txt')
            open('m.eml', 'wb').write(bytes(m))
            EOF
            cp m.eml before && "$CPF" redact --document any --in-place m.eml &&
            { "$CPF" find --document any --confidence low --include-invalid m.eml; echo "find $?"; } &&
            python3 - <<'EOF'
            import email
            old = email.message_from_bytes(open('before', 'rb').read())
            new = email.message_from_bytes(open('m.eml', 'rb').read())
            print(new.get_payload(0)['Content-Transfer-Encoding'])
            print(new.get_payload(0).get_payload(decode=True).decode().replace('x' * 88, 'x...'), end='')
            assert old.get_payload(1).as_bytes() == new.get_payload(1).as_bytes(), 'the attachment changed'
            assert old['Subject'] == new['Subject']
            EOF
            """#)
        #expect(
            outputLines(result.stdout) == [
                "find 1", encoding,
                "Matriz: CNPJ **.***.***/****-** e filial x... **.***.***/****-** (CPF ***.***.***-**).",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted m.eml (3 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "a long base64 body, a CNPJ cut by many encoded lines: every one hidden, none held back or lost",
        .enabled(if: tools))
    func longBody() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            from email.message import EmailMessage
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'lista'
            m.set_content(('CNPJ 12.ABC.345/01DE-35; ' * 3000).encode(), maintype='text', subtype='plain', cte='base64')
            open('m.eml', 'wb').write(bytes(m))
            EOF
            "$CPF" redact --document cnpj m.eml > out.eml &&
            { "$CPF" find --document any --confidence low --include-invalid out.eml; echo "find $?"; } &&
            python3 -c "
            import email
            text = email.message_from_bytes(open('out.eml', 'rb').read()).get_payload(decode=True).decode()
            print(text == 'CNPJ **.***.***/****-**; ' * 3000)"
            """#)
        #expect(outputLines(result.stdout) == ["find 1", "True"], "\(result.stderr)")
        #expect(result.status == 0)
    }

    @Test(
        """
        a body's decoded text is redacted as the same text in a file: 300 CPFs and CNPJs, masked, bare and \
        alphanumeric, between words and line breaks, in base64 and quoted-printable, at each confidence
        """,
        .enabled(if: tools))
    func bodyAsPlainText() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" &&
            { "$CPF" generate --document any --seed 29 -n 150; "$CPF" generate --document any --alphanumeric --seed 7 -n 75;
              "$CPF" generate --document any --formatted --alphanumeric --seed 3 -n 75; } > numbers &&
            python3 - <<'EOF' &&
            import random
            from email.message import EmailMessage
            random.seed(29)
            words = ['CNPJ', 'cnpj:', 'CPF', 'nota', 'é', 'ção', '-', '/', '12', '\n', '']
            text = ''.join(n + random.choice([' ', '\n', ', ', '']) + random.choice(words) + ' '
                           for n in open('numbers').read().split())
            open('t.txt', 'w').write(text)
            for cte in ['base64', 'quoted-printable']:
                m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'lista'
                m.set_content(text.encode(), maintype='text', subtype='plain', cte=cte)
                open(cte + '.eml', 'wb').write(bytes(m))
            EOF
            for confidence in low medium high; do
              "$CPF" redact --document any --confidence $confidence t.txt > t.out &&
              for cte in base64 quoted-printable; do
                "$CPF" redact --document any --confidence $confidence $cte.eml > out.eml &&
                python3 -c "
            import email
            body = email.message_from_bytes(open('out.eml', 'rb').read()).get_payload(decode=True)
            plain = open('t.out', 'rb').read()
            print('$cte $confidence', body == plain and plain.count(b'*') > 1000)" || exit 1
              done
            done
            """#)
        #expect(
            outputLines(result.stdout) == [
                "base64 low True", "quoted-printable low True", "base64 medium True", "quoted-printable medium True",
                "base64 high True", "quoted-printable high True",
            ], "\(result.stderr)")
        #expect(result.status == 0)
    }

    @Test(
        "a CNPJ in an encoded-word subject is written again hidden; Python reads the subject with no CNPJ",
        .enabled(if: tools))
    func encodedSubject() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" &&
            printf 'From: a@example.com\nSubject: =?utf-8?Q?Nota_CNPJ_11=2E222=2E333/0001-81_=C3=A9?=\n\nnada\n' > m.eml &&
            "$CPF" redact --document cnpj --in-place m.eml &&
            { "$CPF" find --document any --confidence low --include-invalid m.eml; echo "find $?"; } &&
            python3 -c "
            import email, email.policy
            m = email.message_from_bytes(open('m.eml', 'rb').read(), policy=email.policy.default)
            print(m['Subject']); print(m.get_payload(), end='')"
            """#)
        #expect(outputLines(result.stdout) == ["find 1", "Nota CNPJ **.***.***/****-** é", "nada"], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted m.eml (1 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "a CNPJ in an encoded address field is not rewritten: named, exit status 2, the file left as it was",
        .enabled(if: tools))
    func encodedAddress() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" &&
            printf 'From: =?utf-8?Q?Loja_11=2E222=2E333/0001-81?= <a@example.com>\nSubject: x\n\nnada\n' > a.eml &&
            cp a.eml before && { "$CPF" redact --document any --in-place a.eml; echo "redact $?";
            cmp a.eml before && echo same; }
            """#)
        #expect(outputLines(result.stdout) == ["redact 2", "same"])
        #expect(
            result.stderr == """
                cpf: a.eml: not searched: e-mail: a header field holds a CPF or CNPJ in encoded text that redact \
                cannot re-encode (an address or other structured field)

                """)
    }

    @Test(
        "e-mail compressed with gzip or read from a pipe is still named as not searched with --document any",
        .enabled(if: tools))
    func notRewritable() {
        let directory = TemporaryDirectory()
        let mail = directory.file("m.eml", Self.plain)
        let result = runShell(
            """
            cd "$(dirname '\(mail)')" && gzip -k m.eml && cp m.eml.gz before &&
            { "$CPF" redact --document any --in-place m.eml.gz; echo "gzip $?"; cmp m.eml.gz before && echo same;
              cat m.eml | "$CPF" redact --document cnpj > out; echo "pipe $?"; wc -c < out; }
            """)
        #expect(
            outputLines(result.stdout).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "gzip 2", "same", "pipe 2", "0",
            ])
        #expect(
            result.stderr == """
                cpf: m.eml.gz: not searched: e-mail compressed with gzip, which redact does not rewrite
                cpf: standard input: not searched: e-mail read from a pipe, which redact rewrites only from a file

                """)
    }
}
