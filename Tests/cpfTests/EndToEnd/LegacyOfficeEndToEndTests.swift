// End-to-end tests of legacy Office files, OLE compound files (docs/reference.md,
// "Archives and documents"): `.doc`, `.xls` and `.ppt` written by LibreOffice
// (converting documents python-docx, openpyxl and python-pptx wrote), and
// Outlook `.msg` files and damaged compound files written by the tests'
// CompoundFileBuilder. Each was a silent leak: the file was scanned as raw
// bytes, so UTF-16 text and text split by Word's piece table went unseen,
// `find` said nothing and `redact` copied the file with its CPFs.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: legacy Office files (.doc, .xls, .ppt, .msg)")
struct LegacyOfficeEndToEndTests {
    static let tools = DocumentEndToEndTests.documentTools && InstalledTool.areInstalled("soffice")

    /// The folder of ``made``, kept until the tests end (a script's own
    /// temporary folder goes when the script ends).
    static let madeDirectory = TemporaryDirectory.untilExit()

    /// A folder holding `contrato.doc`, `vazio.doc`, `planilha.xls` and
    /// `slides.ppt`, made once by LibreOffice (one conversion, its own
    /// profile) from documents the Python libraries wrote.
    static let made: String? = {
        guard tools else { return nil }
        let result = runShell(
            #"""
            cd '\#(madeDirectory.url.path)' && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            import docx, openpyxl
            from pptx import Presentation
            d = docx.Document()
            d.add_paragraph('Contrato de Maria, CPF 390.533.447-05.')
            d.add_paragraph('Testemunha: 529.982.247-25, ação')
            t = d.add_table(rows=1, cols=2); t.cell(0, 0).text = '111.444.777-35'; t.cell(0, 1).text = 'x'
            d.sections[0].header.paragraphs[0].text = 'Cabeçalho 123.456.789-09'
            d.core_properties.title = 'Cliente 987.654.321-00'
            d.save('contrato.docx')
            d = docx.Document(); d.add_paragraph('Nada aqui, só texto.'); d.save('vazio.docx')
            w = openpyxl.Workbook(); s = w.active; s.title = 'Clientes'
            s['A1'] = 'Nome'; s['B1'] = 'CPF'; s['A2'] = 'Maria'; s['B2'] = '390.533.447-05'
            s['B3'] = 52998224725; s['B4'] = 1234567890; s['B5'] = '="111.444.777-35"'
            w.save('planilha.xlsx')
            p = Presentation(); sl = p.slides.add_slide(p.slide_layouts[1])
            sl.shapes.title.text = 'Titular 390.533.447-05'; sl.placeholders[1].text = 'Dependente 529.982.247-25'
            p.save('slides.pptx')
            EOF
            soffice -env:UserInstallation=file://$PWD/profile --headless --convert-to doc contrato.docx vazio.docx \
                > /dev/null 2>&1
            soffice -env:UserInstallation=file://$PWD/profile --headless --convert-to xls planilha.xlsx > /dev/null 2>&1
            soffice -env:UserInstallation=file://$PWD/profile --headless --convert-to ppt slides.pptx > /dev/null 2>&1
            rm -rf profile *.docx *.xlsx *.pptx
            ls contrato.doc vazio.doc planilha.xls slides.ppt > /dev/null && pwd
            """#, timeout: 300)
        let folder = outputLines(result.stdout).last ?? ""
        return result.status == 0 && !folder.isEmpty ? folder : nil
    }()

    /// `cd` to a new folder holding copies of ``made``'s files.
    static var copies: String { #"cd "$(mktemp -d)" && cp '\#(made ?? "/nonexistent")'/* ."# }

    @Test(
        """
        a .doc LibreOffice wrote is read through its piece table: every CPF of its body, table and header \
        is found as FILE!WordDocument, and one only in its properties as a :sweep of the summary stream
        """,
        .enabled(if: tools))
    func wordDocument() {
        let result = runShell(
            #"""
            \#(Self.copies) && "$CPF" find contrato.doc; echo "find $?"
            "$CPF" find --json contrato.doc | head -n 1
            "$CPF" find vazio.doc; echo "empty $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "contrato.doc!WordDocument:1:24: 390.533.447-05",
                "contrato.doc!WordDocument:2:13: 529.982.247-25",
                "contrato.doc!WordDocument:3:1: 111.444.777-35",
                "contrato.doc!WordDocument:5:12: 123.456.789-09",
                #"contrato.doc!\x05SummaryInformation:sweep:1:9: 987.654.321-00"#,
                "find 0",
                #"{"source":"contrato.doc","member":"WordDocument","line":1,"column":24,"#
                    + #""text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true}"#,
                "empty 1",
            ])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(
        """
        redact leaves a .doc holding a CPF as it was, named not rewritten with exit status 2, and copies \
        one without a CPF unchanged
        """,
        .enabled(if: tools))
    func redactRefusesWordDocuments() {
        let result = runShell(
            #"""
            \#(Self.copies) && cp contrato.doc before.doc && cp vazio.doc before-empty.doc
            "$CPF" redact --in-place contrato.doc; echo "redact $?"; cmp contrato.doc before.doc && echo unchanged
            "$CPF" redact --in-place vazio.doc; echo "empty $?"; cmp vazio.doc before-empty.doc && echo unchanged
            "$CPF" redact contrato.doc > out.doc; echo "stdout $?"; wc -c < out.doc
            """#)
        #expect(outputLines(result.stdout) == ["redact 2", "unchanged", "empty 0", "unchanged", "stdout 2", "0"])
        #expect(
            result.stderr.contains(
                "cpf: contrato.doc: not rewritten: a legacy Office document (.doc) holding 5 CPFs, "
                    + "which redact does not rewrite"), "\(result.stderr)")
        #expect(!result.stderr.contains("447-05"))
    }

    @Test(
        """
        an .xls LibreOffice wrote is read from its BIFF8 records: shared strings, a CPF stored as a number, \
        a formula's result, and with --confidence low a number that lost its leading zero
        """,
        .enabled(if: tools))
    func excelWorkbook() {
        let result = runShell(
            #"""
            \#(Self.copies) && "$CPF" find planilha.xls; echo "find $?"
            "$CPF" find --confidence low --json planilha.xls | tail -n 1
            cp planilha.xls before.xls; "$CPF" redact --in-place planilha.xls; echo "redact $?"
            cmp planilha.xls before.xls && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "planilha.xls!Workbook:5:1: 390.533.447-05",
                "planilha.xls!Workbook:6:1: 52998224725",
                "planilha.xls!Workbook:8:1: 111.444.777-35",
                "find 0",
                #"{"source":"planilha.xls","member":"Workbook","line":7,"column":1,"#
                    + #""text":"1234567890","cpf":"01234567890","confidence":"low","valid":true}"#,
                "redact 2", "unchanged",
            ])
        #expect(result.stderr.contains("cpf: planilha.xls: not rewritten: a legacy Office document (.xls) holding"))
    }

    @Test(
        "a .ppt LibreOffice wrote is read from its text atoms: the title and the body of a slide",
        .enabled(if: tools))
    func powerPointPresentation() {
        let result = runShell(
            #"""
            \#(Self.copies) && "$CPF" find slides.ppt | sed 's/:[0-9]*:[0-9]*:/:L:C:/'; echo "find $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "slides.ppt!PowerPoint Document:L:C: 390.533.447-05",
                "slides.ppt!PowerPoint Document:L:C: 529.982.247-25",
                "find 0",
            ])
    }

    @Test(
        """
        a .doc inside a zip archive is read as a document, FILE!MEMBER!STREAM; redact leaves the archive \
        as it was, naming the member
        """,
        .enabled(if: tools))
    func wordDocumentInArchive() {
        let result = runShell(
            #"""
            \#(Self.copies) && zip -q -X docs.zip contrato.doc && cp docs.zip before.zip
            "$CPF" find docs.zip | head -n 2; "$CPF" redact --in-place docs.zip; echo "redact $?"
            cmp docs.zip before.zip && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "docs.zip!contrato.doc!WordDocument:1:24: 390.533.447-05",
                "docs.zip!contrato.doc!WordDocument:2:13: 529.982.247-25",
                "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: docs.zip: not rewritten: member contrato.doc: a legacy Office document (.doc) holding 5 CPFs"))
    }

    @Test(
        """
        an Outlook .msg: its subject (UTF-16), body (8-bit) and an attachment's text are found, the \
        attachment as FILE!STORAGE/STREAM; redact leaves it as it was
        """)
    func outlookMessage() throws {
        let folder = TemporaryDirectory()
        let message = CompoundFileBuilder.message(
            properties: [
                ("0037001F", CompoundFileBuilder.utf16("Cadastro de 390.533.447-05")),
                ("1000001E", Array("Segue o CPF 529.982.247-25 do cliente.".utf8)),
            ],
            attachments: [("lista.csv", Array("nome;cpf\nAna;111.444.777-35\n".utf8))])
        _ = folder.file("m.msg", Data(message))
        let result = runShell(
            #"""
            cd '\#(folder.url.path)' && cp m.msg before.msg && "$CPF" find m.msg; echo "find $?"
            "$CPF" redact --in-place m.msg; echo "redact $?"; cmp m.msg before.msg && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "m.msg!__substg1.0_0037001F:1:13: 390.533.447-05",
                "m.msg!__substg1.0_1000001E:1:13: 529.982.247-25",
                "m.msg!__attach_version1.0_#00000000/__substg1.0_37010102:2:5: 111.444.777-35",
                "find 0", "redact 2", "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: m.msg: not rewritten: a legacy Office document (.msg) holding 3 CPFs, which redact does not"))
    }

    @Test(
        """
        a compound file of another kind is named not searched (exit 2), what its streams show swept all \
        the same; a truncated or damaged one is named not searched, never passed as clean
        """)
    func unreadCompoundFiles() throws {
        let folder = TemporaryDirectory()
        let other = CompoundFileBuilder.build([(["Contents"], CompoundFileBuilder.utf16("CPF 390.533.447-05"))])
        _ = folder.file("other.bin", Data(other))
        let message = CompoundFileBuilder.message(
            properties: [("0037001F", CompoundFileBuilder.utf16(String(repeating: "CPF 390.533.447-05 ", count: 300)))])
        _ = folder.file("cut.msg", Data(message.prefix(message.count - 1024)))
        var loop = message
        // The FAT's first entry pointing at its own sector: a chain that loops.
        let fat = (Int(loop[76]) | Int(loop[77]) << 8) + 1
        loop.replaceSubrange(fat * 512..<fat * 512 + 4, with: [0, 0, 0, 0])
        _ = folder.file("loop.msg", Data(loop))
        let result = runShell(
            #"""
            cd '\#(folder.url.path)' && "$CPF" find other.bin; echo "other $?"
            "$CPF" find cut.msg; echo "cut $?"; "$CPF" find loop.msg; echo "loop $?"
            cp other.bin before.bin; "$CPF" redact --in-place other.bin; echo "redact $?"
            cmp other.bin before.bin && echo unchanged
            """#)
        #expect(
            outputLines(result.stdout) == [
                "other.bin!Contents:sweep:1:5: 390.533.447-05", "other 2", "cut 2", "loop 2", "redact 2",
                "unchanged",
            ])
        #expect(
            result.stderr.contains(
                "cpf: other.bin: not searched: compound file of a kind cpf does not read (not a Word, Excel, "
                    + "PowerPoint or Outlook document)"), "\(result.stderr)")
        #expect(result.stderr.contains("cpf: cut.msg: not searched: legacy Office document: compound file:"))
        #expect(
            result.stderr.contains(
                "cpf: loop.msg: not searched: legacy Office document (.msg): compound file: the chain of sectors of "
                    + "stream __substg1.0_0037001F loops\n"))
        #expect(!result.stderr.contains("447-05"))
    }

    @Test(
        """
        a legacy Office file read from standard input is named not searched, never scanned raw; attached to an \
        e-mail it is read inside, as MAIL!ATTACHMENT!STREAM
        """)
    func compoundFilesInStreams() throws {
        let folder = TemporaryDirectory()
        let message = CompoundFileBuilder.message(properties: [
            ("0037001F", CompoundFileBuilder.utf16("CPF 390.533.447-05"))
        ])
        _ = folder.file("m.msg", Data(message))
        let base64 = Data(message).base64EncodedString(options: .lineLength76Characters)
        let mail = """
            From: a@example.com\r\nSubject: anexo\r\nMIME-Version: 1.0\r\n\
            Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\noi\r\n\
            --b\r\nContent-Type: application/vnd.ms-outlook; name="m.msg"\r\n\
            Content-Transfer-Encoding: base64\r\n\r\n\(base64.replacingOccurrences(of: "\n", with: "\r\n"))\r\n--b--\r\n
            """
        _ = folder.file("mail.eml", mail)
        let result = runShell(
            #"""
            cd '\#(folder.url.path)' && cat m.msg | "$CPF" find -; echo "stdin $?"; "$CPF" find mail.eml; echo "mail $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "stdin 2", "mail.eml!m.msg!__substg1.0_0037001F:1:5: 390.533.447-05", "mail 0",
            ])
        #expect(
            result.stderr.contains(
                "cpf: standard input: not searched: legacy Office document read as a stream, "
                    + "which cpf reads only from a file"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("mail.eml"))
    }
}
