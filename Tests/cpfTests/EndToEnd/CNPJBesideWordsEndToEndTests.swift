// End-to-end tests of `find` and `redact --document any` on CNPJs beside a
// word by a `/` or a dash (a URL's path, a file name) and on a masked CNPJ
// cut by its own `/` in a member's path (issue 38, the corpus's known gaps).

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: CNPJs in links, file names and member paths")
struct CNPJBesideWordsEndToEndTests {
    static let tools = InstalledTool.areInstalled("python3", "cmp")

    @Test("a CNPJ in a URL's path, masked or bare, is found, hidden in place, and not found again")
    func links() {
        let result = runShell(
            """
            cd "$(mktemp -d)" &&
            printf 'ver https://exemplo.com.br/ficha/11.222.333/0001-81 e https://x.br/c/11222333000181\\n' > l.txt &&
            "$CPF" find --document any l.txt && "$CPF" redact --document any --in-place l.txt && cat l.txt &&
            { "$CPF" find --document any --confidence low --include-invalid l.txt; echo "find $?"; }
            """)
        #expect(
            outputLines(result.stdout) == [
                "l.txt:1:34: 11.222.333/0001-81", "l.txt:1:70: 11222333000181",
                "ver https://exemplo.com.br/ficha/**.***.***/****-** e https://x.br/c/**************", "find 1",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted l.txt (2 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "an e-mail whose attachment's name holds a CNPJ after a word and a dash is found, and redact hides it there",
        .enabled(if: tools))
    func attachmentName() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            from email.message import EmailMessage
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'ficha'
            m.set_content('segue a ficha\n')
            m.add_attachment(b'nada', maintype='application', subtype='octet-stream',
                             filename=('utf-8', '', 'ficha-ção-11222333000181.bin'))
            open('m.eml', 'wb').write(bytes(m))
            EOF
            "$CPF" find --document any m.eml | sed 's/^[^ ]* //'; cp m.eml before &&
            { "$CPF" redact --document any --in-place m.eml; echo "redact $?"; } &&
            { cmp -s m.eml before && echo "left as it was" || echo "rewritten"; } &&
            { "$CPF" find --document any --confidence low --include-invalid m.eml; echo "find $?"; } &&
            python3 -c "import email; m = email.message_from_bytes(open('m.eml', 'rb').read())
            print(m.get_payload(1).get_filename())"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "11222333000181", "redact 0", "rewritten", "find 1", "ficha-ção-**************.bin",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted m.eml (1 hidden)\n")
    }

    @Test(
        "a gzip file whose header's file name holds a CNPJ after 'export-' is found; redact writes it without the name",
        .enabled(if: tools))
    func gzipHeaderName() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            import gzip
            with open('e.gz', 'wb') as raw, gzip.GzipFile(
                    filename='export-11222333000181.csv', mode='wb', fileobj=raw, mtime=0) as g:
                g.write(b'nada aqui\n')
            EOF
            "$CPF" find --document any e.gz; cp e.gz before &&
            { "$CPF" redact --document any --in-place e.gz; echo "redact $?"; } &&
            { cmp -s e.gz before && echo "left as it was" || echo "rewritten"; } &&
            { "$CPF" find --document any --confidence low --include-invalid e.gz; echo "find $?"; }
            """#)
        #expect(
            outputLines(result.stdout) == ["e.gz:gzip-name:8: 11222333000181", "redact 0", "rewritten", "find 1"],
            "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted e.gz (1 hidden)\n")
    }

    @Test(
        "a zip or tar member whose path holds a masked CNPJ cut by its own '/' is found whole and named by redact",
        .enabled(if: tools))
    func memberPaths() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            import io, tarfile, zipfile
            with zipfile.ZipFile('f.zip', 'w') as z:
                z.writestr('fichas/11.222.333/0001-81.txt', 'ficha\n')
                z.writestr('2024/11222333000181.txt', 'ficha\n')
            with tarfile.open('f.tar', 'w') as t:
                info = tarfile.TarInfo('fichas/11.222.333/0001-81.txt'); info.size = 6
                t.addfile(info, io.BytesIO(b'ficha\n'))
            EOF
            "$CPF" find --document any f.zip f.tar; cp f.zip before.zip; cp f.tar before.tar;
            { "$CPF" redact --document any --in-place f.zip f.tar; echo "redact $?"; } &&
            { cmp -s f.zip before.zip && cmp -s f.tar before.tar && echo "left as they were"; }
            """#)
        #expect(
            outputLines(result.stdout) == [
                "f.zip!fichas/11.222.333/0001-81.txt:name:8: 11.222.333/0001-81",
                "f.zip!2024/11222333000181.txt:name:6: 11222333000181",
                "f.tar!fichas/11.222.333/0001-81.txt:name:8: 11.222.333/0001-81", "redact 2", "left as they were",
            ], "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                """
                cpf: f.zip: not rewritten: member fichas/**.***.***/****-**.txt: its name holds a CNPJ, not renamed \
                (and 1 more)
                """,
                """
                cpf: f.tar: not rewritten: member fichas/**.***.***/****-**.txt: its name holds a CNPJ, which redact \
                does not rewrite in a tar header
                """,
            ])
    }
}
