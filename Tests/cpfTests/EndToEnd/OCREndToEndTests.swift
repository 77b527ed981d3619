// End-to-end tests of `find` in images (issue 41): images made in the test by
// ImageMagick (`convert`, DejaVu Sans, a little rotation and noise) and by
// reportlab then `pdftoppm` (150 and 300 dpi, PNG and JPEG), read by the real
// Tesseract; an engine that is a shell script, for what Tesseract cannot be
// made to do (print a known table, lack Portuguese); and the images named not
// searched, exit 2, without an engine, with --ocr-engine /nonexistent and with
// --no-ocr.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find: images read by OCR")
struct OCREndToEndTests {
    static let python = DocumentEndToEndTests.python
    static let tesseract = InstalledTool.areInstalled("tesseract", "convert")

    /// Runs `script` in a new folder with `$PY` (the Python with reportlab and Pillow).
    static func sh(_ script: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell("cd \"$(mktemp -d)\" && PY='\(python ?? "python3")' && \(script)", timeout: 300)
    }

    /// `label FILE TEXT [convert options]`: TEXT typeset by ImageMagick in DejaVu Sans, 40 pt, black on white.
    static let label = #"""
        label() { out=$1; text=$2; shift 2
          convert -size 1000x120 xc:white -font DejaVu-Sans -pointsize 40 -fill black -draw "text 20,75 '$text'" \
            "$@" "$out"; }
        """#

    @Test(
        "finds CPFs typeset in PNG, JPEG, TIFF, GIF, WebP and BMP images, rotated and noisy, as FILE:LINE:COLUMN",
        .enabled(if: tesseract, "tesseract (tesseract-ocr) is not installed"))
    func imagesOfEveryFormat() {
        let result = Self.sh(
            """
            \(Self.label)
            label a.png 'CPF 390.533.447-05' && label b.jpg 'Titular: 529.982.247-25' -rotate 1 -quality 80 &&
            label c.tif 'CPF 111.444.777-35' +noise Gaussian -attenuate 0.3 && label d.gif 'CPF 390.533.447-05' &&
            label e.webp 'CPF 529.982.247-25' && label f.bmp 'CPF 111.444.777-35' -compress none -type truecolor &&
            label g.png 'Nenhum número aqui' && cp a.png 'h -x.png' &&
            "$CPF" find a.png b.jpg c.tif d.gif e.webp f.bmp g.png 'h -x.png'; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "a.png:ocr:1:5: 390.533.447-05", "b.jpg:ocr:1:10: 529.982.247-25", "c.tif:ocr:1:5: 111.444.777-35",
                "d.gif:ocr:1:5: 390.533.447-05", "e.webp:ocr:1:5: 529.982.247-25", "f.bmp:ocr:1:5: 111.444.777-35",
                "h -x.png:ocr:1:5: 390.533.447-05", "status 0",
            ], "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test(
        "--json gives ocr:true and the box of the words in pixels; --count and -l count images' CPFs",
        .enabled(if: tesseract, "tesseract (tesseract-ocr) is not installed"))
    func json() throws {
        let result = Self.sh(
            """
            \(Self.label)
            label a.png 'CPF 390.533.447-05 e 529.982.247-25' && "$CPF" find --json a.png &&
            "$CPF" find --count a.png &&
            "$CPF" find -l a.png
            """)
        let lines = outputLines(result.stdout)
        #expect(lines.suffix(2) == ["a.png:2", "a.png"], "\(result.stderr)")
        let objects = jsonObjects(Data(lines.prefix(2).map { $0 + "\n" }.joined().utf8))
        #expect(objects.map { $0["cpf"] as? String } == ["39053344705", "52998224725"])
        #expect(
            objects.allSatisfy {
                $0["ocr"] as? Bool == true && $0["source"] as? String == "a.png" && $0["in"] as? String == "ocr"
            })
        let boxes = objects.map { ($0["box"] as? [Int]) ?? [] }
        #expect(boxes.allSatisfy { $0.count == 4 && $0[2] > 100 && $0[3] > 20 && $0[3] < 80 })
        // The second CPF is right of the first.
        #expect(boxes.count == 2 && boxes[1][0] > boxes[0][0] + boxes[0][2])
    }

    @Test(
        "searches an image's bytes too, as before: a CPF in a JPEG's comment is found beside the one in its pixels",
        .enabled(if: tesseract, "tesseract (tesseract-ocr) is not installed"))
    func bytesAndPixels() {
        let result = Self.sh(
            """
            \(Self.label)
            label k.jpg 'CPF 390.533.447-05' -set comment 'Titular CPF 529.982.247-25' &&
            "$CPF" find --json k.jpg | "$PY" -c '
            import json, sys
            for line in sys.stdin:
                o = json.loads(line); print(o.get("in", "bytes"), o["cpf"], o.get("ocr", False))'
            """)
        #expect(
            outputLines(result.stdout) == ["bytes 52998224725 False", "ocr 39053344705 True"], "\(result.stderr)")
    }

    @Test(
        "finds the CPFs of pages typeset by reportlab and scanned by pdftoppm at 150 and 300 dpi, PNG and JPEG",
        .enabled(
            if: tesseract && python != nil && InstalledTool.areInstalled("pdftoppm"),
            "tesseract, pdftoppm or the documents' Python is not installed"))
    func scannedPages() {
        let result = Self.sh(
            #"""
            "$PY" - <<'EOF'
            from reportlab.pdfgen import canvas
            c = canvas.Canvas("page.pdf")
            c.setFont("Times-Roman", 12); c.drawString(72, 760, "Contrato de prestação de serviços")
            c.drawString(72, 740, "Contratante: João, CPF 390.533.447-05, residente em Recife.")
            c.setFont("Courier", 10); c.drawString(72, 700, "Testemunha: CPF 529.982.247-25")
            c.save()
            EOF
            pdftoppm -r 150 -png page.pdf p150 && pdftoppm -r 300 -jpeg page.pdf p300 &&
            "$CPF" find --json p150-1.png p300-1.jpg | "$PY" -c '
            import json, sys
            for line in sys.stdin:
                o = json.loads(line); print(o["source"], o["cpf"], o["ocr"], len(o["box"]))'
            """#)
        #expect(
            outputLines(result.stdout) == [
                "p150-1.png 39053344705 True 4", "p150-1.png 52998224725 True 4",
                "p300-1.jpg 39053344705 True 4", "p300-1.jpg 52998224725 True 4",
            ], "\(result.stderr)")
    }

    /// `fake`: an OCR engine that is a shell script printing `table.tsv`
    /// for an image and `LANGS` for --list-langs, recording its
    /// OMP_THREAD_LIMIT and its arguments.
    static let fake = #"""
        printf '#!/bin/sh\nif [ "$1" = --list-langs ]; then printf "Languages (2):\\n$LANGS"; exit 0; fi\n' > fake &&
        printf 'd=$(dirname "$0"); echo "$OMP_THREAD_LIMIT $*" > "$d/ran"\n' >> fake &&
        printf 'cat > /dev/null; cat "$d/table.tsv"\n' >> fake &&
        chmod +x fake && printf '\377\330\377\340 not really a JPEG' > x.jpg
        """#

    @Test("reports each line and column of the engine's table, an OCR reading among them, a CPF across two lines")
    func fakeEngineTable() {
        let h = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
        let rows = [
            "5\t1\t1\t1\t1\t1\t10\t20\t50\t30\t95\tCPF", "5\t1\t1\t1\t1\t2\t70\t22\t300\t30\t91\t133.72O.622-99",
            "5\t1\t1\t1\t2\t1\t10\t60\t60\t30\t95\tNome", "5\t1\t1\t1\t2\t2\t80\t60\t200\t30\t95\t390.533.",
            "5\t1\t1\t1\t3\t1\t10\t100\t100\t30\t95\t447-05",
        ]
        let table = ([h] + rows).joined(separator: "\\n")
        let result = Self.sh(
            """
            \(Self.fake) && printf '\(table)\\n' > table.tsv && export LANGS='eng\\npor\\n' &&
            "$CPF" find --ocr-engine ./fake x.jpg; echo "status $?"; cat ran
            "$CPF" find --json --ocr-engine ./fake x.jpg
            """)
        let lines = outputLines(result.stdout)
        #expect(
            lines.prefix(4) == [
                "x.jpg:ocr:1:5: 133.72O.622-99", "x.jpg:ocr:2:6: 390.533.\\n447-05", "status 0",
                "1 stdin stdout -l por tsv",
            ], "\(result.stderr)")
        let objects = jsonObjects(Data(lines.dropFirst(4).map { $0 + "\n" }.joined().utf8))
        #expect(objects.map { $0["box"] as? [Int] } == [[70, 22, 300, 30], [10, 60, 270, 70]])
        #expect(objects.map { $0["ocr"] as? Bool } == [true, true])
        #expect(objects.map { $0["line"] as? Int } == [1, 2])
    }

    @Test(
        "names every image not searched, exit 2: no engine in PATH, --ocr-engine /nonexistent, --no-ocr, no Portuguese")
    func notSearched() {
        let result = Self.sh(
            """
            \(Self.fake) && printf 'CPF 390.533.447-05\\n' > a.txt && : > table.tsv &&
            cp x.jpg "$(printf 'y\\033[31m.jpg')" &&
            PATH=/nonexistent "$CPF" find a.txt x.jpg; echo "status $?"
            "$CPF" find --ocr-engine /nonexistent x.jpg; echo "status $?"
            "$CPF" find --no-ocr x.jpg y*.jpg; echo "status $?"
            LANGS='eng\\nosd\\n' "$CPF" find --ocr-engine ./fake x.jpg; echo "status $?"
            PATH=/nonexistent "$CPF" find --skip-unsearchable x.jpg; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "a.txt:1:5: 390.533.447-05", "status 2", "status 2", "status 2", "status 2", "status 1",
            ])
        #expect(
            result.stderr.split(separator: "\n") == [
                "cpf: x.jpg: not searched: no OCR engine (install tesseract-ocr)",
                "cpf: x.jpg: not searched: OCR engine cannot start: No such file or directory",
                "cpf: x.jpg: not searched: JPEG image not read by OCR (--no-ocr)",
                "cpf: y\\x1b[31m.jpg: not searched: JPEG image not read by OCR (--no-ocr)",
                "cpf: x.jpg: not searched: OCR engine has no Portuguese language data (install tesseract-ocr-por)",
                "cpf: x.jpg: not searched: no OCR engine (install tesseract-ocr)",
            ])
    }

    @Test(
        """
        reads the pixels of images inside a zip, a tar, a docx and an e-mail: SOURCE!MEMBER:ocr:LINE:COLUMN, \
        in JSON "member" and "in":"ocr"
        """,
        .enabled(
            if: tesseract && python != nil && InstalledTool.areInstalled("zip"),
            "tesseract, zip or the documents' Python is not installed"))
    func imagesInsideDocuments() {
        let result = Self.sh(
            #"""
            \#(Self.label)
            label a.png 'CPF 390.533.447-05' && label b.jpg 'Titular: 529.982.247-25' -quality 85 &&
            label n.png 'Nenhum número aqui' && zip -q z.zip a.png b.jpg n.png && tar cf t.tar b.jpg &&
            "$PY" - <<'EOF'
            import docx, email.message
            from docx.shared import Inches
            d = docx.Document(); d.add_paragraph("Contrato"); d.add_picture("a.png", width=Inches(5)); d.save("d.docx")
            m = email.message.EmailMessage(); m["Subject"] = "RG"; m.set_content("Segue.")
            m.add_attachment(open("b.jpg", "rb").read(), maintype="image", subtype="jpeg", filename="rg.jpg")
            open("m.eml", "wb").write(bytes(m))
            EOF
            "$CPF" find z.zip t.tar d.docx m.eml; echo "status $?"
            "$CPF" find --json d.docx | "$PY" -c '
            import json, sys
            for line in sys.stdin:
                o = json.loads(line); print(o["source"], o["member"], o["in"], o["ocr"], o["cpf"], len(o["box"]))'
            """#)
        #expect(
            outputLines(result.stdout) == [
                "z.zip!a.png:ocr:1:5: 390.533.447-05", "z.zip!b.jpg:ocr:1:10: 529.982.247-25",
                "t.tar!b.jpg:ocr:1:10: 529.982.247-25", "d.docx!word/media/image1.png:ocr:1:5: 390.533.447-05",
                "m.eml!rg.jpg:ocr:1:10: 529.982.247-25", "status 0",
                "d.docx word/media/image1.png ocr True 39053344705 4",
            ], "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test(
        """
        without an engine, or with --no-ocr, a document holding an image is not searched, exit 2, each image \
        named, its text searched all the same; an image read from a pipe is not searched by find or redact
        """,
        .enabled(if: tesseract && InstalledTool.areInstalled("zip"), "tesseract or zip is not installed"))
    func imagesInsideDocumentsNotSearched() {
        let result = Self.sh(
            """
            \(Self.label)
            label a.png 'CPF 390.533.447-05' && printf 'CPF 529.982.247-25\\n' > t.txt && zip -q z.zip t.txt a.png &&
            PATH=/nonexistent "$CPF" find z.zip; echo "status $?"
            "$CPF" find --no-ocr z.zip; echo "status $?"
            label b.jpg 'CPF 390.533.447-05' -set comment 'CPF 529.982.247-25' && cat b.jpg | "$CPF" find; echo "status $?"
            cat b.jpg | "$CPF" redact > out; echo "redact $? $(wc -c < out)"
            """)
        #expect(
            outputLines(result.stdout) == [
                "z.zip!t.txt:1:5: 529.982.247-25", "status 2", "z.zip!t.txt:1:5: 529.982.247-25", "status 2",
                "status 2", "redact 2 0",
            ], "\(result.stderr)")
        let pipe = "not searched: JPEG image read as a stream, which cpf reads by OCR only from a file"
        #expect(
            result.stderr.split(separator: "\n") == [
                "cpf: z.zip: not searched: member a.png: no OCR engine (install tesseract-ocr)",
                "cpf: z.zip: not searched: member a.png: PNG image not read by OCR (--no-ocr)",
                "cpf: standard input: \(pipe)", "cpf: standard input: \(pipe)",
            ])
    }

    @Test(
        """
        reads a picture pasted into a legacy Word document (LibreOffice's .doc) as DOC!Data!picture-N; redact \
        names the file not rewritten, and without an engine it is not searched
        """,
        .enabled(
            if: tesseract && python != nil && InstalledTool.areInstalled("soffice"),
            "tesseract, soffice or the documents' Python is not installed"))
    func pictureInLegacyWord() {
        let result = Self.sh(
            #"""
            \#(Self.label)
            label a.png 'CPF 390.533.447-05' && "$PY" -c '
            import docx; from docx.shared import Inches
            d = docx.Document(); d.add_paragraph("Contrato"); d.add_picture("a.png", width=Inches(5)); d.save("p.docx")' &&
            soffice -env:UserInstallation="file://$PWD/profile" --headless --convert-to doc p.docx > /dev/null 2>&1 &&
            "$CPF" find p.doc; echo "status $?"
            cp p.doc p0.doc && "$CPF" redact --in-place p.doc; echo "redact $?"; cmp p.doc p0.doc && echo untouched
            PATH=/nonexistent "$CPF" find p.doc; echo "no engine $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "p.doc!Data!picture-1.png:ocr:1:5: 390.533.447-05", "status 0", "redact 2", "untouched", "no engine 2",
            ], "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n") == [
                "cpf: p.doc: not rewritten: a legacy Office document (.doc) holding a CPF, which redact does not rewrite",
                "cpf: p.doc: not searched: member Data!picture-1.png: no OCR engine (install tesseract-ocr)",
            ])
    }
}
