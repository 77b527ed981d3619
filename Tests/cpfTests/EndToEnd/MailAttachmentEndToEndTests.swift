// End-to-end tests of e-mail attachments in `find` and `redact`
// (docs/reference.md, "E-mail"): messages made by Python's `email` package
// with zip, xlsx, docx, gzip, PDF and nested zip attachments, searched inside
// as archive members are (`MAIL!ATTACHMENT!MEMBER`), rewritten in place and
// opened again by Python's `email`, zipfile, gzip, openpyxl and python-docx,
// which must find the value gone.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: e-mail attachments")
struct MailAttachmentEndToEndTests {
    static let tools = DocumentEndToEndTests.documentTools && InstalledTool.areInstalled("cmp")

    /// Writes, in the current folder, one message per attachment, each with
    /// a text body without a CPF: `zip.eml` (`dados.zip`: `dados.csv` with a
    /// CPF, `nada.txt` without), `xlsx.eml` (`planilha.xlsx`, a CPF in a
    /// cell), `docx.eml` (`contrato.docx`, a CPF in a paragraph), `gzip.eml`
    /// (`log.txt.gz`, a CPF on line 2), `pdf.eml` (`recibo.pdf`, a CPF on its
    /// page), `nested.eml` (`pacote.zip` holding `interno.zip`, whose
    /// `interno.txt` has a CPF, and `leia.txt` without), `clean.eml`
    /// (`limpo.zip`, no CPF) and `named.eml` (a zip named by a CPF, holding one).
    static let make = #"""
        make() { "$PY" - <<'EOF'
        import io, zipfile, gzip, docx, openpyxl
        from email.message import EmailMessage
        from reportlab.pdfgen import canvas
        def mail(subject):
            m = EmailMessage(); m['From'] = 'a@example.com'; m['To'] = 'b@example.com'; m['Subject'] = subject
            m.set_content('Segue o anexo.\n'); return m
        def zipped(files):
            b = io.BytesIO()
            with zipfile.ZipFile(b, 'w', zipfile.ZIP_DEFLATED) as z:
                for n, d in files: z.writestr(n, d)
            return b.getvalue()
        def save(name, subject, data, subtype, filename):
            m = mail(subject); m.add_attachment(data, maintype='application', subtype=subtype, filename=filename)
            open(name, 'wb').write(bytes(m))
        save('zip.eml', 'zip', zipped([('dados.csv', 'nome;cpf\nAna;390.533.447-05\n'), ('nada.txt', 'nada\n')]),
            'zip', 'dados.zip')
        w = openpyxl.Workbook(); s = w.active; s['A1'] = 'cpf'; s['A2'] = '529.982.247-25'; b = io.BytesIO(); w.save(b)
        save('xlsx.eml', 'xlsx', b.getvalue(), 'vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'planilha.xlsx')
        d = docx.Document(); d.add_paragraph('Contratante CPF 111.444.777-35.'); b = io.BytesIO(); d.save(b)
        save('docx.eml', 'docx', b.getvalue(), 'vnd.openxmlformats-officedocument.wordprocessingml.document',
            'contrato.docx')
        save('gzip.eml', 'gzip', gzip.compress(b'log\nCPF 390.533.447-05\n', mtime=0), 'gzip', 'log.txt.gz')
        b = io.BytesIO(); c = canvas.Canvas(b); c.drawString(72, 720, 'Pagador: CPF 529.982.247-25'); c.save()
        save('pdf.eml', 'pdf', b.getvalue(), 'pdf', 'recibo.pdf')
        inner = zipped([('interno.txt', 'CPF 111.444.777-35\n')])
        save('nested.eml', 'nested', zipped([('interno.zip', inner), ('leia.txt', 'sem nada\n')]), 'zip',
            'pacote.zip')
        save('clean.eml', 'clean', zipped([('vazio.txt', 'nada a esconder\n')]), 'zip', 'limpo.zip')
        save('named.eml', 'named', zipped([('a.txt', 'CPF 390.533.447-05\n')]), 'zip', 'joao_529.982.247-25.zip')
        EOF
        }
        make
        """#

    /// The messages, in the order the tests list them.
    static let messages = "clean.eml docx.eml gzip.eml nested.eml pdf.eml xlsx.eml zip.eml"

    /// Opens every attachment of the messages named with its own library and
    /// prints, per attachment, `MESSAGE ATTACHMENT CPFS`: the CPFs (by a
    /// regular expression of 11 digits with optional separators) left in
    /// what the library reads (an xlsx's cells, a docx's paragraphs, a zip's
    /// members, those of a zip inside it too, a gzip's text, a PDF's text).
    static let open = #"""
        openall() { "$PY" - "$@" <<'EOF'
        import email, io, re, sys, zipfile, gzip, docx, openpyxl, pypdf
        cpf = re.compile(r'\d{3}\.?\d{3}\.?\d{3}-?\d{2}')
        def members(data):
            z = zipfile.ZipFile(io.BytesIO(data)); assert z.testzip() is None
            text = ''
            for n in z.namelist():
                b = z.read(n)
                text += members(b) if n.endswith('.zip') else b.decode()
            return text
        for name in sys.argv[1:]:
            m = email.message_from_bytes(open(name, 'rb').read())
            for p in m.walk():
                fn = p.get_filename()
                if p.is_multipart() or not fn: continue
                data = p.get_payload(decode=True)
                if fn.endswith('.xlsx'):
                    text = ' '.join(str(c.value) for r in openpyxl.load_workbook(io.BytesIO(data)).active.iter_rows()
                        for c in r)
                elif fn.endswith('.docx'):
                    text = ' '.join(p.text for p in docx.Document(io.BytesIO(data)).paragraphs)
                elif fn.endswith('.zip'):
                    text = members(data)
                elif fn.endswith('.gz'):
                    text = gzip.decompress(data).decode()
                else:
                    text = ' '.join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
                print(name, fn, len(cpf.findall(text)))
        EOF
        }
        """#

    @Test(
        """
        find reads each attachment inside, named MAIL!ATTACHMENT!MEMBER as an archive's members are; an \
        attachment without a CPF is searched too, exit 1
        """,
        .enabled(if: tools))
    func findsInsideAttachments() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.make) &&
            for f in \(Self.messages); do "$CPF" find $f; echo "$f status $?"; done
            """)
        #expect(result.stderr == "")
        #expect(
            outputLines(result.stdout) == [
                "clean.eml status 1",
                "docx.eml!contrato.docx!word/document.xml:1:17: 111.444.777-35", "docx.eml status 0",
                "gzip.eml!log.txt.gz:2:5: 390.533.447-05", "gzip.eml status 0",
                "nested.eml!pacote.zip!interno.zip!interno.txt:1:5: 111.444.777-35", "nested.eml status 0",
                "pdf.eml!recibo.pdf:1:14: 529.982.247-25", "pdf.eml status 0",
                "xlsx.eml!planilha.xlsx!xl/worksheets/sheet1.xml:2:1: 529.982.247-25", "xlsx.eml status 0",
                "zip.eml!dados.zip!dados.csv:2:5: 390.533.447-05", "zip.eml status 0",
            ])
    }

    /// Writes `png.eml` (`foto.png`, a CPF in a compressed zTXt chunk) and
    /// `tar.eml` (`dados.tar`: `a.txt` with a CPF, `b.txt` without).
    static let makePNGAndTar = #"""
        makepngtar() { "$PY" - <<'EOF'
        import io, tarfile
        from email.message import EmailMessage
        from PIL import Image, PngImagePlugin
        def save(name, data, subtype, filename):
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = name
            m.set_content('Segue.\n')
            m.add_attachment(data, maintype='application', subtype=subtype, filename=filename)
            open(name, 'wb').write(bytes(m))
        info = PngImagePlugin.PngInfo(); info.add_text('Comment', 'CPF 390.533.447-05', zip=True)
        b = io.BytesIO(); Image.new('RGB', (4, 4)).save(b, 'PNG', pnginfo=info)
        save('png.eml', b.getvalue(), 'octet-stream', 'foto.png')
        b = io.BytesIO()
        with tarfile.open(fileobj=b, mode='w', format=tarfile.USTAR_FORMAT) as t:
            for n, d in [('a.txt', b'CPF 529.982.247-25\n'), ('b.txt', b'nada\n')]:
                i = tarfile.TarInfo(n); i.size = len(d); t.addfile(i, io.BytesIO(d))
        save('tar.eml', b.getvalue(), 'x-tar', 'dados.tar')
        EOF
        }
        makepngtar
        """#

    @Test(
        """
        a PNG attachment's compressed text chunk and a tar attachment's members are found inside; redact \
        --in-place rewrites them, Pillow and tarfile read them back with the CPF gone
        """,
        .enabled(if: tools))
    func pngAndTarAttachments() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && \#(Self.makePNGAndTar) &&
            "$CPF" find png.eml tar.eml; echo "find $?"; "$CPF" redact --in-place png.eml tar.eml; echo "redact $?";
            "$CPF" find png.eml tar.eml; echo "find $?"; "$PY" - <<'EOF'
            import email, io, tarfile
            from PIL import Image
            def attachment(name):
                m = email.message_from_bytes(open(name, 'rb').read())
                return [p for p in m.walk() if p.get_filename()][0].get_payload(decode=True)
            print(Image.open(io.BytesIO(attachment('png.eml'))).text)
            t = tarfile.open(fileobj=io.BytesIO(attachment('tar.eml')))
            print([t.extractfile(n).read().decode() for n in t.getnames()])
            EOF
            """#)
        #expect(
            outputLines(result.stdout) == [
                "png.eml!foto.png!zTXt:Comment:1:5: 390.533.447-05", "tar.eml!dados.tar!a.txt:1:5: 529.982.247-25",
                "find 0", "redact 0", "find 1", "{'Comment': 'CPF ***.***.***-**'}",
                "['CPF ***.***.***-**\\n', 'nada\\n']",
            ])
        #expect(result.stderr == "cpf: redacted png.eml (1 hidden)\ncpf: redacted tar.eml (1 hidden)\n")
    }

    @Test(
        """
        find --json names the attachment's path as the member; --hide hides a CPF in an attachment's name; an \
        attachment past --max-decompressed-size is named not searched, exit 2
        """,
        .enabled(if: tools))
    func jsonHideAndLimit() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.make) &&
            "$CPF" find --json zip.eml && "$CPF" find --hide full named.eml &&
            "$CPF" find --max-decompressed-size 100 zip.eml; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                #"{"source":"zip.eml","member":"dados.zip!dados.csv","line":2,"column":5,"text":"390.533.447-05","#
                    + #""cpf":"39053344705","confidence":"high","valid":true}"#,
                "named.eml:16:49: ***.***.***-**",
                "named.eml!joao_***.***.***-**.zip!a.txt:1:5: ***.***.***-**",
                "status 2",
            ])
        #expect(
            result.stderr
                == """
                cpf: zip.eml: not searched: e-mail: an attached zip archive (dados.zip) larger than 256 MiB (or \
                --max-decompressed-size), held whole

                """)
    }

    @Test(
        """
        redact writes each message with its zip, xlsx, docx, gzip and PDF attachments rewritten; a clean \
        attachment passes unchanged
        """,
        .enabled(if: tools))
    func redactsToStandardOutput() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.make) &&
            for f in \(Self.messages); do "$CPF" redact $f > out; echo "$f status $? $(wc -c < out)"; done &&
            "$CPF" redact clean.eml | cmp - clean.eml && echo same
            """)
        let lines = outputLines(result.stdout)
        #expect(lines.first == "clean.eml status 0 \(lines.first?.split(separator: " ").last ?? "")")
        #expect(
            lines.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }.dropLast() == [
                "clean.eml status 0", "docx.eml status 0", "gzip.eml status 0", "nested.eml status 0",
                "pdf.eml status 0", "xlsx.eml status 0", "zip.eml status 0",
            ])
        #expect(lines.last == "same")
        #expect(result.stderr == "")
    }

    @Test(
        """
        after redact --in-place, Python's email parses every message, every rewritten attachment (the PDF too) \
        opens in its own library with no CPF left, the clean one is byte for byte as it was, and find finds \
        nothing
        """,
        .enabled(if: tools))
    func redactsInPlace() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.make) && \(Self.open) &&
            openall \(Self.messages) && mkdir before && cp *.eml before/ &&
            "$CPF" redact --in-place \(Self.messages); echo "status $?";
            openall \(Self.messages) && cmp clean.eml before/clean.eml &&
            "$CPF" find \(Self.messages); echo "find status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "clean.eml limpo.zip 0", "docx.eml contrato.docx 1", "gzip.eml log.txt.gz 1",
                "nested.eml pacote.zip 1", "pdf.eml recibo.pdf 1", "xlsx.eml planilha.xlsx 1", "zip.eml dados.zip 1",
                "status 0",
                "clean.eml limpo.zip 0", "docx.eml contrato.docx 0", "gzip.eml log.txt.gz 0",
                "nested.eml pacote.zip 0", "pdf.eml recibo.pdf 0", "xlsx.eml planilha.xlsx 0", "zip.eml dados.zip 0",
                "find status 1",
            ], "\(result.stderr)")
        #expect(
            result.stderr
                == """
                cpf: redacted docx.eml (1 hidden)
                cpf: redacted gzip.eml (1 hidden)
                cpf: redacted nested.eml (1 hidden)
                cpf: redacted pdf.eml (1 hidden)
                cpf: redacted xlsx.eml (1 hidden)
                cpf: redacted zip.eml (1 hidden)

                """)
    }
}
