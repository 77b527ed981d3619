// End-to-end tests of the images of PDFs (issue 41): PDFs made in the test
// by reportlab (a contract with text whose page draws a picture of an
// identity card, Pillow typing a CPF in it) and by Pillow's PDF writer (a
// scanned page: JPEG, CCITT Group 4), read by the real Tesseract; and the
// PDFs named not searched, exit 2, without an engine, with --no-ocr and
// for an image cpf does not decode (JBIG2).

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: the images of PDFs read by OCR")
struct PDFImagesEndToEndTests {
    static let python = DocumentEndToEndTests.python
    static let tools = python != nil && InstalledTool.areInstalled("tesseract")

    /// Runs `script` in a new folder after `make.py` (see ``make``) is written there.
    static func sh(_ script: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell(
            "cd \"$(mktemp -d)\" && PY='\(python ?? "python3")' && cat > make.py <<'EOF'\n\(make)\nEOF\n\(script)",
            timeout: 300)
    }

    /// `"$PY" make.py KIND FILE [TEXT]`: a PDF of KIND, a picture of TEXT (a
    /// CPF by default) typed by Pillow in DejaVu Sans: `contract`, a page
    /// of text (a CPF of its own) drawing the picture; `scan-jpeg`,
    /// `scan-g4` a page that is only the picture, JPEG or CCITT Group 4;
    /// `jbig2`, a page drawing a JBIG2 image; `text`, a page of text alone.
    static let make = #"""
        import sys, zlib
        from PIL import Image, ImageDraw, ImageFont
        kind, out = sys.argv[1], sys.argv[2]
        text = sys.argv[3] if len(sys.argv) > 3 else "Titular: CPF 529.982.247-25"
        img = Image.new("RGB", (900, 140), "white")
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 44)
        ImageDraw.Draw(img).text((24, 40), text, fill="black", font=font)
        img.save("picture.png")
        if kind in ("contract", "text"):
            from reportlab.pdfgen import canvas
            c = canvas.Canvas(out)
            c.drawString(72, 760, "Contrato de prestacao de servicos, CPF 390.533.447-05")
            if kind == "contract": c.drawImage("picture.png", 72, 500, 450, 70)
            c.save()
        elif kind == "scan-jpeg": img.save(out, resolution=150)
        elif kind == "scan-g4": img.convert("1").save(out, resolution=150)
        elif kind == "jbig2":
            data = b"\0" * 64
            objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 200] "
                b"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
                b"<< /Type /XObject /Subtype /Image /Width 600 /Height 200 /ColorSpace /DeviceGray "
                b"/BitsPerComponent 1 /Filter /JBIG2Decode /Length 64 >>\nstream\n" + data + b"\nendstream",
                b"<< /Length 30 >>\nstream\nq 600 0 0 200 0 0 cm /Im0 Do Q\nendstream"]
            pdf = bytearray(b"%PDF-1.5\n"); offsets = []
            for i, o in enumerate(objs):
                offsets.append(len(pdf)); pdf += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
            xref = len(pdf)
            pdf += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
            pdf += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
            open(out, "wb").write(pdf)
        """#

    @Test(
        "finds the CPF in a contract's pasted picture as FILE:page 1 image 1:ocr, after the text's, and in scans",
        .enabled(if: tools, "tesseract or the documents' Python is not installed"))
    func findsInImages() {
        let result = Self.sh(
            """
            "$PY" make.py contract c.pdf && "$PY" make.py scan-jpeg s.pdf 'CPF 111.444.777-35' &&
            "$PY" make.py scan-g4 g.pdf 'CPF 390.533.447-05' && "$PY" make.py text t.pdf &&
            "$CPF" find c.pdf s.pdf g.pdf t.pdf; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "c.pdf:1:40: 390.533.447-05", "c.pdf:page 1 image 1:ocr:1:14: 529.982.247-25",
                "s.pdf:page 1 image 1:ocr:1:5: 111.444.777-35", "g.pdf:page 1 image 1:ocr:1:5: 390.533.447-05",
                "t.pdf:1:40: 390.533.447-05", "status 0",
            ], "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test(
        "--json names the image in \"in\", with \"ocr\":true, its page and the box of the words in its pixels",
        .enabled(if: tools, "tesseract or the documents' Python is not installed"))
    func json() {
        let result = Self.sh(
            """
            "$PY" make.py contract c.pdf && "$CPF" find --json c.pdf | "$PY" -c '
            import json, sys
            for line in sys.stdin:
                o = json.loads(line)
                print(o["source"], o.get("in", "-"), o["cpf"], o.get("ocr", False), o.get("page", "-"), len(o.get("box", [])))'
            """)
        #expect(
            outputLines(result.stdout) == [
                "c.pdf - 39053344705 False - 0", "c.pdf page 1 image 1 52998224725 True 1 4",
            ], "\(result.stderr)")
    }

    @Test(
        "names a PDF with images not searched, exit 2, without an engine, with --no-ocr, and for a JBIG2 image",
        .enabled(if: python != nil, "the documents' Python is not installed"))
    func notSearched() {
        let result = Self.sh(
            """
            "$PY" make.py contract c.pdf && "$PY" make.py scan-jpeg s.pdf && "$PY" make.py text t.pdf &&
            "$PY" make.py jbig2 j.pdf &&
            PATH=/nonexistent "$CPF" find c.pdf s.pdf t.pdf; echo "status $?"
            "$CPF" find --no-ocr c.pdf; echo "status $?"
            "$CPF" find j.pdf; echo "status $?"
            """)
        #expect(
            outputLines(result.stdout) == [
                "c.pdf:1:40: 390.533.447-05", "t.pdf:1:40: 390.533.447-05", "status 2",
                "c.pdf:1:40: 390.533.447-05", "status 2", "status 2",
            ], "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n") == [
                "cpf: c.pdf: not searched: page 1 image 1: no OCR engine (install tesseract-ocr)",
                "cpf: s.pdf: not searched: page 1 image 1: no OCR engine (install tesseract-ocr)",
                "cpf: c.pdf: not searched: page 1 image 1: PNG image not read by OCR (--no-ocr)",
                "cpf: j.pdf: not searched: page 1 image 1: JBIG2 image",
            ])
    }

    @Test(
        """
        redact names a PDF not rewritten, untouched, when OCR reads a CPF in one of its images, and not searched \
        without an engine; a PDF whose text alone holds one is rewritten as before
        """,
        .enabled(if: tools, "tesseract or the documents' Python is not installed"))
    func redactRefusesImages() {
        let result = Self.sh(
            """
            "$PY" make.py contract c.pdf && "$PY" make.py scan-jpeg s.pdf 'CPF 111.444.777-35' &&
            "$PY" make.py text t.pdf && "$PY" make.py contract n.pdf 'Nome Maria Silva' &&
            cp c.pdf c0.pdf && cp s.pdf s0.pdf &&
            "$CPF" redact --in-place c.pdf s.pdf t.pdf n.pdf; echo "status $?"
            cmp c.pdf c0.pdf && cmp s.pdf s0.pdf && echo untouched
            "$CPF" find t.pdf n.pdf; echo "find $?"
            PATH=/nonexistent "$CPF" redact --in-place c.pdf; echo "no engine $?"
            """)
        #expect(outputLines(result.stdout) == ["status 2", "untouched", "find 1", "no engine 2"], "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n") == [
                """
                cpf: c.pdf: not rewritten: page 1 image 1: a CPF read by OCR in an image of the PDF, which redact \
                does not rewrite
                """,
                """
                cpf: s.pdf: not rewritten: page 1 image 1: a CPF read by OCR in an image of the PDF, which redact \
                does not rewrite
                """,
                "cpf: redacted t.pdf (1 hidden)", "cpf: redacted n.pdf (1 hidden)",
                "cpf: c.pdf: not searched: page 1 image 1: no OCR engine (install tesseract-ocr)",
            ])
    }
}
