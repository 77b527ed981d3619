// End-to-end tests of `redact` on PDFs (docs/reference.md, "Archives and
// documents", PDF): the glyphs of each CPF removed from the pages of PDFs
// written by reportlab and LibreOffice, nothing else on the page moved
// (pdftoppm renders the page as a twin drawn with the CPF in white), the file
// written one new complete file that qpdf --check accepts, and a PDF that
// holds a CPF redact does not remove left as it was, named, exit 2.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf redact: PDFs")
struct PDFRedactEndToEndTests {
    static let tools =
        DocumentEndToEndTests.python != nil && InstalledTool.areInstalled("pdftotext", "pdftoppm", "qpdf", "cmp")

    /// Writes `a.pdf`, a line with a CPF in Helvetica, and `b.pdf`, its twin
    /// with the CPF drawn in white.
    static let makeTwins = #"""
        twins() { "$PY" - <<'EOF'
        from reportlab.pdfgen import canvas
        for name, white in (('a.pdf', False), ('b.pdf', True)):
            c = canvas.Canvas(name, pageCompression=1)
            t = c.beginText(72, 720); t.setFont('Helvetica', 12)
            t.textOut('Nome: Ana, CPF ')
            if white: t.setFillColorRGB(1, 1, 1)
            t.textOut('390.533.447-05')
            if white: t.setFillColorRGB(0, 0, 0)
            t.textOut(', residente em Sao Paulo')
            c.drawText(t)
            c.drawString(72, 700, 'Outra linha sem numero')
            c.save()
        EOF
        }
        twins
        """#

    @Test(
        "redact --pdf-fill none leaves the page as its twin with the CPF in white: nothing else moved, pixel for pixel",
        .enabled(if: tools))
    func nothingMoves() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.makeTwins) && cp a.pdf c.pdf &&
            "$CPF" redact --in-place --pdf-fill none a.pdf; echo "status $?"
            "$CPF" redact c.pdf > black.pdf; echo "status $?"
            pdftoppm -r 150 -gray a.pdf a && pdftoppm -r 150 -gray b.pdf b && pdftoppm -r 150 -gray black.pdf k
            cmp -s a-1.pgm b-1.pgm && echo "none: as the twin"; cmp -s k-1.pgm b-1.pgm || echo "black: a box"
            qpdf --check a.pdf > /dev/null && qpdf --check black.pdf > /dev/null && echo "qpdf: ok"
            pdftotext a.pdf - | grep -c '390'; pdftotext a.pdf - | grep -c 'residente'
            """)
        #expect(
            outputLines(result.stdout) == [
                "status 0", "status 0", "none: as the twin", "black: a box", "qpdf: ok", "0", "1",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted a.pdf (1 hidden)\n")
    }

    @Test(
        """
        a PDF in a CID font whose predefined CMap maps codes to glyphs cpf does not read is left as it was, \
        named, exit 2: the widths of the CPF's glyphs are not known, and the text after them would move
        """,
        .enabled(if: tools))
    func predefinedCMap() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            from reportlab.pdfbase.cidfonts import UnicodeCIDFont
            from reportlab.pdfbase import pdfmetrics
            from reportlab.pdfgen import canvas
            pdfmetrics.registerFont(UnicodeCIDFont('HeiseiMin-W3'))
            c = canvas.Canvas('cid.pdf'); c.setFont('HeiseiMin-W3', 10)
            c.drawString(72, 700, 'CPF 390.533.447-05 valor'); c.save()
            EOF
            cp cid.pdf before.pdf
            "$CPF" find cid.pdf; echo "find $?"
            "$CPF" redact --in-place cid.pdf; echo "redact $?"; cmp -s cid.pdf before.pdf && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == ["cid.pdf:1:5: 390.533.447-05", "find 0", "redact 2", "unchanged"],
            "\(result.stderr)")
        #expect(
            result.stderr
                == "cpf: cid.pdf: not rewritten: a PDF match in a font without glyph widths, which redact does not rewrite\n"
        )
    }

    @Test(
        """
        a PDF inside a zip archive is written again as a PDF file is, the other members byte for byte: \
        unzip and qpdf accept what redact writes, and neither pdftotext nor find reads a CPF in it
        """,
        .enabled(if: tools && InstalledTool.areInstalled("zip", "unzip")))
    func insideAnArchive() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.makeTwins) && printf 'sem numero\\n' > nota.txt &&
            zip -q pacote.zip a.pdf nota.txt && "$CPF" redact --in-place pacote.zip; echo "redact $?"
            mkdir out && cd out && unzip -q ../pacote.zip && qpdf --check a.pdf > /dev/null && echo "qpdf: ok"
            pdftotext a.pdf - | grep -c '390'; pdftotext a.pdf - | grep -c 'residente'; cat nota.txt
            "$CPF" find ../pacote.zip; echo "find $?"
            """)
        #expect(
            outputLines(result.stdout) == ["redact 0", "qpdf: ok", "0", "1", "sem numero", "find 1"],
            "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted pacote.zip (1 hidden)\n")
    }

    @Test(
        """
        a CPF in a Type 3 font (Ghostscript's ps2pdf, a font whose glyphs are procedures) is removed, its advance \
        from the font's matrix: with --pdf-fill none the page is its twin drawn with the CPF in white
        """,
        .enabled(if: tools && InstalledTool.areInstalled("ps2pdf")))
    func type3Font() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && for name in a b; do
                if [ $name = b ]; then white='1 setgray'; black='0 setgray'; else white=''; black=''; fi
                cat > $name.ps <<EOF
            %!PS
            /T3 8 dict def T3 begin /FontType 3 def /FontMatrix [0.001 0 0 0.001 0 0] def
            /FontBBox [0 -200 600 800] def /Encoding StandardEncoding def
            /BuildChar { exch begin 600 0 0 -200 600 800 setcachedevice pop
              50 0 moveto 550 0 lineto 550 700 lineto 50 700 lineto closepath fill end } def end
            /Boxy T3 definefont 12 scalefont setfont
            72 720 moveto (CPF ) show $white (390.533.447-05) show $black (, fim) show showpage
            EOF
                ps2pdf $name.ps $name.pdf
            done
            "$CPF" find a.pdf; "$CPF" redact --in-place --pdf-fill none a.pdf; echo "redact $?"
            pdftoppm -r 150 -gray a.pdf a && pdftoppm -r 150 -gray b.pdf b && cmp -s a-1.pgm b-1.pgm && echo "as the twin"
            qpdf --check a.pdf > /dev/null && echo "qpdf: ok"; pdftotext -layout a.pdf - | head -n 1 | tr -s " "
            """#)
        #expect(
            outputLines(result.stdout) == [
                "a.pdf:1:5: 390.533.447-05", "redact 0", "as the twin", "qpdf: ok", "CPF , fim",
            ],
            "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted a.pdf (1 hidden)\n")
    }

    @Test(
        "redact removes the CPFs and CNPJs of a letter LibreOffice converts to PDF; qpdf checks what it writes",
        .enabled(if: tools && InstalledTool.areInstalled("soffice")))
    func libreOffice() {
        let result = runShell(
            """
            cd "$(mktemp -d)" &&
            printf 'Recibo\\nCPF 390.533.447-05 de Ana\\nAção: São Paulo, 111.444.777-35\\nCNPJ 11.222.333/0001-81\\n' > carta.txt &&
            soffice -env:UserInstallation=file://$PWD/profile --headless --convert-to pdf carta.txt > /dev/null 2>&1
            "$CPF" redact --document any carta.pdf > limpa.pdf; echo "status $?"
            qpdf --check limpa.pdf > /dev/null && echo "qpdf: ok"
            pdftotext limpa.pdf - | grep -cE '[0-9]{3}\\.[0-9]{3}|/0001'; pdftotext limpa.pdf - | grep -c 'São Paulo'
            "$CPF" find --document any limpa.pdf; echo "find $?"
            """, timeout: 120)
        #expect(outputLines(result.stdout) == ["status 0", "qpdf: ok", "0", "1", "find 1"], "\(result.stderr)")
    }

    @Test(
        """
        a PDF whose earlier revision held the CPF is written again without it, one with a CPF in a text \
        attachment with the attachment rewritten; one whose attachment is not text is left as it was, exit 2
        """,
        .enabled(if: tools))
    func historyAndRefusal() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import NameObject, DecodedStreamObject
            c = canvas.Canvas('v1.pdf'); c.drawString(72, 720, 'CPF 714.602.380-01'); c.save()
            w = PdfWriter('v1.pdf', incremental=True)
            s = DecodedStreamObject(); s.set_data(b'BT /F1 12 Tf 72 720 Td (sem dados) Tj ET')
            w.pages[0][NameObject('/Contents')] = w._add_object(s)
            w.write('r.pdf')
            c = canvas.Canvas('m.pdf'); c.drawString(72, 720, 'Contrato de Ana, CPF 390.533.447-05'); c.save()
            for name, data in (('a.pdf', b'CPF 123.456.789-09\n'), ('b.pdf', b'\x00\x01CPF 123.456.789-09\n')):
                w = PdfWriter(); w.append(PdfReader('m.pdf'))
                w.add_attachment('dados 123.456.789-09.txt', data)
                w.write(name)
            EOF
            cp b.pdf before.pdf
            "$CPF" redact --in-place r.pdf a.pdf b.pdf; echo "redact $?"
            "$CPF" find r.pdf a.pdf; echo "find $?"; qpdf --check r.pdf > /dev/null && qpdf --check a.pdf > /dev/null && echo "qpdf: ok"
            grep -c 'sem dados' r.pdf; cmp b.pdf before.pdf && echo unchanged
            "$PY" -c "
            from pypdf import PdfReader
            for name, data in PdfReader('a.pdf').attachments.items(): print(name, data[0])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "redact 2", "find 1", "qpdf: ok", "1", "unchanged",
                "dados ***.***.***-**.txt b'CPF ***.***.***-**\\n'",
            ], "\(result.stderr)")
        #expect(
            result.stderr == """
                cpf: redacted r.pdf (1 hidden)
                cpf: redacted a.pdf (4 hidden)
                cpf: b.pdf: not rewritten: a PDF attachment that is not plain text, which redact does not rewrite

                """)
    }

    @Test(
        "redact hides the CPFs of a PDF's information dictionary, annotations and bookmarks in the style asked for",
        .enabled(if: tools))
    func besideThePages() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            from pypdf import PdfReader, PdfWriter
            from pypdf.annotations import FreeText
            c = canvas.Canvas('m.pdf'); c.drawString(72, 720, 'Contrato 390.533.447-05')
            c.bookmarkPage('p1'); c.addOutlineEntry('Fiador 529.982.247-25', 'p1'); c.save()
            w = PdfWriter(); w.append(PdfReader('m.pdf'))
            w.add_annotation(page_number=0, annotation=FreeText(text='nota 111.444.777-35', rect=(50, 550, 200, 650)))
            w.add_metadata({'/Author': 'Ana CPF 390.533.447-05', '/Title': 'Ação 714.602.380-01'})
            w.write('a.pdf')
            EOF
            "$CPF" redact --in-place --style lgpd a.pdf; echo "redact $?"
            "$CPF" find a.pdf; echo "find $?"; qpdf --check a.pdf > /dev/null && echo "qpdf: ok"
            "$PY" -c "
            from pypdf import PdfReader
            r = PdfReader('a.pdf'); print(r.metadata['/Author'], '|', r.metadata['/Title'])
            print(r.pages[0]['/Annots'][0].get_object()['/Contents'], '|', r.outline[0]['/Title'])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "redact 0", "find 1", "qpdf: ok", "Ana CPF ***.533.447-** | Ação ***.602.380-**",
                "nota ***.444.777-** | Fiador ***.982.247-**",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted a.pdf (4 hidden)\n")
    }

    @Test(
        "redact rewrites a PDF's form fields and their appearances: pypdf reads the values hidden, qpdf finds no CPF",
        .enabled(if: tools))
    func formFields() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            from pypdf import PdfWriter
            c = canvas.Canvas('f.pdf'); c.drawString(72, 720, 'Ficha de cadastro')
            c.acroForm.textfield(name='titular', value='390.533.447-05', tooltip='CPF 111.444.777-35',
                                 x=72, y=600, width=200, height=20)
            c.acroForm.choice(name='fiador', value='529.982.247-25', options=['529.982.247-25', 'nenhum'],
                              x=72, y=560, width=200, height=20)
            c.save()
            w = PdfWriter(clone_from='f.pdf')
            w.update_page_form_field_values(w.pages[0], {'titular': 'Ana 714.602.380-01'}, auto_regenerate=False)
            w.write('f.pdf')
            EOF
            "$CPF" find --count f.pdf
            "$CPF" redact --in-place f.pdf; echo "redact $?"
            "$CPF" find f.pdf; echo "find $?"; qpdf --check f.pdf > /dev/null && echo "qpdf: ok"
            qpdf --qdf --object-streams=disable f.pdf q.pdf; grep -caE '[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}' q.pdf
            "$PY" -c "
            from pypdf import PdfReader
            f = PdfReader('f.pdf').get_fields()
            print(f['titular']['/V'], '|', f['titular']['/DV'], '|', f['titular']['/TU'])
            print(f['fiador']['/V'], '|', list(f['fiador']['/Opt']))"
            pdftotext f.pdf - | grep -c 'Ficha'
            """#)
        #expect(
            outputLines(result.stdout) == [
                "f.pdf:8", "redact 0", "find 1", "qpdf: ok", "0",
                "Ana ***.***.***-** | ***.***.***-** | CPF ***.***.***-**",
                "***.***.***-** | ['***.***.***-**', 'nenhum']", "1",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted f.pdf (8 hidden)\n")
    }

    @Test(
        "redact rewrites a PDF's link URI, named destination (the link to it renamed alike) and page label: pypdf follows them",
        .enabled(if: tools))
    func linksAndNames() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            from pypdf import PdfWriter
            from pypdf.annotations import Link
            from pypdf.generic import NameObject, TextStringObject
            c = canvas.Canvas('m.pdf'); c.drawString(72, 720, 'Contrato'); c.showPage()
            c.drawString(72, 720, 'Anexo'); c.save()
            w = PdfWriter(clone_from='m.pdf')
            w.add_named_destination('anexo de 390.533.447-05', 1)
            w.add_annotation(page_number=0, annotation=Link(rect=(50, 600, 200, 620),
                                                            url='https://exemplo.com.br/ficha/111.444.777-35'))
            a = w.add_annotation(page_number=0, annotation=Link(rect=(50, 500, 200, 520), target_page_index=1))
            a.get_object()[NameObject('/Dest')] = TextStringObject('anexo de 390.533.447-05')
            w.set_page_label(0, 0, prefix='Titular 529.982.247-25 - ', style='/D')
            w.write('l.pdf')
            EOF
            "$CPF" redact --in-place l.pdf; echo "redact $?"
            "$CPF" find l.pdf; echo "find $?"; qpdf --check l.pdf > /dev/null && echo "qpdf: ok"
            "$PY" -c "
            from pypdf import PdfReader
            r = PdfReader('l.pdf'); names = r.named_destinations
            print(list(names), '|', r.page_labels[0], '|', r.get_destination_page_number(names['anexo de ***.***.***-**']))
            for a in r.pages[0]['/Annots']:
                a = a.get_object(); print(a.get('/A', {}).get('/URI'), a.get('/Dest'))"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "redact 0", "find 1", "qpdf: ok", "['anexo de ***.***.***-**'] | Titular ***.***.***-** - 1 | 1",
                "https://exemplo.com.br/ficha/***.***.***-** None", "None anexo de ***.***.***-**",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted l.pdf (4 hidden)\n")
    }

    @Test(
        "redact --style lgpd keeps a PDF's middle digits as glyphs and removes the others, boxes over them only",
        .enabled(if: tools))
    func lgpd() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(DocumentEndToEndTests.py) && \(Self.makeTwins) &&
            "$CPF" redact --style lgpd a.pdf > l.pdf; echo "status $?"
            pdftotext -raw l.pdf - | grep -o 'CPF.*residente'; pdftotext l.pdf - | grep -c '390'
            qpdf --check l.pdf > /dev/null && echo "qpdf: ok"
            """)
        #expect(
            outputLines(result.stdout) == ["status 0", "CPF .533.447- , residente", "0", "qpdf: ok"],
            "\(result.stderr)")
    }
}
