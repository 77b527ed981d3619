// End-to-end tests of `redact` in images (issue 41, items 3 and 4): PNG and
// JPEG images made by ImageMagick with a planted CPF and a decoy line,
// redacted in place and to standard output; afterwards a fresh Tesseract run
// and `cpf find` read no CPF, the decoy is still read, every PNG pixel
// outside the painted boxes is identical (ImageMagick `compare` on the rows
// far from the CPF) and so are the JPEG's pixels far from them; a
// progressive JPEG refused, untouched; no engine, not searched.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf redact: images painted over")
struct RedactImagesEndToEndTests {
    static let tools = InstalledTool.areInstalled("tesseract", "convert", "compare", "cjpeg", "cmp")

    /// `card FILE [convert options]`: a CPF on the first line, a decoy
    /// (`Nome Maria Silva`) on the second, DejaVu Sans 40 pt on white.
    static let card = #"""
        card() { out=$1; shift
          convert -size 1000x220 xc:white -font DejaVu-Sans -pointsize 40 -fill black \
            -draw "text 20,75 'CPF 390.533.447-05'" -draw "text 20,185 'Nome Maria Silva'" "$@" "$out"; }
        """#

    static func sh(_ script: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell("cd \"$(mktemp -d)\" && trap 'rm -rf \"$PWD\"' EXIT && \(card) && \(script)", timeout: 300)
    }

    @Test(
        "redact --in-place and to standard output paint the CPF of a PNG and a JPEG: Tesseract and find read none",
        .enabled(if: tools, "tesseract (tesseract-ocr), ImageMagick or cjpeg is not installed"))
    func pngAndJPEG() {
        let result = Self.sh(
            """
            card a.png && card b.jpg -quality 92 && cp a.png a0.png && cp b.jpg b0.jpg &&
            "$CPF" redact --in-place a.png b.jpg; echo "in place $?"
            "$CPF" redact a0.png > a1.png; echo "png out $?"; "$CPF" redact b0.jpg > b1.jpg; echo "jpeg out $?"
            for f in a.png b.jpg a1.png b1.jpg; do
              t=$(tesseract "$f" - -l por 2>/dev/null)
              case "$t" in *Maria*) echo "$f decoy read";; esac
              echo "$t" | grep -Eq '[0-9]{3}[.][0-9]{3}' && echo "$f CPF still read"
            done
            "$CPF" find a.png b.jpg a1.png b1.jpg; echo "find $?"
            cmp a.png a1.png && echo "same png both ways"
            # Rows 120 and below (the decoy) are far from the CPF's box: identical.
            compare -metric AE -crop 1000x100+0+120 a0.png a.png null: 2>&1; echo
            compare -metric AE -crop 1000x90+0+130 b0.jpg b.jpg null: 2>&1; echo
            """)
        #expect(
            outputLines(result.stdout) == [
                "in place 0", "png out 0", "jpeg out 0", "a.png decoy read", "b.jpg decoy read", "a1.png decoy read",
                "b1.jpg decoy read", "find 1", "same png both ways", "0", "0",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted a.png (1 hidden)\ncpf: redacted b.jpg (1 hidden)\n")
    }

    @Test(
        "a progressive JPEG with a CPF is not rewritten, left untouched, exit 2; a GIF likewise",
        .enabled(if: tools, "tesseract (tesseract-ocr), ImageMagick or cjpeg is not installed"))
    func refused() {
        let result = Self.sh(
            """
            card a.ppm && cjpeg -progressive a.ppm > p.jpg && card g.gif && cp p.jpg p0.jpg && cp g.gif g0.gif &&
            "$CPF" redact --in-place p.jpg g.gif; echo "in place $?"; cmp p.jpg p0.jpg && cmp g.gif g0.gif && echo untouched
            "$CPF" redact p.jpg | wc -c; echo "out $?"
            """)
        #expect(outputLines(result.stdout) == ["in place 2", "untouched", "0", "out 0"], "\(result.stderr)")
        #expect(
            result.stderr == "cpf: p.jpg: not rewritten: progressive JPEG (not supported)\n"
                + "cpf: g.gif: not rewritten: GIF images are not rewritten\n"
                + "cpf: p.jpg: not rewritten: progressive JPEG (not supported)\n")
    }

    @Test(
        "without an engine, or with --no-ocr, an image is not searched, exit 2; one without a CPF is left unchanged",
        .enabled(if: tools, "tesseract (tesseract-ocr), ImageMagick or cjpeg is not installed"))
    func notSearchedAndUnchanged() {
        let result = Self.sh(
            """
            card a.png && convert -size 600x120 xc:white -font DejaVu-Sans -pointsize 40 -draw "text 20,75 'Nada'" n.jpg &&
            cp a.png a0.png && cp n.jpg n0.jpg &&
            "$CPF" redact --in-place --ocr-engine /nonexistent/tesseract a.png; echo "nonexistent $?"
            "$CPF" redact --in-place --no-ocr a.png; echo "no-ocr $?"; cmp a.png a0.png && echo untouched
            "$CPF" redact --in-place n.jpg; echo "nothing $?"; cmp n.jpg n0.jpg && echo "left alone"
            "$CPF" redact n.jpg | cmp - n0.jpg && echo "copied as it is"
            """)
        #expect(
            outputLines(result.stdout) == [
                "nonexistent 2", "no-ocr 2", "untouched", "nothing 0", "left alone", "copied as it is",
            ], "\(result.stderr)")
        #expect(result.stderr.contains("cpf: a.png: not searched: PNG image not read by OCR (--no-ocr)\n"))
        #expect(result.stderr.components(separatedBy: "not searched").count == 3, "\(result.stderr)")
    }

    @Test(
        """
        redact --in-place paints the CPFs in images inside a zip, a docx and an e-mail: a fresh Tesseract run \
        reads none in them, the decoy is still read, the docx still opens, its thumbnail blanked; a tar's image \
        is refused, untouched
        """,
        .enabled(
            if: tools && DocumentEndToEndTests.python != nil && InstalledTool.areInstalled("zip", "unzip"),
            "tesseract, ImageMagick, zip or the documents' Python is not installed"))
    func imagesInsideDocuments() {
        let python = DocumentEndToEndTests.python ?? "python3"
        let result = Self.sh(
            #"""
            PY='\#(python)' && card a.png && card b.jpg -quality 90 && zip -q z.zip a.png b.jpg && tar cf t.tar b.jpg &&
            cp t.tar t0.tar && "$PY" - <<'EOF'
            import docx, email.message
            from docx.shared import Inches
            d = docx.Document(); d.add_paragraph("Contrato"); d.add_picture("a.png", width=Inches(5)); d.save("d.docx")
            m = email.message.EmailMessage(); m["Subject"] = "RG"; m.set_content("Segue.")
            m.add_attachment(open("b.jpg", "rb").read(), maintype="image", subtype="jpeg", filename="rg.jpg")
            open("m.eml", "wb").write(bytes(m))
            EOF
            "$CPF" redact --in-place z.zip d.docx m.eml t.tar; echo "in place $?"
            cmp t.tar t0.tar && echo "tar untouched"
            mkdir x && (cd x && unzip -q ../z.zip && unzip -q -o ../d.docx 'word/media/*') &&
            "$PY" -c '
            import email, sys
            m = email.message_from_binary_file(open("m.eml", "rb"))
            for p in m.walk():
                if p.get_filename() == "rg.jpg": open("x/rg.jpg", "wb").write(p.get_payload(decode=True))
            import docx, io, zipfile; print("paragraphs", len(docx.Document("d.docx").paragraphs))
            from PIL import Image
            thumbnail = Image.open(io.BytesIO(zipfile.ZipFile("d.docx").read("docProps/thumbnail.jpeg")))
            print("thumbnail", thumbnail.convert("L").getextrema())'
            for f in x/a.png x/b.jpg x/word/media/image1.png x/rg.jpg; do
              t=$(tesseract "$f" - -l por 2>/dev/null)
              case "$t" in *Maria*) echo "$f decoy read";; esac
              echo "$t" | grep -Eq '[0-9]{3}[.][0-9]{3}' && echo "$f CPF still read"
            done
            "$CPF" find z.zip d.docx m.eml; echo "find $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "in place 2", "tar untouched", "paragraphs 2", "thumbnail (0, 0)", "x/a.png decoy read",
                "x/b.jpg decoy read",
                "x/word/media/image1.png decoy read", "x/rg.jpg decoy read", "find 1",
            ], "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n") == [
                "cpf: redacted z.zip (2 hidden)", "cpf: redacted d.docx (1 hidden)", "cpf: redacted m.eml (1 hidden)",
                """
                cpf: t.tar: not rewritten: member b.jpg: a JPEG image in whose pixels the OCR engine reads a CPF, \
                which redact does not rewrite inside a tar
                """,
            ])
    }

    @Test(
        "without an engine, a zip holding an image is not searched, exit 2, left as it was",
        .enabled(if: tools && InstalledTool.areInstalled("zip"), "tesseract, ImageMagick or zip is not installed"))
    func imagesInsideDocumentsNotSearched() {
        let result = Self.sh(
            """
            card a.png && printf 'CPF 529.982.247-25\\n' > t.txt && zip -q z.zip t.txt a.png && cp z.zip z0.zip &&
            PATH=/nonexistent "$CPF" redact --in-place z.zip; echo "status $?"; cmp z.zip z0.zip && echo untouched
            """)
        #expect(outputLines(result.stdout) == ["status 2", "untouched"], "\(result.stderr)")
        #expect(result.stderr == "cpf: z.zip: not searched: member a.png: no OCR engine (install tesseract-ocr)\n")
    }
}
