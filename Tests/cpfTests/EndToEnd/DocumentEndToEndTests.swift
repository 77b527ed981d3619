// End-to-end tests of documents in `find` and `redact` (docs/reference.md,
// "Archives and documents"): zip archives written by Info-ZIP's `zip`,
// Office documents written by python-docx, openpyxl and odfpy, PDFs written
// by reportlab; searched member by member, rewritten in place and read back
// by the same tools, which must find no CPF left while the members without
// one stay byte for byte.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: archives and documents")
struct DocumentEndToEndTests {
    static let tools = InstalledTool.areInstalled("zip", "unzip", "python3", "cmp")

    /// The Python with python-docx, openpyxl, odfpy, reportlab and pypdf
    /// (`.ci/run` makes it: `$CPF_DOCS_PYTHON`, else the virtual environment
    /// it keeps in `~/.cache/cpf-ci/venv-docs`).
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        let path =
            environment["CPF_DOCS_PYTHON"]
            ?? "\(environment["HOME"] ?? "/root")/.cache/cpf-ci/venv-docs/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()
    static let documentTools = tools && python != nil && InstalledTool.areInstalled("pdftotext")

    /// `PY`, the documents' Python, for a script.
    static var py: String { "PY='\(python ?? "python3")'" }

    /// Writes, in the current folder: `logs.zip` (`a.txt` with a CPF, `b.txt`
    /// without, `dir/c.csv` with one; deflated) and `plain.txt`.
    static let makeZip = """
        printf 'nome;cpf\\nAna;390.533.447-05\\n' > a.txt && printf 'nada aqui\\n' > b.txt &&
        mkdir -p dir && printf 'x\\n\\nCPF 529.982.247-25 fim\\n' > dir/c.csv &&
        zip -q -X logs.zip a.txt b.txt dir/c.csv && rm -r a.txt b.txt dir
        """

    /// Writes `contrato.docx` (a CPF split across a bold run and a plain
    /// one, another in a table cell), `planilha.xlsx` (a CPF in a string
    /// cell) and `ata.odt` (a CPF split across two spans).
    static let makeOffice = #"""
        makeoffice() { "$PY" - <<'EOF'
        import docx, openpyxl
        from odf.opendocument import OpenDocumentText
        from odf.text import P, Span
        d = docx.Document()
        p = d.add_paragraph('Contratante: José, CPF ')
        p.add_run('390.533').bold = True
        p.add_run('.447-05, residente.')
        t = d.add_table(rows=1, cols=2)
        t.cell(0, 0).text = 'Fiador'
        t.cell(0, 1).text = '529.982.247-25'
        d.save('contrato.docx')
        w = openpyxl.Workbook(); s = w.active
        s['A1'] = 'nome'; s['B1'] = 'cpf'; s['A2'] = 'Ana'; s['B2'] = '111.444.777-35'
        w.save('planilha.xlsx')
        o = OpenDocumentText(); para = P(text='CPF do titular: 390.5')
        para.addElement(Span(text='33.447-05')); o.text.addElement(para)
        o.save('ata.odt')
        EOF
        }
        makeoffice
        """#

    /// Writes `recibo.pdf` (reportlab, compressed, a CPF on page 2 drawn in
    /// two pieces on one line) and `scan.pdf` (an image only).
    static let makePDF = #"""
        makepdf() { "$PY" - <<'EOF'
        from reportlab.pdfgen import canvas
        c = canvas.Canvas('recibo.pdf', pageCompression=1)
        c.drawString(72, 720, 'Recibo'); c.showPage()
        c.drawString(72, 720, 'Pagador: CPF 390.533.447-05')
        c.save()
        c = canvas.Canvas('scan.pdf'); c.rect(10, 10, 100, 100, fill=1); c.save()
        EOF
        }
        makepdf
        """#

    @Test("find names each member of a zip archive that holds a CPF: ARCHIVE!MEMBER:LINE:COLUMN", .enabled(if: tools))
    func findsInZipMembers() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeZip) && \"$CPF\" find logs.zip")
        #expect(result.stderr == "")
        #expect(
            outputLines(result.stdout) == [
                "logs.zip!a.txt:2:5: 390.533.447-05", "logs.zip!dir/c.csv:3:5: 529.982.247-25",
            ])
        #expect(result.status == 0)
    }

    @Test("find --json gives the archive as source and the member apart", .enabled(if: tools))
    func jsonHasMember() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeZip) && \"$CPF\" find --json logs.zip | head -1")
        #expect(
            outputLines(result.stdout) == [
                #"{"source":"logs.zip","member":"a.txt","line":2,"column":5,"text":"390.533.447-05","#
                    + #""cpf":"39053344705","confidence":"high","valid":true}"#
            ])
    }

    @Test(
        "a nested archive is searched as ARCHIVE!INNER!MEMBER; an encrypted member is named not searched, exit 2",
        .enabled(if: tools))
    func nestedAndEncrypted() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.makeZip) && printf 'CPF 111.444.777-35\\n' > s.txt &&
            zip -q -P segredo secret.zip s.txt && zip -q outer.zip logs.zip secret.zip &&
            "$CPF" find outer.zip; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "outer.zip!logs.zip!a.txt:2:5: 390.533.447-05", "outer.zip!logs.zip!dir/c.csv:3:5: 529.982.247-25",
                "status 2",
            ])
        #expect(result.stderr == "cpf: outer.zip: not searched: member secret.zip!s.txt: encrypted member\n")
    }

    @Test(
        """
        a CPF in a member's name is found as ARCHIVE!MEMBER:name:COLUMN; redact leaves the archive as it was (a \
        member is never renamed), names the member hidden and exits 2
        """,
        .enabled(if: tools))
    func cpfInAMembersName() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && printf 'CPF 390.533.447-05\\n' > joao_529.982.247-25.txt &&
            zip -q n.zip joao_529.982.247-25.txt && "$CPF" find n.zip && "$CPF" redact --in-place n.zip;
            echo "status $?"; unzip -p n.zip
            """)
        #expect(
            outputLines(result.stdout) == [
                "n.zip!joao_529.982.247-25.txt:name:6: 529.982.247-25",
                "n.zip!joao_529.982.247-25.txt:1:5: 390.533.447-05",
                "status 2", "CPF 390.533.447-05",
            ])
        #expect(
            result.stderr
                == """
                cpf: n.zip: not rewritten: member joao_***.***.***-**.txt: its name holds a CPF (shown hidden), not \
                renamed

                """)
    }

    @Test("a zip archive read from a pipe is named not searched, not scanned as bytes", .enabled(if: tools))
    func zipFromAPipe() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.makeZip) && cat logs.zip | \"$CPF\" find; echo \"status $?\"")
        #expect(outputLines(result.stdout) == ["status 2"])
        #expect(result.stderr.contains("not searched: zip archive read as a stream"))
    }

    @Test(
        "a damaged archive is named not searched: a member with a wrong CRC-32, a truncated archive",
        .enabled(if: tools))
    func damagedArchives() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeZip) && head -c 100 logs.zip > cut.zip &&
            python3 - <<'EOF'
            data = bytearray(open('logs.zip', 'rb').read())
            at = data.find(b'a.txt') + 5
            data[at + 3] ^= 0xFF
            open('crc.zip', 'wb').write(data)
            EOF
            "$CPF" find cut.zip crc.zip; echo "status $?"
            """#)
        #expect(outputLines(result.stdout).last == "status 2")
        #expect(result.stderr.contains("cpf: cut.zip: not searched: zip archive: "))
        #expect(result.stderr.contains("cpf: crc.zip: not searched: member a.txt: "))
    }

    @Test("a member that inflates past the decompression limit stops the archive, named", .enabled(if: tools))
    func zipBombStops() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && head -c 20000000 /dev/zero > z && zip -q bomb.zip z && rm z &&
            "$CPF" find --max-decompressed-size 1M bomb.zip; echo "status $?"
            """)
        #expect(outputLines(result.stdout) == ["status 2"])
        #expect(result.stderr.contains("cpf: bomb.zip: not searched: member z: decompression limit"))
    }

    @Test(
        "redact --in-place rewrites only the members with a CPF: unzip -t passes, the others byte for byte",
        .enabled(if: tools))
    func redactRewritesZipMembers() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeZip) && cp logs.zip before.zip &&
            "$CPF" redact --in-place logs.zip && unzip -tq logs.zip > /dev/null && unzip -p logs.zip a.txt dir/c.csv &&
            python3 - <<'EOF'
            import struct, zipfile
            def record(path, info):
                data = open(path, 'rb').read()[info.header_offset:]
                n, e = struct.unpack('<HH', data[26:30])
                return data[:30 + n + e + info.compress_size]
            a, b = zipfile.ZipFile('before.zip'), zipfile.ZipFile('logs.zip')
            assert [(i.filename, i.date_time) for i in a.infolist()] == [(i.filename, i.date_time) for i in b.infolist()]
            assert record('before.zip', a.getinfo('b.txt')) == record('logs.zip', b.getinfo('b.txt'))
            assert record('before.zip', a.getinfo('a.txt')) != record('logs.zip', b.getinfo('a.txt'))
            assert b.testzip() is None
            print('kept')
            EOF
            ! "$CPF" find --confidence low --include-invalid logs.zip
            """#)
        #expect(
            outputLines(result.stdout) == ["nome;cpf", "Ana;***.***.***-**", "x", "", "CPF ***.***.***-** fim", "kept"])
        #expect(result.stderr == "cpf: redacted logs.zip (2 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "find reads Office documents' text: a CPF split across runs or spans, a table cell, a spreadsheet cell",
        .enabled(if: documentTools))
    func findsInOfficeDocuments() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.py) && \(Self.makeOffice) && \"$CPF\" find contrato.docx planilha.xlsx ata.odt"
        )
        #expect(result.stderr == "")
        let lines = outputLines(result.stdout)
        #expect(lines.contains { $0.hasPrefix("contrato.docx!word/document.xml:") && $0.hasSuffix(": 390.533.447-05") })
        #expect(lines.contains { $0.hasPrefix("contrato.docx!word/document.xml:") && $0.hasSuffix(": 529.982.247-25") })
        #expect(lines.contains { $0.hasPrefix("planilha.xlsx!xl/") && $0.hasSuffix(": 111.444.777-35") })
        #expect(lines.contains { $0.hasPrefix("ata.odt!content.xml:") && $0.hasSuffix(": 390.533.447-05") })
        #expect(lines.count == 4)
        #expect(result.status == 0)
    }

    @Test(
        "redact --in-place on Office documents: the same libraries read them back with no CPF and the rest of the text",
        .enabled(if: documentTools))
    func redactsOfficeDocuments() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && \#(Self.makeOffice) &&
            "$CPF" redact --in-place contrato.docx planilha.xlsx ata.odt && unzip -tq contrato.docx > /dev/null &&
            "$PY" - <<'EOF'
            import docx, openpyxl, re
            from odf.opendocument import load
            from odf import teletype
            from odf.text import P
            d = docx.Document('contrato.docx')
            text = '\n'.join(p.text for p in d.paragraphs) + '\n' + '\n'.join(
                c.text for t in d.tables for r in t.rows for c in r.cells)
            s = openpyxl.load_workbook('planilha.xlsx').active
            text += '\n' + '\n'.join(str(c.value) for r in s.iter_rows() for c in r)
            text += '\n' + '\n'.join(teletype.extractText(p) for p in load('ata.odt').getElementsByType(P))
            assert not re.search(r'\d{3}\.?\d{3}\.?\d{3}-?\d{2}', text), text
            print(text)
            EOF
            """#)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("Contratante: José, CPF ***.***.***-**, residente."))
        #expect(text.contains("Fiador\n***.***.***-**"))
        #expect(text.contains("Ana\n***.***.***-**"))
        #expect(text.contains("CPF do titular: ***.***.***-**"))
        #expect(result.stderr.contains("cpf: redacted contrato.docx (2 hidden)"))
        #expect(result.status == 0)
    }

    @Test(
        """
        a spreadsheet number that is a CPF with its leading zeros lost is found at low confidence; redact makes \
        the cell hidden text
        """,
        .enabled(if: documentTools))
    func numbersWithLostZeros() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) &&
            "$PY" -c "
            import openpyxl; w = openpyxl.Workbook(); s = w.active
            s['A1'] = 'Ana'; s['B1'] = 1234567890; s['C1'] = 111444777; w.save('n.xlsx')" &&
            "$CPF" find n.xlsx; echo "status $?"; "$CPF" find --confidence low n.xlsx &&
            "$CPF" redact --in-place n.xlsx &&
            "$PY" -c "
            import openpyxl; print([c.value for r in openpyxl.load_workbook('n.xlsx').active.iter_rows() for c in r])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "status 1", "n.xlsx!xl/worksheets/sheet1.xml:2:1: 1234567890", "['Ana', '***********', 111444777]",
            ])
        #expect(result.stderr == "cpf: redacted n.xlsx (1 hidden)\n")
    }

    @Test(
        "find reads a PDF's text natively; a PDF without text is named not searched", .enabled(if: documentTools))
    func findsInPDF() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.py) && \(Self.makePDF) && \"$CPF\" find recibo.pdf scan.pdf; echo \"status $?\""
        )
        let lines = outputLines(result.stdout)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("recibo.pdf:") == true)
        #expect(lines.first?.hasSuffix(": 390.533.447-05") == true)
        #expect(lines.last == "status 2")
        #expect(result.stderr.hasPrefix("cpf: scan.pdf: not searched: PDF: "))
    }

    /// reportlab draws a line in two text objects, the second where the first
    /// ends (the corpus's "split drawing"); pdftotext reads one line. The
    /// second value is drawn a gap of a size apart: two words, no CPF.
    @Test(
        "find reads a CPF drawn in two pieces on one line, at the line and column of the joined line",
        .enabled(if: documentTools))
    func findsSplitDrawing() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.py) && "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            c = canvas.Canvas('split.pdf', pageCompression=1)
            c.drawString(72, 760, 'Recibo de pagamento')
            c.drawString(72, 700, 'Documento 554.15')
            c.drawString(72 + c.stringWidth('Documento 554.15'), 700, '1.396-05')
            c.drawString(72, 680, 'Fiador 529.982')
            c.drawString(72 + c.stringWidth('Fiador 529.982') + 12, 680, '.247-25')
            c.save()
            EOF
            pdftotext split.pdf - | grep -c '554.151.396-05'
            "$CPF" find split.pdf; echo "status $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "1", "split.pdf:2:11: 554.151.396-05", "status 0",
            ], "\(result.stderr)")
    }

    @Test(
        "redact --in-place removes a PDF's CPF from its page, proven: pdftotext and find read none of it",
        .enabled(if: documentTools))
    func redactRewritesPDF() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.py) && \(Self.makePDF) && cp recibo.pdf before.pdf &&
            "$CPF" redact --in-place recibo.pdf; echo "status $?"; cmp -s recibo.pdf before.pdf || echo changed
            pdftotext recibo.pdf - | grep -c '447' ; pdftotext recibo.pdf - | grep -c 'Pagador: CPF'
            "$CPF" find recibo.pdf; echo "find $?"
            """)
        #expect(outputLines(result.stdout) == ["status 0", "changed", "0", "1", "find 1"])
        #expect(result.stderr == "cpf: redacted recibo.pdf (1 hidden)\n")
    }

    @Test(
        "redact --document rewrites a PDF for the kinds asked for: none of them, copied byte for byte; some, removed",
        .enabled(if: documentTools))
    func redactPDFWithDocument() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.py) && \(Self.makePDF) &&
            "$CPF" redact --document cnpj recibo.pdf > copy.pdf; echo "status $?"; cmp recibo.pdf copy.pdf && echo same
            "$CPF" redact --document any recibo.pdf > any.pdf; echo "status $?"; pdftotext any.pdf - | grep -c '447'
            """)
        #expect(outputLines(result.stdout) == ["status 0", "same", "status 0", "0"])
        #expect(result.stderr == "")
    }

    /// Writes `deep.pdf`, whose page shows `Recibo` and draws form X0, which
    /// draws X1, … `$1` forms deep, the deepest showing a CPF (hand-written PDF bytes, the
    /// cross-reference table counted by Python).
    static let makeNestedForms = #"""
        nestedforms() { python3 - "$1" <<'EOF'
        import sys
        levels = int(sys.argv[1])
        def stream(head, data):
            return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)
        forms = b" ".join(b"/X%d %d 0 R" % (i, i + 6) for i in range(levels))
        objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                   b"<< /Type /Page /MediaBox [0 0 612 792] /Resources 4 0 R /Contents 5 0 R >>",
                   b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << "
                   + forms + b" >> >>", stream(b"", b"BT /F1 10 Tf 72 750 Td (Recibo) Tj ET /X0 Do")]
        for i in range(levels):
            shown = b"BT /F1 10 Tf 72 700 Td (CPF 390.533.447-05) Tj ET" if i == levels - 1 else b""
            objects.append(stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]", shown + b" /X%d Do" % (i + 1)))
        out, offsets = bytearray(b"%PDF-1.4\n"), []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
        start = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
        out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
        open("deep.pdf", "wb").write(out)
        EOF
        }
        """#

    @Test(
        "a PDF whose form XObjects nest deeper than 12 is named not searched, exit 2, in find and redact",
        .enabled(if: InstalledTool.areInstalled("python3", "cmp")))
    func formsNestedTooDeep() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.makeNestedForms)
            nestedforms 12 && "$CPF" find deep.pdf; echo "find 12: $?"
            nestedforms 13 && cp deep.pdf before.pdf
            "$CPF" find deep.pdf; echo "find 13: $?"
            "$CPF" redact deep.pdf > /dev/null; echo "redact: $?"
            "$CPF" redact --in-place deep.pdf; echo "in place: $?"; cmp deep.pdf before.pdf && echo same
            """)
        #expect(
            outputLines(result.stdout) == [
                // The sweep still reads the deepest form's strings, as the page's, and says so; the pages'
                // text is not whole.
                "deep.pdf:2:5: 390.533.447-05", "find 12: 0", "deep.pdf:page 1:1:5: 390.533.447-05", "find 13: 2",
                "redact: 2", "in place: 2", "same",
            ], "\(result.stderr)")
        let reason = "not searched: PDF: PDF too complex (form XObjects nested more than 12 deep)"
        #expect(result.stderr == String(repeating: "cpf: deep.pdf: \(reason)\n", count: 3))
    }
}
