#!/usr/bin/env python3
"""The PDF corpus of issue 40: PDFs from four real producers, CPFs and CNPJs
planted in every layer, redacted in place by `cpf redact -r --in-place
--document any`, then judged by tools that share no code with cpf.

Usage: Scripts/pdf_corpus.py [--count N] [--work DIR] [--cpf PATH] [--python PY]
                             [--report FILE.json] [--keep] [--reuse] [--make-only] [--workers K]
                             [--redact-arg ARG]...

Makes, under --work (default $TMPDIR/cpf-pdf-corpus, emptied first), at
least N PDFs (default 200; seeded, so two runs plant the same values):

- reportlab: standard 14 fonts, DejaVu TrueType embedded as a subset, a CID
  font (UnicodeCIDFont, not embedded), kerned text written by hand as `TJ`
  arrays with displacements, pages with /Rotate 90 and 270, two columns,
  several pages;
- LibreOffice: .docx written by python-docx (paragraphs, tables, header and
  footer, two-column sections, landscape pages), converted in one
  `soffice --headless --convert-to pdf` run (TrueType subsets; LibreOffice
  7.4 writes them as simple fonts, not CID, even for non-Latin text);
- groff: `-ms` documents through gropdf (Type 1 fonts, embedded with -P-e in
  half of them; two columns with .2C; several pages), one in six through
  `groff -Tps | ps2pdf` instead (Ghostscript: Type 1C subsets);
- pypdf: copies of the above given annotations with /Contents, form fields
  with /V, file attachments, metadata, rotated pages and incremental updates
  (a new revision appended to the file, the old one left in it).

Valid CPFs and CNPJs, masked and bare, fixed ones (390.533.447-05,
529.982.247-25, 111.444.777-35, 11.222.333/0001-81) and generated ones, are
planted and listed in manifest.json with their layer. A copy is redacted
and each file classed as rewritten (its bytes changed), refused (named on
stderr with `not rewritten` or `not searched`) or untouched. Checked:

- every rewritten file passes `qpdf --check`;
- no planted value (its digits, separators ignored) in a rewritten file's
  `pdftotext` text, pypdf `extract_text()`, in any object pypdf reaches
  (strings and inflated streams), in `qpdf --qdf --object-streams=disable`
  output, or in the raw file with every stream of every revision inflated;
- each page of a rewritten file, rendered by `pdftoppm -r 50 -gray`, differs
  from the original's rendering only inside the boxes of the words holding a
  planted value (`pdftotext -bbox` of the original, in points as shown, so
  /Rotate is accounted for) or of the annotations holding one, grown by a
  margin of 3 pixels; a page whose only changes outside are faint (at most
  64 of 255, 100 pixels) with every word in place is listed apart as
  antialiasing, not as a failure (Poppler places glyphs to a quarter pixel);
- every word of the original outside those boxes is, in the rewritten
  file's `pdftotext -bbox`, where it was to 0.01 pt (text did not move);
- refused files are byte for byte the original and named on stderr; the
  exit status is 2 if and only if a file was refused.

The report (JSON with --report, a table on stdout) gives PDFs per producer
and font kind, rewritten / refused (counted by reason) / untouched, and
lists what must be empty: leaks, qpdf failures, pixel failures, moved
words, changed refused files, exit-status mismatch; the script exits 1
when one is not. The font kinds are pdffonts' (type; embedded, subset or
not). It also counts, by layer, the values of rewritten files the checks
could not read in the original (they would pass unseen; 0 expected).

Needs the documents' Python with reportlab, pypdf, Pillow and python-docx
(the virtual environment `.ci/run` makes, or --python; the script runs
itself again under it), soffice, groff (gropdf), pdftotext, pdftoppm,
pdffonts and qpdf; ps2pdf (Ghostscript) when present. Builds `cpf`
(release) unless --cpf names a binary. Takes about 3 minutes on 2 cores.
"""

import argparse
import json
import logging
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

# pypdf asks for fontTools on Ghostscript's Type 1C fonts: extract_text reads them all the same.
logging.getLogger("pypdf").setLevel(logging.ERROR)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RNG = random.Random(40)
MARGIN = 3  # pixels around a box where a changed pixel is allowed
FAINT = 64  # the largest change (of 255) of a page whose changed pixels outside the boxes are antialiasing only
DPI = 50

# ---------------------------------------------------------------- values

FIXED = ["39053344705", "52998224725", "11144477735", "11222333000181"]


def check_digit(digits, weights):
    """One mod-11 check digit: 0 when the remainder is under 2, else 11 - r."""
    r = sum(int(d) * w for d, w in zip(digits, weights)) % 11
    return "0" if r < 2 else str(11 - r)


def new_cpf():
    while True:
        base = "".join(RNG.choice("0123456789") for _ in range(9))
        if len(set(base)) > 1:
            break
    base += check_digit(base, range(10, 1, -1))
    return base + check_digit(base, range(11, 1, -1))


def new_cnpj():
    base = RNG.choice("123456789") + "".join(RNG.choice("0123456789") for _ in range(7)) + "0001"
    base += check_digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return base + check_digit(base, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])


def masked(digits):
    if len(digits) == 11:
        return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


class Plants:
    """The values planted in one file, each with its layer."""

    def __init__(self):
        self.items = []

    def value(self, layer, kind=None, style=None):
        """A new value written as planted (masked or bare), recorded under LAYER."""
        kind = kind or RNG.choice(["cpf", "cpf", "cnpj"])
        style = style or RNG.choice(["masked", "masked", "bare"])
        if RNG.random() < 0.15:
            digits = RNG.choice([d for d in FIXED if (len(d) == 11) == (kind == "cpf")])
        else:
            digits = new_cpf() if kind == "cpf" else new_cnpj()
        written = masked(digits) if style == "masked" else digits
        self.items.append({"layer": layer, "kind": kind, "digits": digits, "written": written})
        return written


WORDS = ("recibo pagamento contrato cliente fornecedor nota fiscal servico prestado mensal conta banco agencia "
         "documento cadastro empresa endereco rua cidade estado valor total desconto parcela vencimento").split()


def sentence(n=10):
    return " ".join(RNG.choice(WORDS) for _ in range(n)).capitalize() + "."


# ---------------------------------------------------------------- reportlab

DEJAVU = "/usr/share/fonts/truetype/dejavu/"


def ttf_path(name):
    """A TrueType file: fc-match's answer, or DejaVu's usual place."""
    try:
        found = subprocess.run(["fc-match", "-f", "%{file}", name], capture_output=True, text=True).stdout
        if found.endswith(".ttf") and os.path.exists(found):
            return found
    except OSError:
        pass
    return DEJAVU + name.replace(" ", "") + ".ttf"


def reportlab_fonts():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("DejaVuSans", ttf_path("DejaVu Sans")))
    pdfmetrics.registerFont(TTFont("DejaVuSerif", ttf_path("DejaVu Serif")))
    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))


RL_FONTS = {"standard 14": ["Helvetica", "Times-Roman", "Courier", "Helvetica-Bold", "Times-Italic"],
            "TrueType subset": ["DejaVuSans", "DejaVuSerif"], "CID (not embedded)": ["HeiseiMin-W3"]}


def tj_line(c, font, size, x, y, text):
    """Draws TEXT as a kerned TJ array written by hand: pieces of 2 to 4
    characters with displacements between them (-40 to +20 thousandths)."""
    from reportlab.pdfbase import pdfmetrics

    f = pdfmetrics.getFont(font)
    pieces, i = [], 0
    while i < len(text):
        n = RNG.randint(2, 4)
        pieces.append(text[i:i + n])
        i += n
    ops = [f"BT 1 0 0 1 {x} {y} Tm"]
    if font.startswith("DejaVu"):
        for k, piece in enumerate(pieces):
            for subset, data in f.splitString(piece, c._doc):
                name = f.getSubsetInternalName(subset, c._doc)
                ops.append(f"{name} {size} Tf [({c._escape(data)})] TJ")
            if k + 1 < len(pieces):
                ops.append(f"[{RNG.choice([-40, -25, -10, 15, 20])}] TJ")
    else:
        name = c._doc.getInternalFontName(font)
        arr = []
        for k, piece in enumerate(pieces):
            arr.append(f"({c._escape(piece)})")
            if k + 1 < len(pieces):
                arr.append(str(RNG.choice([-40, -25, -10, 15, 20])))
        ops.append(f"{name} {size} Tf [{' '.join(arr)}] TJ")
    ops.append("ET")
    c._code.append(" ".join(ops))


def make_reportlab(path, i):
    from reportlab.pdfgen import canvas

    plants = Plants()
    kinds = list(RL_FONTS)
    kind = "CID (not embedded)" if i % 10 == 9 else kinds[i % 2]
    font = RL_FONTS[kind][i % len(RL_FONTS[kind])]
    layout = ["one column", "two columns", "several pages"][i % 3]
    rotate = [0, 0, 90, 0, 270][i % 5]
    kerned = (i // 2) % 2 == 0 and kind != "CID (not embedded)"
    pages = 3 if layout == "several pages" else 1
    c = canvas.Canvas(path, pageCompression=i % 4 != 3)
    for p in range(pages):
        c.setPageRotation(rotate)
        c.setFont(font, 10)
        cols = [(60, 250), (310, 250)] if layout == "two columns" else [(60, 480)]
        for x, width in cols:
            y = 780
            for line in range(14):
                if kerned and line == 9:
                    tj_line(c, font, 10, x, y, f"TJ {plants.value('kerned TJ')}")
                elif line % 4 == 1:
                    label = RNG.choice(["CPF", "CNPJ", "Doc.", "Pagador"])
                    c.drawString(x, y, f"{label} {plants.value('page text')} {RNG.choice(WORDS)}")
                else:
                    c.drawString(x, y, sentence(4 if width < 300 else 8))
                y -= 40
        c.showPage()
    c.save()
    features = [layout] + ([f"/Rotate {rotate}"] if rotate else []) + (["kerned TJ"] if kerned else [])
    return {"producer": "reportlab", "fonts": [], "font": font, "features": features, "plants": plants.items}


# ---------------------------------------------------------------- python-docx for LibreOffice

LO_FONTS = ["Liberation Serif", "Liberation Sans", "DejaVu Sans", "DejaVu Serif", "Nimbus Sans"]


def make_docx(path, i):
    import docx
    from docx.enum.section import WD_ORIENT
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls
    from docx.shared import Pt

    plants = Plants()
    d = docx.Document()
    font = LO_FONTS[i % len(LO_FONTS)]
    style = d.styles["Normal"]
    style.font.name = font
    style.font.size = Pt(11)
    rpr = style.element.get_or_add_rPr()
    rpr.get_or_add_rFonts().set("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}ascii", font)
    features = []
    section = d.sections[0]
    if i % 4 == 2:
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = section.page_height, section.page_width
        features.append("landscape")
    if i % 3 == 1:
        section._sectPr.append(parse_xml(f'<w:cols {nsdecls("w")} w:num="2" w:space="720"/>'))
        features.append("two columns")
    if i % 2 == 0:
        section.header.paragraphs[0].text = f"Empresa CNPJ {plants.value('header', 'cnpj')}"
        section.footer.paragraphs[0].text = f"Responsavel {plants.value('footer', 'cpf')}"
        features.append("header and footer")
    d.add_heading("Recibo de pagamento", 1)
    for k in range(8 + (i % 3) * 8):
        if k % 3 == 1:
            d.add_paragraph(f"{sentence(6)} Pagador {plants.value('page text')} {sentence(4)}")
        else:
            d.add_paragraph(sentence(14))
    if i % 2 == 1:
        t = d.add_table(rows=3, cols=2)
        for r in range(3):
            t.cell(r, 0).text = RNG.choice(WORDS)
            t.cell(r, 1).text = plants.value("table cell")
        features.append("table")
    d.save(path)
    return {"producer": "libreoffice", "fonts": [], "font": font, "features": features,
            "plants": plants.items}


# ---------------------------------------------------------------- groff

GROFF_FAMILIES = ["T", "H", "P", "N", "C"]


def make_groff(path, i, scratch):
    plants = Plants()
    fam = GROFF_FAMILIES[i % len(GROFF_FAMILIES)]
    embed = i % 2 == 0
    two = i % 3 == 1
    lines = [f".fam {fam}", ".TL", "Recibo de pagamento", ".AU", "Setor financeiro"]
    if two:
        lines.append(".2C")
    for k in range(10 + (i % 4) * 12):
        lines.append(".PP")
        if k % 3 == 0:
            value = plants.value("page text")
            if k % 2:
                lines.append(f"{sentence(8)} Pagador \\fB{value}\\fP {sentence(5)}")
            else:
                lines.append(f"{sentence(8)} Documento {value} {sentence(5)}")
        else:
            lines.append(sentence(30))
    source = os.path.join(scratch, os.path.basename(path) + ".ms")
    with open(source, "w") as f:
        f.write("\n".join(lines) + "\n")
    ghostscript = i % 6 == 5 and shutil.which("ps2pdf")
    if ghostscript:
        # groff's PostScript through Ghostscript: Type 1C (CFF) subsets.
        ps = subprocess.run(["groff", "-ms", "-Tps", source], capture_output=True, check=True).stdout
        subprocess.run(["ps2pdf", "-", path], input=ps, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
    else:
        command = ["groff", "-ms", "-Tpdf"] + (["-P-e"] if embed else []) + [source]
        with open(path, "wb") as out:
            subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, check=True)
    features = (["two columns"] if two else []) + (["several pages"] if i % 4 >= 2 else [])
    features += ["ps2pdf"] if ghostscript else ["gropdf -P-e" if embed else "gropdf"]
    return {"producer": "groff", "fonts": [], "font": fam, "features": features, "plants": plants.items}


# ---------------------------------------------------------------- pypdf

PYPDF_LAYERS = ["annotation", "form field", "attachment", "metadata", "incremental metadata",
                "incremental page text", "rotate", "incremental annotation"]


def make_pypdf(path, i, base, base_entry):
    """A copy of BASE given one more layer by pypdf (the base's page text kept)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.annotations import FreeText, Text
    from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject,
                               TextStringObject, DecodedStreamObject)

    plants = Plants()
    plants.items = [dict(p) for p in base_entry["plants"]]
    layer = PYPDF_LAYERS[i % len(PYPDF_LAYERS)]
    incremental = layer.startswith("incremental")
    if incremental:
        w = PdfWriter(base, incremental=True)
    else:
        w = PdfWriter(clone_from=PdfReader(base))
    page = w.pages[0]
    box = page.mediabox
    x0, y0 = float(box.left), float(box.bottom)
    if layer in ("annotation", "incremental annotation"):
        if i % 2:
            a = FreeText(text=f"Conferir {plants.value('annotation')}", rect=(x0 + 50, y0 + 40, x0 + 300, y0 + 70))
        else:
            a = Text(text=f"Conferir {plants.value('annotation')}", rect=(x0 + 50, y0 + 40, x0 + 70, y0 + 60))
        w.add_annotation(0, a)
    elif layer == "form field":
        field = DictionaryObject({
            NameObject("/FT"): NameObject("/Tx"), NameObject("/T"): TextStringObject("documento"),
            NameObject("/V"): TextStringObject(plants.value("form field")),
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Widget"),
            NameObject("/Rect"): ArrayObject([FloatObject(x0 + 50), FloatObject(y0 + 40), FloatObject(x0 + 250),
                                              FloatObject(y0 + 60)]),
            NameObject("/F"): NumberObject(4),
        })
        ref = w._add_object(field)
        if "/Annots" not in page:
            page[NameObject("/Annots")] = ArrayObject()
        page["/Annots"].append(ref)
        w._root_object[NameObject("/AcroForm")] = DictionaryObject(
            {NameObject("/Fields"): ArrayObject([ref]), NameObject("/DA"): TextStringObject("/Helv 0 Tf 0 g")})
    elif layer == "attachment":
        w.add_attachment("clientes.csv", f"nome;documento\nAna;{plants.value('attachment')}\n".encode())
    elif layer in ("metadata", "incremental metadata"):
        w.add_metadata({"/Author": f"Ana {plants.value(layer)}", "/Title": f"Recibo {plants.value(layer)}",
                        "/Keywords": f"cliente {plants.value(layer)}"})
    elif layer == "incremental page text":
        # A revision that draws one more line on the first page, in a font of its own.
        font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                                 NameObject("/BaseFont"): NameObject("/Helvetica"),
                                 NameObject("/Encoding"): NameObject("/WinAnsiEncoding")})
        stream = DecodedStreamObject()
        stream.set_data(f"q BT /FCorpus 10 Tf {x0 + 60} {y0 + 30} Td (Revisao {plants.value(layer)}) Tj ET Q".encode())
        resources = page["/Resources"].get_object() if "/Resources" in page else DictionaryObject()
        fonts = resources.get("/Font", DictionaryObject()).get_object()
        fonts[NameObject("/FCorpus")] = w._add_object(font)
        resources[NameObject("/Font")] = fonts
        page[NameObject("/Resources")] = resources
        contents = page["/Contents"].get_object() if "/Contents" in page else None
        refs = ArrayObject()
        if isinstance(contents, ArrayObject):
            refs.extend(contents)
        elif contents is not None:
            refs.append(page.raw_get("/Contents"))
        refs.append(w._add_object(stream))
        page[NameObject("/Contents")] = refs
    elif layer == "rotate":
        for p in w.pages:
            p.rotate(RNG.choice([90, 180, 270]))
    with open(path, "wb") as f:
        w.write(f)
    if incremental:
        classic_xref(path)
    features = list(base_entry["features"]) + [layer]
    return {"producer": "pypdf", "base": base_entry["producer"], "fonts": base_entry["fonts"],
            "font": base_entry["font"], "features": features, "layer": layer, "plants": plants.items}


def classic_xref(path):
    """pypdf ends an incremental update with a cross-reference stream that
    does not list itself, which qpdf --check warns about (the /Size past the
    highest object it knows): write that section as a classic xref table
    and trailer instead, at the same offset, so the base revision is untouched."""
    with open(path, "rb") as f:
        data = f.read()
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    head = re.compile(rb"(\d+) \d+ obj\s*<<").match(data, start)
    body = data.find(b"stream", start)
    if not head or body < 0 or b"/XRef" not in data[start:body]:
        return
    header = data[start:body]
    length = int(re.search(rb"/Length (\d+)", header).group(1))
    body += len(b"stream") + (2 if data[body + 6:body + 8] == b"\r\n" else 1)
    table = zlib.decompress(data[body:body + length])
    widths = [int(v) for v in re.search(rb"/W \[([\d ]+)\]", header).group(1).split()]
    index = re.search(rb"/Index \[([\d ]+)\]", header)
    size = int(re.search(rb"/Size (\d+)", header).group(1))
    index = [int(v) for v in index.group(1).split()] if index else [0, size]
    rows, at = [], 0
    for first, count in zip(index[::2], index[1::2]):
        rows.append(f"{first} {count}\n")
        for _ in range(count):
            fields = []
            for w in widths:
                fields.append(int.from_bytes(table[at:at + w], "big") if w else 1)
                at += w
            kind, second, third = fields
            if kind == 2:
                return  # an object inside an object stream: no classic row for it
            rows.append(f"{second:010d} {third:05d} {'n' if kind == 1 else 'f'}\r\n")
    trailer = [f"/Size {max(size - 1, int(head.group(1)))}"]
    for key in (rb"/Root \d+ \d+ R", rb"/Info \d+ \d+ R", rb"/Prev \d+", rb"/ID \[[^\]]*\]"):
        found = re.search(key, header)
        if found:
            trailer.append(found.group(0).decode("latin-1"))
    tail = "xref\n" + "".join(rows) + "trailer\n<< " + " ".join(trailer) + f" >>\nstartxref\n{start}\n%%EOF\n"
    with open(path, "wb") as f:
        f.write(data[:start] + tail.encode("latin-1"))


# ---------------------------------------------------------------- making


def make_all(folder, count):
    """Writes the corpus to FOLDER/files and returns the manifest entries."""
    files = os.path.join(folder, "files")
    scratch = os.path.join(folder, "scratch")
    os.makedirs(files)
    os.makedirs(scratch)
    reportlab_fonts()
    per = max(count // 4, 10) + 1
    entries = []

    def put(name, entry):
        entry["file"] = name
        entries.append(entry)

    for i in range(per + 10):
        name = f"reportlab-{i:03d}.pdf"
        put(name, make_reportlab(os.path.join(files, name), i))
    for i in range(per):
        name = f"groff-{i:03d}.pdf"
        put(name, make_groff(os.path.join(files, name), i, scratch))
    docs = []
    for i in range(per):
        name = f"libreoffice-{i:03d}"
        entry = make_docx(os.path.join(scratch, name + ".docx"), i)
        docs.append((name, entry))
    profile = tempfile.mkdtemp(prefix="cpf-pdf-corpus-lo-")
    subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", files] + [os.path.join(scratch, n + ".docx") for n, _ in docs],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800, check=False)
    shutil.rmtree(profile, ignore_errors=True)
    for name, entry in docs:
        if os.path.exists(os.path.join(files, name + ".pdf")):
            put(name + ".pdf", entry)
        else:
            print(f"LibreOffice did not convert {name}.docx", file=sys.stderr)
    bases = list(entries)
    for i in range(per):
        base = bases[(i * 7) % len(bases)]
        name = f"pypdf-{i:03d}-{base['file'][:-4]}.pdf"
        put(name, make_pypdf(os.path.join(files, name), i, os.path.join(files, base["file"]), base))
    shutil.rmtree(scratch, ignore_errors=True)
    for e in entries:
        e["fonts"] = font_kinds(os.path.join(files, e["file"]))
    return entries


FONT_LINE = re.compile(r"^.+?\s+((?:CID )?(?:Type 1C|Type 1|Type 0C|Type 0|Type 3|TrueType)(?: \(OT\))?)\s+\S+\s+"
                       r"(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$")


def font_kinds(path):
    """The kinds of font PATH uses, as pdffonts tells them: 'TrueType, embedded subset'..."""
    out = subprocess.run(["pdffonts", path], capture_output=True, text=True, errors="replace").stdout
    kinds = set()
    for line in out.splitlines()[2:]:
        m = FONT_LINE.match(line)
        if m:
            how = "embedded subset" if m.group(3) == "yes" else "embedded" if m.group(2) == "yes" else "not embedded"
            kinds.add(f"{m.group(1)}, {how}")
    return sorted(kinds)


# ---------------------------------------------------------------- checking


def forms(digits):
    """The byte strings that betray a value: bare, masked, in UTF-8 and UTF-16."""
    out = set()
    for t in (digits, masked(digits)):
        for enc in ("latin-1", "utf-16-be", "utf-16-le"):
            out.add(t.encode(enc))
    return out


SEPARATORS = re.compile(r"[\s.\-/\u00a0\u2010-\u2015]")


def in_text(text, digits_list):
    """The values whose digits TEXT holds once its separators are dropped."""
    flat = SEPARATORS.sub("", text)
    return [d for d in digits_list if d in flat]


def inflate_all(data):
    """Every stream of every revision in the raw bytes, inflated where it can be."""
    out = []
    for m in re.finditer(rb"stream\r?\n", data):
        start = m.end()
        end = data.find(b"endstream", start)
        if end < 0:
            continue
        chunk = data[start:end]
        try:
            out.append(zlib.decompressobj().decompress(chunk))
        except zlib.error:
            pass
    return out


def pypdf_strings(path):
    """Every string and inflated stream of every object pypdf reaches, and each page's text."""
    from pypdf import PdfReader
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    reader = PdfReader(path)
    texts, blobs = [], []
    for page in reader.pages:
        try:
            texts.append(page.extract_text() or "")
        except Exception as e:  # noqa: BLE001
            texts.append(f"<extract_text failed: {e}>")
    seen = set()
    stack = [reader.trailer]
    while stack:
        obj = stack.pop()
        if isinstance(obj, IndirectObject):
            key = (obj.idnum, obj.generation)
            if key in seen:
                continue
            seen.add(key)
            try:
                obj = obj.get_object()
            except Exception:  # noqa: BLE001
                continue
        if isinstance(obj, StreamObject):
            try:
                blobs.append(obj.get_data())
            except Exception:  # noqa: BLE001
                blobs.append(obj._data if hasattr(obj, "_data") else b"")
        if isinstance(obj, DictionaryObject):
            stack.extend(obj.values())
        elif isinstance(obj, ArrayObject):
            stack.extend(obj)
        elif isinstance(obj, str):
            blobs.append(str(obj).encode("utf-8", "replace"))
            texts.append(str(obj))
    return texts, blobs


def leaks_in(path, digits_list, scratch):
    """Where each planted value can still be read in PATH (value -> first place)."""
    found = {}

    def note(ds, where):
        for d in ds:
            found.setdefault(d, where)

    text = subprocess.run(["pdftotext", "-q", path, "-"], capture_output=True).stdout.decode("utf-8", "replace")
    note(in_text(text, digits_list), "pdftotext")
    try:
        texts, blobs = pypdf_strings(path)
        note(in_text("\n".join(texts), digits_list), "pypdf text or string")
    except Exception as e:  # noqa: BLE001
        blobs = []
        found.setdefault("pypdf", f"pypdf could not read it: {e}")
    qdf = os.path.join(scratch, os.path.basename(path) + ".qdf")
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", path, qdf], capture_output=True)
    raw = open(path, "rb").read()
    sources = [("qdf", open(qdf, "rb").read() if os.path.exists(qdf) else b""), ("raw bytes", raw)]
    sources += [("pypdf object", b) for b in blobs] + [("inflated stream", b) for b in inflate_all(raw)]
    for where, data in sources:
        for d in digits_list:
            if d not in found and any(f in data for f in forms(d)):
                found[d] = where
    if os.path.exists(qdf):
        os.remove(qdf)
    return found


WORD = re.compile(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>')


def page_words(path):
    """Per page, its words as pdftotext -bbox reads them: ((x0, y0, x1, y1), text),
    in points from the top left of the page as shown."""
    import html

    out = subprocess.run(["pdftotext", "-q", "-bbox", path, "-"], capture_output=True).stdout.decode(
        "utf-8", "replace")
    return [[(tuple(float(v) for v in w[:4]), html.unescape(w[4])) for w in WORD.findall(page)]
            for page in re.findall(r"<page [^>]*>(.*?)</page>", out, re.S)]


def word_boxes(words, digits_list):
    """Per page, the boxes of the words that hold a planted value, or part of
    one cut over several words or lines (their digits read in order)."""
    pages = []
    for page in words:
        boxes, flat, owner = [], "", []
        for k, (_, text) in enumerate(page):
            ds = re.sub(r"\D", "", text)
            flat += ds
            owner += [k] * len(ds)
        for d in digits_list:
            for m in re.finditer(re.escape(d), flat):
                for k in set(owner[m.start():m.end()]):
                    boxes.append(page[k][0])
        # A word holding 6 digits or more of a value, the rest cut off by the
        # page's edge (pdftotext drops what falls outside the page).
        for box, text in page:
            ds = re.sub(r"\D", "", text)
            if len(ds) >= 6 and any(ds in d for d in digits_list):
                boxes.append(box)
        pages.append(boxes)
    return pages


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def moved_words(before, after, boxes):
    """Words of the original outside the boxes that the rewritten file does
    not have at the same place (to 0.01 pt), per page: where text moved."""
    moved = []
    for n, page in enumerate(before):
        there = {(tuple(round(v, 2) for v in box), text) for box, text in (after[n] if n < len(after) else [])}
        for box, text in page:
            if any(overlaps(box, b) for b in boxes[n]):
                continue
            if (tuple(round(v, 2) for v in box), text) not in there:
                moved.append(f"page {n + 1}: {text!r} at {tuple(round(v) for v in box)}")
    return moved


def annotation_boxes(path, digits_list):
    """Per page, the /Rect of annotations and widgets holding a planted value,
    in points from the top left of the page as shown."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        boxes = []
        mb = page.mediabox
        x0, y0, x1, y1 = float(mb.left), float(mb.bottom), float(mb.right), float(mb.top)
        rot = (page.get("/Rotate", 0) or 0) % 360
        for a in page.get("/Annots", []) or []:
            a = a.get_object()
            said = " ".join(str(a.get(k, "")) for k in ("/Contents", "/V", "/T"))
            if not in_text(said, digits_list) or "/Rect" not in a:
                continue
            r = [float(v) for v in a["/Rect"]]
            corners = [shown(x, y, x0, y0, x1, y1, rot) for x in (r[0], r[2]) for y in (r[1], r[3])]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        pages.append(boxes)
    return pages


def shown(x, y, x0, y0, x1, y1, rot):
    """Point (x, y) of user space, from the top left of the page as shown (rotated)."""
    if rot == 90:
        return y - y0, x - x0
    if rot == 180:
        return x1 - x, y - y0
    if rot == 270:
        return y1 - y, x1 - x
    return x - x0, y1 - y


def render(path, prefix):
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", path, prefix], capture_output=True)
    folder = os.path.dirname(prefix)
    base = os.path.basename(prefix)
    names = sorted(n for n in os.listdir(folder) if n.startswith(base + "-") and n.endswith(".pgm"))
    return [os.path.join(folder, n) for n in names]


def pixel_check(original, rewritten, digits_list, scratch):
    """Pages where a pixel changed outside the allowed boxes: list of strings."""
    from PIL import Image, ImageChops, ImageDraw

    tag = os.path.basename(rewritten)[:-4]
    before = render(original, os.path.join(scratch, tag + "-a"))
    after = render(rewritten, os.path.join(scratch, tag + "-b"))
    problems = []
    if len(before) != len(after):
        return [f"{len(before)} pages rendered before, {len(after)} after"]
    words = page_words(original)
    boxes = word_boxes(words, digits_list)
    try:
        annots = annotation_boxes(original, digits_list)
    except Exception:  # noqa: BLE001
        annots = []
    for n in range(len(annots)):
        if n < len(boxes):
            boxes[n] = boxes[n] + annots[n]
    for n, (a, b) in enumerate(zip(before, after)):
        ia, ib = Image.open(a), Image.open(b)
        if ia.size != ib.size:
            problems.append(f"page {n + 1}: size {ia.size} became {ib.size}")
            continue
        raw = ImageChops.difference(ia, ib)
        diff = raw.point(lambda v: 255 if v else 0)
        if diff.getbbox() is None:
            continue
        mask = Image.new("L", ia.size, 255)
        draw = ImageDraw.Draw(mask)
        scale = DPI / 72  # pdftotext gives its words in points as shown (rotated)
        for (bx0, by0, bx1, by1) in (boxes[n] if n < len(boxes) else []):
            draw.rectangle([bx0 * scale - MARGIN, by0 * scale - MARGIN, bx1 * scale + MARGIN, by1 * scale + MARGIN],
                           fill=0)
        outside = ImageChops.multiply(diff, mask)
        box = outside.getbbox()
        if box:
            count = outside.histogram()[255]
            strongest = ImageChops.multiply(raw, mask).getextrema()[1]
            problems.append({"page": n + 1, "pixels": count, "strongest": strongest, "within": box})
    for f in before + after:
        os.remove(f)
    return problems


def check_one(job):
    """Checks one rewritten file: qpdf, leaks, pixels."""
    name, original, rewritten, digits_list, scratch = job
    result = {"file": name}
    q = subprocess.run(["qpdf", "--check", rewritten], capture_output=True, text=True, errors="replace")
    if q.returncode != 0:
        q0 = subprocess.run(["qpdf", "--check", original], capture_output=True)
        tail = (q.stdout + q.stderr).strip().splitlines()[-3:]
        result["qpdf"] = f"exit {q.returncode} (original: {q0.returncode}): {' | '.join(tail)}"
    result["leaks"] = leaks_in(rewritten, digits_list, scratch)
    # A value the checks cannot read in the original would pass unseen: count them.
    result["unseen_before"] = sorted(set(digits_list) - set(leaks_in(original, digits_list, scratch)))
    try:
        result["pixels"] = pixel_check(original, rewritten, digits_list, scratch)
    except Exception as e:  # noqa: BLE001
        result["pixels"] = [f"could not compare: {e}"]
    words = page_words(original)
    result["moved"] = moved_words(words, page_words(rewritten), word_boxes(words, digits_list))
    # Poppler places glyphs to a quarter of a pixel: a glyph after a removed
    # run, drawn at the same place to 0.01 pt but reached by a different sum,
    # can fall on the other side of a quarter and be antialiased a little
    # differently. Such a page (a few faint pixels, no word moved) is listed
    # apart from the failures.
    moved_pages = {int(m.split()[1].rstrip(":")) for m in result["moved"]}
    result["faint"], pixels = [], []
    for p in result["pixels"]:
        if isinstance(p, str):
            pixels.append(p)
            continue
        text = (f"page {p['page']}: {p['pixels']} pixels changed outside the boxes (by {p['strongest']} of 255 at "
                f"most), within {p['within']}")
        faint = p["strongest"] <= FAINT and p["pixels"] <= 100 and p["page"] not in moved_pages
        (result["faint"] if faint else pixels).append(text)
    result["pixels"] = pixels
    return result


REDACTED = re.compile(r"^cpf: redacted (.+) \((\d+) hidden\)$")
REFUSED = re.compile(r"^cpf: (.+?): (not rewritten|not searched): (.*)$")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-pdf-corpus"))
    parser.add_argument("--cpf")
    parser.add_argument("--report")
    parser.add_argument("--keep", action="store_true", help="keep the redacted copy and scratch files")
    parser.add_argument("--reuse", action="store_true", help="reuse the corpus an earlier run left in --work")
    parser.add_argument("--make-only", action="store_true", help="make the corpus and stop")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--redact-arg", action="append", default=[],
                        help="one more argument for redact, e.g. --redact-arg=--pdf-fill=none (repeatable)")
    parser.add_argument(
        "--python",
        default=os.environ.get("CPF_DOCS_PYTHON", os.path.expanduser("~/.cache/cpf-ci/venv-docs/bin/python")))
    args = parser.parse_args()
    try:
        import docx  # noqa: F401
        import PIL  # noqa: F401
        import pypdf  # noqa: F401
        import reportlab  # noqa: F401
    except ImportError:
        if os.environ.get("CPF_PDF_CORPUS_AGAIN"):
            sys.exit(f"{args.python} lacks reportlab, pypdf, Pillow or python-docx")
        os.environ["CPF_PDF_CORPUS_AGAIN"] = "1"
        os.execv(args.python, [args.python, os.path.abspath(__file__)] + sys.argv[1:])
    started_all = time.time()
    cpf = args.cpf
    if not cpf and not args.make_only:
        subprocess.run(["swift", "build", "-c", "release", "--product", "cpf"], cwd=ROOT, check=True)
        cpf = os.path.join(ROOT, ".build", "release", "cpf")
    timings = {}

    manifest = os.path.join(args.work, "manifest.json")
    started = time.time()
    if args.reuse and os.path.exists(manifest):
        with open(manifest) as f:
            entries = json.load(f)["files"]
        for leftover in ("redacted", "scratch"):
            shutil.rmtree(os.path.join(args.work, leftover), ignore_errors=True)
    else:
        if os.path.exists(args.work):
            shutil.rmtree(args.work)
        os.makedirs(args.work)
        entries = make_all(args.work, args.count)
        with open(manifest, "w") as f:
            json.dump({"files": entries}, f, indent=1)
    timings["make"] = round(time.time() - started, 1)
    if args.make_only:
        print(f"{len(entries)} PDFs in {os.path.join(args.work, 'files')}, manifest {manifest}")
        return
    cpf = os.path.abspath(cpf)
    originals = os.path.join(args.work, "files")
    root = os.path.join(args.work, "redacted")
    shutil.copytree(originals, root)

    started = time.time()
    command = [cpf, "redact", "-r", "--in-place", "--document", "any", "--no-progress", *args.redact_arg, "."]
    run = subprocess.run(command, cwd=root, capture_output=True, text=True, errors="replace")
    timings["redact"] = round(time.time() - started, 1)
    named_redacted, refused, other = {}, {}, []
    for line in run.stderr.splitlines():
        if m := REDACTED.match(line):
            named_redacted[os.path.normpath(m.group(1))] = int(m.group(2))
        elif m := REFUSED.match(line):
            refused[os.path.normpath(m.group(1))] = f"{m.group(2)}: {m.group(3)}"
        else:
            other.append(line)

    report = {
        "documents": len(entries), "command": command[1:], "exit_status": run.returncode,
        "by_producer": {}, "by_font_kind": {}, "by_feature": {}, "plants_by_layer": {}, "values_planted": 0,
        "rewritten": 0, "refused": 0, "untouched": 0, "untouched_with_values_in_text": [],
        "refusal_reasons": {}, "refused_by_layer": {},
        "leaks": [], "qpdf_failures": [], "pixel_failures": [], "moved_words": [], "faint_pixels": [],
        "changed_refused": [], "rewritten_unnamed": [], "exit_status_wrong": None, "unseen_before_by_layer": {},
        "other_stderr": other, "timings": timings}
    jobs = []
    scratch = os.path.join(args.work, "scratch")
    os.makedirs(scratch, exist_ok=True)
    for e in entries:
        name = e["file"]
        count = lambda key, k: report[key].__setitem__(k, report[key].get(k, 0) + 1)  # noqa: E731
        count("by_producer", e["producer"])
        for k in e["fonts"]:
            count("by_font_kind", k)
        for k in e["features"]:
            count("by_feature", k)
        for p in e["plants"]:
            report["values_planted"] += 1
            count("plants_by_layer", p["layer"])
        a, b = os.path.join(originals, name), os.path.join(root, name)
        changed = open(a, "rb").read() != open(b, "rb").read()
        digits_list = sorted({p["digits"] for p in e["plants"]})
        if name in refused:
            report["refused"] += 1
            count("refusal_reasons", refused[name])
            for layer in sorted({p["layer"] for p in e["plants"]}):
                count("refused_by_layer", layer)
            if changed:
                report["changed_refused"].append(name)
        elif changed:
            report["rewritten"] += 1
            if name not in named_redacted:
                report["rewritten_unnamed"].append(name)
            jobs.append((name, a, b, digits_list, scratch))
        else:
            report["untouched"] += 1
            text = subprocess.run(["pdftotext", "-q", a, "-"], capture_output=True).stdout.decode("utf-8", "replace")
            if in_text(text, digits_list):
                report["untouched_with_values_in_text"].append(f"{name}: {refused.get(name, 'not named')}")
    started = time.time()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(check_one, jobs, chunksize=2)
    timings["check"] = round(time.time() - started, 1)
    plants_of = {e["file"]: e["plants"] for e in entries}
    for r in results:
        if "qpdf" in r:
            report["qpdf_failures"].append(f"{r['file']}: {r['qpdf']}")
        for d, where in sorted(r["leaks"].items()):
            layer = next((p["layer"] for p in plants_of[r["file"]] if p["digits"] == d), "?")
            kind = "CPF" if len(d) == 11 else "CNPJ" if len(d) == 14 else d
            # The value itself is never printed: its kind, layer and where it was read.
            report["leaks"].append(f"{r['file']}: a {kind} planted in {layer}, read in {where}")
        for d in r["unseen_before"]:
            layer = next((p["layer"] for p in plants_of[r["file"]] if p["digits"] == d), "?")
            report["unseen_before_by_layer"][layer] = report["unseen_before_by_layer"].get(layer, 0) + 1
        for p in r["pixels"]:
            report["pixel_failures"].append(f"{r['file']}: {p}")
        report["moved_words"] += [f"{r['file']}: {m}" for m in r["moved"]]
        report["faint_pixels"] += [f"{r['file']}: {p}" for p in r["faint"]]
    if (run.returncode == 2) != bool(refused):
        report["exit_status_wrong"] = f"exit {run.returncode} with {len(refused)} refused"
    timings["total"] = round(time.time() - started_all, 1)

    text = json.dumps(report, indent=1, ensure_ascii=False)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    print(f"{report['documents']} PDFs, {report['values_planted']} values planted; cpf exit {run.returncode}")
    for key in ("by_producer", "by_font_kind", "by_feature", "plants_by_layer"):
        print(f"  {key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in sorted(report[key].items())))
    if report["unseen_before_by_layer"]:
        print("  values the checks could not read in the original: " + ", ".join(
            f"{k} {v}" for k, v in sorted(report["unseen_before_by_layer"].items())))
    print(f"  rewritten {report['rewritten']}, refused {report['refused']}, untouched {report['untouched']}")
    for reason, n in sorted(report["refusal_reasons"].items(), key=lambda kv: -kv[1]):
        print(f"    refused {n:4d}: {reason}")
    failed = False
    for key in ("leaks", "qpdf_failures", "pixel_failures", "moved_words", "changed_refused", "rewritten_unnamed"):
        print(f"  {key.replace('_', ' ')}: {len(report[key])}")
        for line in report[key][:20]:
            print(f"    {line}")
        failed = failed or bool(report[key])
    print(f"  faint pixels (antialiasing, no word moved; not failures): {len(report['faint_pixels'])} pages")
    if report["exit_status_wrong"]:
        print(f"  exit status wrong: {report['exit_status_wrong']}")
        failed = True
    print("  timings (s): " + ", ".join(f"{k} {v}" for k, v in timings.items()))
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
