// End-to-end tests of what a document holds beside the text a reader shows
// (docs/reference.md, "What else a file holds"): formulas, data-validation
// lists and prompts, field codes, hyperlink targets, numbers as a sheet
// stores them, sheet and member names, zip comments, gzip header names. Each was a silent leak: `find` said
// nothing, or `redact` said "redacted" with the CPF still in the file, or
// wrote a file its own tool no longer opens.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: what documents hold beside their text")
struct DocumentSweepEndToEndTests {
    static let tools = DocumentEndToEndTests.documentTools
    static var py: String { DocumentEndToEndTests.py }

    @Test(
        """
        an xlsx formula, a data-validation list and its prompt are found as PART:sweep; redact leaves the \
        workbook as it was, named, exit 2
        """,
        .enabled(if: tools))
    func formulasAndValidations() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import openpyxl
            from openpyxl.worksheet.datavalidation import DataValidation
            w = openpyxl.Workbook(); s = w.active
            s['A1'] = '="529.982.247-25"'
            v = DataValidation(type='list', formula1='"111.444.777-35,outro"', prompt='CPF 390.533.447-05')
            s.add_data_validation(v); v.add('B1')
            w.save('f.xlsx')
            EOF
            cp f.xlsx before.xlsx
            "$CPF" find f.xlsx; echo "find $?"; "$CPF" find --json f.xlsx | head -n 1
            "$CPF" redact --in-place f.xlsx; echo "redact $?"; cmp f.xlsx before.xlsx && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "f.xlsx!xl/worksheets/sheet1.xml:sweep:1:2: 529.982.247-25",
                "f.xlsx!xl/worksheets/sheet1.xml:sweep:2:5: 390.533.447-05",
                "f.xlsx!xl/worksheets/sheet1.xml:sweep:3:2: 111.444.777-35",
                "find 0",
                #"{"source":"f.xlsx","member":"xl/worksheets/sheet1.xml","in":"sweep","line":1,"column":2,"#
                    + #""text":"529.982.247-25","cpf":"52998224725","confidence":"high","valid":true}"#,
                "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: f.xlsx: not searched: member xl/worksheets/sheet1.xml: 3 CPFs outside the text redact rewrites"))
        #expect(!result.stderr.contains("247-25"))
    }

    @Test(
        """
        a CPF stored as a number in exponent form (3.9053344705E10, as Apache POI writes it) or with .0 is \
        found at medium confidence; redact makes the cell a string of stars that openpyxl reads
        """,
        .enabled(if: tools))
    func numbersInExponentForm() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import openpyxl, zipfile
            w = openpyxl.Workbook(); s = w.active
            s['A1'] = 39053344705; s['A2'] = 52998224725; s['A3'] = 12345
            w.save('t.xlsx')
            z = zipfile.ZipFile('t.xlsx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            x = parts['xl/worksheets/sheet1.xml'].decode()
            x = x.replace('<v>39053344705</v>', '<v>3.9053344705E10</v>')
            x = x.replace('<v>52998224725</v>', '<v>52998224725.0</v>')
            parts['xl/worksheets/sheet1.xml'] = x.encode()
            with zipfile.ZipFile('n.xlsx', 'w', zipfile.ZIP_DEFLATED) as z:
                for n, b in parts.items(): z.writestr(n, b)
            EOF
            "$CPF" find --json n.xlsx; echo "find $?"
            "$CPF" redact --in-place n.xlsx; echo "redact $?"
            "$PY" -c "import openpyxl; s = openpyxl.load_workbook('n.xlsx').active; print([c.value for c in s['A']])"
            "$CPF" find --confidence low --include-invalid n.xlsx; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                #"{"source":"n.xlsx","member":"xl/worksheets/sheet1.xml","line":1,"column":1,"#
                    + #""text":"3.9053344705E10","cpf":"39053344705","confidence":"medium","valid":true}"#,
                #"{"source":"n.xlsx","member":"xl/worksheets/sheet1.xml","line":2,"column":1,"#
                    + #""text":"52998224725.0","cpf":"52998224725","confidence":"medium","valid":true}"#,
                "find 0", "redact 0", "['***********', '***********', 12345]", "after 1",
            ])
    }

    @Test(
        """
        a CPF written with character references in a member that is not a text part (settings, custom XML, \
        relationships, an OpenDocument manifest) is found as PART:sweep; redact leaves the files as they were, \
        named, exit 2
        """,
        .enabled(if: tools))
    func referencesInOtherXMLMembers() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import docx, zipfile
            from odf.opendocument import OpenDocumentText
            from odf.text import P
            d = docx.Document(); d.add_paragraph('Contrato'); d.save('p.docx')
            z = zipfile.ZipFile('p.docx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            def put(name, old, new):
                assert old in parts[name], name
                parts[name] = parts[name].replace(old, new, 1)
            put('word/settings.xml', b'</w:settings>',
                b'<w:docVars><w:docVar w:name="c" w:val="&#53;29.982.247-25"/></w:docVars></w:settings>')
            parts['customXml/item1.xml'] = b'<?xml version="1.0"?><dados><cpf>390.533.44&#55;-05</cpf></dados>'
            put('word/_rels/document.xml.rels', b'</Relationships>',
                b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                b'hyperlink" Target="https://x.example/?c=&#x31;1144477735" TargetMode="External"/></Relationships>')
            with zipfile.ZipFile('f.docx', 'w', zipfile.ZIP_DEFLATED) as z:
                for n, b in parts.items(): z.writestr(n, b)
            o = OpenDocumentText(); o.text.addElement(P(text='Contrato')); o.save('o.odt')
            z = zipfile.ZipFile('o.odt'); parts = [(i, z.read(i.filename)) for i in z.infolist()]; z.close()
            with zipfile.ZipFile('f.odt', 'w') as w:
                for i, b in parts:
                    if i.filename == 'META-INF/manifest.xml':
                        b = b.replace(b'</manifest:manifest>', b'<manifest:file-entry manifest:full-path='
                                      b'"dados/&#53;29.982.247-25.xml" manifest:media-type="text/xml"/>'
                                      b'</manifest:manifest>')
                    stored = i.filename == 'mimetype'
                    w.writestr(i, b, compress_type=zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED)
            EOF
            cp f.docx before.docx; cp f.odt before.odt
            "$CPF" find f.docx f.odt; echo "find $?"; "$CPF" find --json f.odt
            "$CPF" redact --in-place f.docx f.odt; echo "redact $?"
            cmp f.docx before.docx && cmp f.odt before.odt && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "f.docx!word/_rels/document.xml.rels:sweep:1:22: 11144477735",
                "f.docx!word/settings.xml:sweep:1:1: 529.982.247-25",
                "f.docx!customXml/item1.xml:sweep:1:1: 390.533.447-05",
                "f.odt!META-INF/manifest.xml:sweep:1:7: 529.982.247-25", "find 0",
                #"{"source":"f.odt","member":"META-INF/manifest.xml","in":"sweep","line":1,"column":7,"#
                    + #""text":"529.982.247-25","cpf":"52998224725","confidence":"high","valid":true}"#,
                "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                """
                cpf: f.docx: not rewritten: 3 members not rewritten: member word/_rels/document.xml.rels: a CPF \
                written with character or entity references (`find` names it :sweep), which redact does not hide
                """))
        #expect(result.stderr.contains("cpf: f.odt: not rewritten: member META-INF/manifest.xml: a CPF written with"))
    }

    @Test(
        """
        a CPF written plainly in relationships: in a hyperlink's address it is hidden as before and the document \
        opens; in a relationship's id (a reference) the document is left as it was, named, exit 2
        """,
        .enabled(if: tools))
    func plainCPFsInRelationships() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import docx, zipfile
            d = docx.Document(); d.add_paragraph('Contrato'); d.save('p.docx')
            z = zipfile.ZipFile('p.docx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            link = (b'<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                    b'hyperlink" Target="https://x.example/?c=%s" TargetMode="External"/></Relationships>')
            def save(name, rel):
                p = dict(parts)
                p['word/_rels/document.xml.rels'] = p['word/_rels/document.xml.rels'].replace(b'</Relationships>', rel)
                with zipfile.ZipFile(name, 'w', zipfile.ZIP_DEFLATED) as z:
                    for n, b in p.items(): z.writestr(n, b)
            save('link.docx', link % (b'rId99', b'52998224725'))
            save('id.docx', link % (b'rId52998224725', b'1'))
            EOF
            cp id.docx before.docx
            "$CPF" redact --in-place link.docx id.docx; echo "redact $?"; cmp id.docx before.docx && echo unchanged
            "$CPF" find --confidence low link.docx; echo "after $?"
            "$PY" -c "import docx; docx.Document('link.docx'); print('opens')"
            """#)
        #expect(outputLines(result.stdout) == ["redact 2", "unchanged", "after 1", "opens"])
        #expect(
            result.stderr == """
                cpf: redacted link.docx (1 hidden)
                cpf: id.docx: not rewritten: member word/_rels/document.xml.rels: a CPF in a reference (a \
                relationship's target or id, a part's name), which redact cannot hide without breaking the document

                """)
    }

    @Test(
        "a Word field code (a HYPERLINK's address) is found as PART:sweep; redact leaves the document as it was",
        .enabled(if: tools))
    func wordFieldCodes() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import docx, zipfile
            d = docx.Document(); d.add_paragraph('Contrato'); d.save('p.docx')
            z = zipfile.ZipFile('p.docx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            x = parts['word/document.xml'].decode()
            field = ('</w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">'
                     ' HYPERLINK "https://x.example/?cpf=52998224725" </w:instrText></w:r>'
                     '<w:r><w:fldChar w:fldCharType="end"/>')
            parts['word/document.xml'] = x.replace('<w:t>Contrato</w:t>', '<w:t>Contrato</w:t>' + field).encode()
            with zipfile.ZipFile('f.docx', 'w', zipfile.ZIP_DEFLATED) as z:
                for n, b in parts.items(): z.writestr(n, b)
            EOF
            cp f.docx before.docx
            "$CPF" find f.docx; echo "find $?"
            "$CPF" redact --in-place f.docx; echo "redact $?"; cmp f.docx before.docx && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "f.docx!word/document.xml:sweep:1:36: 52998224725", "find 0", "redact 2", "unchanged",
            ])
    }

    @Test(
        """
        an OpenDocument hyperlink's target and a number cell's stored value are found; redact hides the \
        number and leaves a document with a link to a CPF as it was
        """,
        .enabled(if: tools))
    func openDocumentAttributes() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            from odf.opendocument import OpenDocumentText, OpenDocumentSpreadsheet
            from odf.text import P, A
            from odf.table import Table, TableRow, TableCell
            o = OpenDocumentText(); p = P(text='Veja ')
            p.addElement(A(href='https://x.example/pessoa/529.982.247-25', text='o cadastro'))
            o.text.addElement(p); o.save('link.odt')
            s = OpenDocumentSpreadsheet(); t = Table(name='Dados'); r = TableRow()
            c = TableCell(valuetype='float', value='39053344705'); c.addElement(P(text='3,91E+10'))
            r.addElement(c); t.addElement(r); s.spreadsheet.addElement(t); s.save('n.ods')
            EOF
            cp link.odt before.odt
            "$CPF" find link.odt n.ods; echo "find $?"
            "$CPF" redact --in-place link.odt n.ods; echo "redact $?"; cmp link.odt before.odt && echo unchanged
            "$CPF" find --confidence low --include-invalid n.ods; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "link.odt!content.xml:sweep:1:26: 529.982.247-25",
                "n.ods!content.xml:1:1: 3,91E+10",
                "find 0", "redact 2", "unchanged", "after 1",
            ])
    }

    @Test(
        "a sheet named by a CPF is not hidden with stars (which no spreadsheet accepts): the file is left as it was",
        .enabled(if: tools))
    func sheetNamedByACPF() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import openpyxl
            w = openpyxl.Workbook(); s = w.active; s.title = '52998224725'; s['A1'] = 'x'; w.save('s.xlsx')
            EOF
            "$CPF" redact --in-place s.xlsx; echo "redact $?"
            "$PY" -c "import openpyxl; print(openpyxl.load_workbook('s.xlsx').sheetnames)"
            """#)
        #expect(outputLines(result.stdout) == ["redact 2", "['52998224725']"])
        #expect(result.stderr.contains("member xl/workbook.xml: a CPF in the workbook's sheet or defined names"))
        #expect(!result.stderr.contains("52998224725"))
    }

    @Test(
        """
        a docx with a member named by a CPF is left as it was by redact (relationships that name it would point \
        nowhere were it hidden), named with the CPF hidden
        """,
        .enabled(if: tools))
    func memberNamedByACPF() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import docx, zipfile
            d = docx.Document(); d.add_paragraph('Foto'); d.save('p.docx')
            z = zipfile.ZipFile('p.docx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            parts['word/media/52998224725.txt'] = b'nada'
            with zipfile.ZipFile('f.docx', 'w', zipfile.ZIP_DEFLATED) as z:
                for n, b in parts.items(): z.writestr(n, b)
            EOF
            cp f.docx before.docx
            "$CPF" redact --in-place f.docx; echo "redact $?"; cmp f.docx before.docx && echo unchanged
            "$PY" -c "import docx; print(docx.Document('f.docx').paragraphs[0].text)"
            """#)
        #expect(outputLines(result.stdout) == ["redact 2", "unchanged", "Foto"])
        #expect(
            result.stderr
                == "cpf: f.docx: not rewritten: member word/media/***********.txt: its name holds a CPF (shown hidden), "
                + "not renamed\n")
    }

    @Test("find --hide hides the CPFs in file and member names as in the matches", .enabled(if: tools))
    func hideCoversNames() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir d && printf 'CPF 390.533.447-05\\n' > d/joao_529.982.247-25.txt &&
            (cd d && zip -q ../n.zip joao_529.982.247-25.txt) &&
            "$CPF" find --hide full -r d n.zip; "$CPF" find --hide lgpd --json n.zip; "$CPF" find --hide full -l -r d
            """)
        let printed = String(decoding: result.stdout, as: UTF8.self)
        #expect(!printed.contains("529.982.247-25"))
        #expect(!printed.contains("390.533.447-05"))
        #expect(
            outputLines(result.stdout).prefix(4) == [
                "d/joao_***.***.***-**.txt:name:6: ***.***.***-**",
                "d/joao_***.***.***-**.txt:1:5: ***.***.***-**",
                "n.zip!joao_***.***.***-**.txt:name:6: ***.***.***-**",
                "n.zip!joao_***.***.***-**.txt:1:5: ***.***.***-**",
            ])
        #expect(outputLines(result.stdout).last == "d/joao_***.***.***-**.txt")
    }

    @Test(
        """
        a zip archive's comment and a member's comment are found as ARCHIVE:comment and ARCHIVE!MEMBER:comment; \
        redact hides them in place and unzip still tests the archive
        """,
        .enabled(if: tools))
    func zipComments() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF'
            import zipfile
            with zipfile.ZipFile('c.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.comment = b'arquivo de 529.982.247-25'
                i = zipfile.ZipInfo('a.txt'); i.comment = b'dono 390.533.447-05'; z.writestr(i, 'nada aqui\n')
            EOF
            "$CPF" find c.zip; "$CPF" find --json c.zip | tail -n 1
            "$CPF" redact --in-place c.zip; echo "redact $?"; unzip -tq c.zip
            python3 -c "import zipfile; z = zipfile.ZipFile('c.zip'); print(z.comment.decode(), z.getinfo('a.txt').comment.decode())"
            "$CPF" find c.zip; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "c.zip:comment:1:12: 529.982.247-25",
                "c.zip!a.txt:comment:1:6: 390.533.447-05",
                #"{"source":"c.zip","member":"a.txt","in":"comment","line":1,"column":6,"text":"390.533.447-05","#
                    + #""cpf":"39053344705","confidence":"high","valid":true}"#,
                "redact 0", "No errors detected in compressed data of c.zip.",
                "arquivo de ***.***.***-** dono ***.***.***-**", "after 1",
            ])
    }

    @Test(
        """
        a gzip file's original name and comment are found as FILE:gzip-name:COLUMN and FILE:gzip-comment:COLUMN; \
        redact --in-place writes the file again without them
        """,
        .enabled(if: tools))
    func gzipHeaderTexts() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF'
            import gzip
            body = gzip.compress(b'nada\n')
            header = bytearray(body[:10]); header[3] = 0x08 | 0x10
            data = bytes(header) + b'cliente-529.982.247-25.txt\0' + b'CPF 390.533.447-05\0' + body[10:]
            open('n.gz', 'wb').write(data)
            EOF
            "$CPF" find n.gz; echo "find $?"; "$CPF" find --json n.gz | head -n 1
            "$CPF" redact --in-place n.gz; echo "redact $?"; gzip -t n.gz && gzip -dc n.gz
            "$CPF" find n.gz; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "n.gz:gzip-name:9: 529.982.247-25",
                "n.gz:gzip-comment:5: 390.533.447-05",
                "find 0",
                #"{"source":"n.gz","in":"gzip-name","column":9,"text":"529.982.247-25","cpf":"52998224725","#
                    + #""confidence":"high","valid":true}"#,
                "redact 0", "nada", "after 1",
            ])
        #expect(result.stderr == "cpf: redacted n.gz (2 hidden)\n")
    }

    @Test(
        """
        a PDF's information, annotation, bookmark, named destination, page label, attachment and an earlier \
        revision's text are found, each named by its layer, in object streams too; redact rewrites each of them, \
        inside a zip too
        """,
        .enabled(if: tools))
    func pdfBesidesItsPages() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            from pypdf import PdfReader, PdfWriter
            from pypdf.annotations import FreeText
            from pypdf.generic import NameObject, DecodedStreamObject
            c = canvas.Canvas('m.pdf'); c.drawString(72, 720, 'Contrato')
            c.bookmarkPage('p1'); c.addOutlineEntry('Fiador 529.982.247-25', 'p1'); c.save()
            w = PdfWriter(); w.append(PdfReader('m.pdf'))
            w.add_annotation(page_number=0, annotation=FreeText(text='nota 111.444.777-35', rect=(50, 550, 200, 650)))
            w.add_attachment('dados.txt', b'CPF 123.456.789-09\n')
            w.add_metadata({'/Author': 'Ana CPF 390.533.447-05'})
            w.add_named_destination('Testemunha 862.525.360-16', 0)
            w.set_page_label(0, 0, prefix='CPF 456.789.123-64 ')
            w.write('a.pdf')
            c = canvas.Canvas('v1.pdf'); c.drawString(72, 720, 'CPF 714.602.380-01'); c.save()
            w = PdfWriter('v1.pdf', incremental=True)
            s = DecodedStreamObject(); s.set_data(b'BT /F1 12 Tf 72 720 Td (sem dados) Tj ET')
            w.pages[0][NameObject('/Contents')] = w._add_object(s)
            w.write('r.pdf')
            EOF
            "$CPF" find a.pdf r.pdf; echo "find $?"; pdftotext r.pdf - | head -n 1
            qpdf --object-streams=generate a.pdf o.pdf && "$CPF" find o.pdf | cut -d: -f2 | tr '\n' ,; echo
            zip -q z.zip r.pdf && cp a.pdf b.pdf && "$CPF" redact --in-place b.pdf z.zip; echo "redact $?"
            "$CPF" find b.pdf; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "a.pdf:information:1:9: 390.533.447-05",
                "a.pdf:page 1 annotation:1:6: 111.444.777-35",
                "a.pdf:bookmark:1:8: 529.982.247-25",
                "a.pdf:named destination:1:12: 862.525.360-16",
                "a.pdf:page label:1:5: 456.789.123-64",
                "a.pdf:attachment:1:5: 123.456.789-09",
                "r.pdf:unreferenced:1:5: 714.602.380-01",
                "find 0", "sem dados",
                "information,page 1 annotation,bookmark,named destination,page label,attachment,",
                "redact 0", "after 1",
            ], "\(result.stderr)")
        // Its information, annotation, bookmark, named destination, page label and plain text attachment are
        // rewritten.
        #expect(result.stderr.contains("cpf: redacted b.pdf (6 hidden)\n"))
        // The earlier revision is not written again: the PDF in the archive is rewritten whole.
        #expect(result.stderr.contains("cpf: redacted z.zip (1 hidden)\n"))
    }

    @Test(
        """
        with --document any, a CNPJ stored as a number is found: its leading zero lost at low confidence, in \
        exponent form at medium; redact makes each a string of stars
        """,
        .enabled(if: tools))
    func cnpjsStoredAsNumbers() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import openpyxl, zipfile
            w = openpyxl.Workbook(); s = w.active
            s['A1'] = 4252011000110; s['A2'] = 11222333000181; s['A3'] = 39053344705
            w.save('t.xlsx')
            z = zipfile.ZipFile('t.xlsx'); parts = {n: z.read(n) for n in z.namelist()}; z.close()
            x = parts['xl/worksheets/sheet1.xml'].decode().replace('<v>11222333000181</v>', '<v>1.1222333000181E13</v>')
            parts['xl/worksheets/sheet1.xml'] = x.encode()
            with zipfile.ZipFile('c.xlsx', 'w', zipfile.ZIP_DEFLATED) as z:
                for n, b in parts.items(): z.writestr(n, b)
            EOF
            "$CPF" find --document cnpj c.xlsx; "$CPF" find --document any --confidence low c.xlsx
            "$CPF" redact --document any --in-place c.xlsx; echo "redact $?"
            "$PY" -c "import openpyxl; print([c.value for c in openpyxl.load_workbook('c.xlsx').active['A']])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "c.xlsx!xl/worksheets/sheet1.xml:2:1: 1.1222333000181E13",
                "c.xlsx!xl/worksheets/sheet1.xml:3:1: 39053344705",
                "c.xlsx!xl/worksheets/sheet1.xml:1:1: 4252011000110",
                "c.xlsx!xl/worksheets/sheet1.xml:2:1: 1.1222333000181E13",
                "redact 0", "['**************', '**************', '***********']",
            ])
    }

    @Test(
        """
        a CPF in UTF-16 text inside a binary part of an Office document (LibreOffice's chart and table \
        previews, .svm; a Word metafile, .emf) is found as PART:sweep; redact names the document not \
        rewritten instead of reporting it redacted with the CPF still in it
        """,
        .enabled(if: tools))
    func binaryPartsOfOfficeDocuments() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            from odf.opendocument import OpenDocumentText
            from odf.text import P
            o = OpenDocumentText(); o.text.addElement(P(text='Titular 390.533.447-05.'))
            # A metafile as LibreOffice writes a chart's replacement: a binary header, then UTF-16LE text.
            svm = b'VCLMTF\x01\x00\x31\x00\x00\x00' + 'Vendas de 529.982.247-25'.encode('utf-16-le') + b'\x00' * 8
            o.addPicture('ObjectReplacements/Object 1', 'application/x-openoffice-gdimetafile', svm)
            o.save('chart.odt')
            EOF
            cp chart.odt before.odt
            "$CPF" find chart.odt; echo "find $?"
            "$CPF" redact --in-place chart.odt; echo "redact $?"; cmp chart.odt before.odt && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "chart.odt!content.xml:1:9: 390.533.447-05",
                "chart.odt!ObjectReplacements/Object 1:sweep:1:11: 529.982.247-25",
                "find 0", "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: chart.odt: not rewritten: member ObjectReplacements/Object 1: a CPF in the text of a binary part"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("247-25"))
    }

    @Test(
        """
        a CPF in a tar member's pax header (a comment record, as Python's tarfile writes it) is found as \
        ARCHIVE!MEMBER:comment, in a tar.gz too; redact leaves the archive as it was, named, exit 2
        """,
        .enabled(if: tools))
    func paxHeaderRecords() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            import io, tarfile
            for name, mode in (('p.tar', 'w'), ('p.tar.gz', 'w:gz')):
                with tarfile.open(name, mode, format=tarfile.PAX_FORMAT) as t:
                    info = tarfile.TarInfo('dados.txt'); data = b'sem documento\n'; info.size = len(data)
                    info.pax_headers = {'comment': 'origem 529.982.247-25'}
                    t.addfile(info, io.BytesIO(data))
            EOF
            cp p.tar before.tar; cp p.tar.gz before.tar.gz
            "$CPF" find p.tar p.tar.gz; echo "find $?"
            "$CPF" redact --in-place p.tar p.tar.gz; echo "redact $?"
            cmp p.tar before.tar && cmp p.tar.gz before.tar.gz && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "p.tar!dados.txt:comment:1:16: 529.982.247-25",
                "p.tar.gz!dados.txt:comment:1:16: 529.982.247-25",
                "find 0", "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: p.tar: not rewritten: member dados.txt: its pax header holds a CPF, which redact does not "
                    + "rewrite in a tar header"), "\(result.stderr)")
        #expect(!result.stderr.contains("247-25"))
    }
}
