#!/usr/bin/env python3
"""Writes the document corpus of issue 38: files made by real producers
(python-docx, openpyxl, XlsxWriter, python-pptx, odfpy, reportlab, pypdf,
LibreOffice converting between them, Python's email, zipfile, tarfile and
gzip) with CPFs and CNPJs planted in every channel a document has, and a
manifest listing, for each file, its producer, format and every value
planted, with the channel it was planted in. Where redact may refuse a file rather than
rewrite it is listed apart, in expected_refusals.json, read by run_corpus.py.

    make_corpus.py OUTDIR

OUTDIR must not exist; the corpus is written to OUTDIR/files and the
manifest to OUTDIR/manifest.json. The values come from a seeded generator,
so two runs plant the same values (LibreOffice's output differs in its
timestamps only). Run it with the documents' Python ($CPF_DOCS_PYTHON),
with `soffice` on the PATH. Tests/cpfTests/EndToEnd/CorpusEndToEndTests.swift
runs it once per machine and keeps the result in a cache outside the clone.

Every channel is planted alone in most files, so that a file redact must
refuse (a sheet name cannot be starred) does not hide a leak in another
channel; a few files hold every channel of their format at once.
"""

import email.charset
import email.header
import email.mime.application
import email.mime.message
import email.mime.multipart
import email.mime.text
import email.utils
import gzip
import io
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib

RNG = random.Random(38)



def check_digit(digits, weights):
    """One mod-11 check digit: 0 when the remainder is under 2, else 11 - r."""
    r = sum(int(d) * w for d, w in zip(digits, weights)) % 11
    return "0" if r < 2 else str(11 - r)


def new_cpf():
    """A valid CPF's 11 digits (never one repeated digit)."""
    while True:
        base = "".join(RNG.choice("0123456789") for _ in range(9))
        if len(set(base)) > 1:
            break
    base += check_digit(base, range(10, 1, -1))
    return base + check_digit(base, range(11, 1, -1))


def new_cnpj():
    """A valid numeric CNPJ's 14 digits, a head office (branch 0001)."""
    while True:
        base = "".join(RNG.choice("0123456789") for _ in range(8)) + "0001"
        if base[0] != "0":
            break
    base += check_digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return base + check_digit(base, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])


def masked(kind, digits):
    if kind == "cpf":
        return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


FORMS = ["cpf masked", "cpf bare", "cnpj masked", "cnpj bare"]


class Plants:
    """The values planted in one file, each with its channel."""

    def __init__(self):
        self.items = []

    def value(self, channel, form, number=False):
        """A new value of FORM ('cpf masked', 'cnpj bare'...), recorded
        under CHANNEL; returns it as written (an int when NUMBER)."""
        kind, style = form.split()
        digits = new_cpf() if kind == "cpf" else new_cnpj()
        if number:
            # A spreadsheet number cannot keep a leading zero.
            while digits[0] == "0":
                digits = new_cpf() if kind == "cpf" else new_cnpj()
            written = digits
        else:
            written = masked(kind, digits) if style == "masked" else digits
        self.items.append({"channel": channel, "kind": kind, "digits": digits, "written": written})
        return int(digits) if number else written

    def channels(self):
        return sorted({p["channel"] for p in self.items})


MANIFEST = []


def record(path, producer, plants, root):
    """Adds PATH (below ROOT) to the manifest."""
    rel = os.path.relpath(path, root)
    fmt = rel.rsplit(".", 1)[-1] if "." in os.path.basename(rel) else "none"
    if rel.endswith(".tar.gz"):
        fmt = "tar.gz"
    MANIFEST.append({"file": rel, "producer": producer, "format": fmt, "plants": plants.items})


def png_bytes():
    """A small PNG made by Pillow, for the pictures of the documents."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


# ---------------------------------------------------------------- python-docx


def make_docx(path, channels, form):
    """A docx written by python-docx with a value in each of CHANNELS."""
    import docx
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls
    from docx.shared import Inches

    plants = Plants()
    d = docx.Document()
    d.add_paragraph("Contrato de prestação de serviços.")
    body = d.element.body
    for channel in channels:
        v = lambda: plants.value("docx " + channel, form)  # noqa: E731
        if channel == "body text":
            d.add_paragraph(f"Contratante inscrito sob o nº {v()}, residente em São Paulo.")
        elif channel == "split runs":
            value = v()
            p = d.add_paragraph("Titular: ")
            p.add_run(value[:5]).bold = True
            p.add_run(value[5:] + " (assinado)")
        elif channel == "table cell":
            t = d.add_table(rows=2, cols=2)
            t.cell(0, 0).text, t.cell(0, 1).text = "Nome", "Documento"
            t.cell(1, 0).text, t.cell(1, 1).text = "Ana", v()
        elif channel == "header":
            d.sections[0].header.paragraphs[0].text = f"Processo {v()}"
        elif channel == "footer":
            d.sections[0].footer.paragraphs[0].text = f"Página 1 — {v()}"
        elif channel == "comment":
            p = d.add_paragraph("Verificar este parágrafo.")
            d.add_comment(p.runs, text=f"Confirmar documento {v()}", author="Revisora")
        elif channel == "core properties":
            cp = d.core_properties
            cp.title, cp.author, cp.subject = f"Cliente {v()}", f"Ana {v()}", f"Assunto {v()}"
            cp.keywords, cp.comments = f"cpf {v()}", f"Notas {v()}"
        elif channel == "HYPERLINK field code":
            p = d.add_paragraph("Ver ")
            p._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="begin"/></w:r>'))
            p._p.append(
                parse_xml(
                    f'<w:r {nsdecls("w")}><w:instrText xml:space="preserve"> HYPERLINK '
                    f'"https://exemplo.gov.br/consulta?doc={v()}" </w:instrText></w:r>'
                )
            )
            p._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="separate"/></w:r>'))
            p._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:t>consulta</w:t></w:r>'))
            p._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="end"/></w:r>'))
        elif channel == "hyperlink target":
            p = d.add_paragraph("Cadastro: ")
            rid = p.part.relate_to(f"https://exemplo.com.br/cad/{v()}", RT.HYPERLINK, is_external=True)
            p._p.append(
                parse_xml(
                    f'<w:hyperlink {nsdecls("w", "r")} r:id="{rid}"><w:r><w:t>abrir</w:t></w:r></w:hyperlink>'
                )
            )
        elif channel == "alt text":
            d.add_picture(io.BytesIO(png_bytes()), width=Inches(0.5))
            doc_pr = d.inline_shapes[-1]._inline.docPr
            doc_pr.set("descr", f"Foto do documento {v()}")
            doc_pr.set("title", f"RG e {v()}")
        elif channel == "content-control tag":
            sdt = parse_xml(
                f'<w:sdt {nsdecls("w")}><w:sdtPr><w:alias w:val="Documento {v()}"/>'
                f'<w:tag w:val="{v()}"/></w:sdtPr><w:sdtContent><w:p><w:r><w:t>campo</w:t></w:r></w:p>'
                "</w:sdtContent></w:sdt>"
            )
            body.insert(len(body) - 1, sdt)
        else:
            raise ValueError(channel)
    d.save(path)
    return plants


DOCX_CHANNELS = [
    "body text", "split runs", "table cell", "header", "footer", "comment", "core properties",
    "HYPERLINK field code", "hyperlink target", "alt text", "content-control tag",
]

# ---------------------------------------------------------------- openpyxl


def make_xlsx(path, channels, form):
    """An xlsx written by openpyxl with a value in each of CHANNELS."""
    import openpyxl
    from openpyxl.chart import BarChart, Reference
    from openpyxl.comments import Comment
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    plants = Plants()
    w = openpyxl.Workbook()
    s = w.active
    s.title = "Clientes"
    s["A1"], s["B1"], s["C1"] = "Nome", "Documento", "Valor"
    s["A2"], s["C2"] = "Ana", 120
    s["A3"], s["C3"] = "Rui", 80
    kind = form.split()[0]
    for channel in channels:
        v = lambda **k: plants.value("xlsx " + channel, form, **k)  # noqa: E731
        if channel == "string cell":
            s["B2"] = v()
        elif channel == "number cell":
            s["B3"] = v(number=True)
            s["B3"].number_format = "0"
        elif channel == "formula":
            s["D2"] = f'="{v()}"'
        elif channel == "data-validation list":
            dv = DataValidation(type="list", formula1=f'"{v()},outro"', allow_blank=True)
            s.add_data_validation(dv)
            dv.add("E2")
        elif channel == "data-validation prompt":
            dv = DataValidation(type="whole", showInputMessage=True, showErrorMessage=True)
            dv.promptTitle, dv.prompt = "Documento", f"Digite como {v()}"
            dv.errorTitle, dv.error = "Erro", f"Exemplo: {v()}"
            s.add_data_validation(dv)
            dv.add("F2")
        elif channel == "sheet name":
            # A sheet name cannot hold '/': a masked CNPJ is planted bare.
            value = v() if kind == "cpf" or form.endswith("bare") else None
            if value is None:
                value = plants.value("xlsx sheet name", "cnpj bare")
            w.create_sheet(value)["A1"] = "dados"
        elif channel == "defined name":
            w.defined_names["Titular"] = DefinedName("Titular", attr_text=f'"{v()}"')
        elif channel == "header and footer":
            s.oddHeader.center.text = f"Relatório {v()}"
            s.oddFooter.left.text = f"Emitido para {v()}"
        elif channel == "comment":
            s["A2"].comment = Comment(f"Conferir {v()}", "Auditor")
        elif channel == "chart":
            chart = BarChart()
            chart.title = f"Vendas de {v()}"
            chart.add_data(Reference(s, min_col=3, min_row=1, max_row=3), titles_from_data=True)
            s.add_chart(chart, "H2")
        elif channel == "core properties":
            w.properties.title, w.properties.creator = f"Planilha {v()}", f"Ana {v()}"
            w.properties.subject, w.properties.keywords = f"Sobre {v()}", f"{v()}"
            w.properties.description = f"Descrição {v()}"
        elif channel == "hyperlink target":
            s["A4"] = "ficha"
            s["A4"].hyperlink = f"https://exemplo.com.br/ficha/{v()}"
        else:
            raise ValueError(channel)
    w.save(path)
    return plants


XLSX_CHANNELS = [
    "string cell", "number cell", "formula", "data-validation list", "data-validation prompt", "sheet name",
    "defined name", "header and footer", "comment", "chart", "core properties", "hyperlink target",
]


def make_xlsxwriter(path, form):
    """An xlsx written by XlsxWriter: strings, a number, a formula, a comment."""
    import xlsxwriter

    plants = Plants()
    w = xlsxwriter.Workbook(path)
    s = w.add_worksheet("Dados")
    s.write_string("A1", plants.value("xlsx string cell", form))
    s.write_number("A2", plants.value("xlsx number cell", form.split()[0] + " bare", number=True))
    s.write_formula("A3", f'="{plants.value("xlsx formula", form)}"')
    s.write_comment("A1", f"Obs {plants.value('xlsx comment', form)}")
    w.set_properties({"title": f"Lista {plants.value('xlsx core properties', form)}"})
    w.close()
    return plants


# ---------------------------------------------------------------- python-pptx


def make_pptx(path, channels, form):
    """A pptx written by python-pptx with a value in each of CHANNELS."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    plants = Plants()
    p = Presentation()
    slide = p.slides.add_slide(p.slide_layouts[5])
    slide.shapes.title.text = "Reunião"
    for channel in channels:
        v = lambda: plants.value("pptx " + channel, form)  # noqa: E731
        if channel == "title":
            s = p.slides.add_slide(p.slide_layouts[1])
            s.shapes.title.text = f"Titular {v()}"
            s.placeholders[1].text = "Resumo"
        elif channel == "body text":
            s = p.slides.add_slide(p.slide_layouts[1])
            s.shapes.title.text = "Dados"
            s.placeholders[1].text = f"Dependente {v()}"
        elif channel == "table cell":
            t = slide.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
            t.cell(0, 0).text, t.cell(0, 1).text = "Nome", "Documento"
            t.cell(1, 0).text, t.cell(1, 1).text = "Rui", v()
        elif channel == "notes":
            slide.notes_slide.notes_text_frame.text = f"Lembrar {v()}"
        elif channel == "alt text":
            pic = slide.shapes.add_picture(io.BytesIO(png_bytes()), Inches(5), Inches(5))
            pic._element.nvPicPr.cNvPr.set("descr", f"Documento {v()}")
        elif channel == "hyperlink target":
            box = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(3), Inches(1))
            run = box.text_frame.paragraphs[0].add_run()
            run.text = "ficha"
            run.hyperlink.address = f"https://exemplo.com.br/ficha/{v()}"
        elif channel == "chart":
            data = CategoryChartData()
            data.categories = ["Jan", "Fev"]
            data.add_series(f"Cliente {v()}", (3, 5))
            chart = slide.shapes.add_chart(
                XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(4), Inches(3), data
            ).chart
            chart.has_title = True
            chart.chart_title.text_frame.text = f"Gráfico {v()}"
        elif channel == "core properties":
            p.core_properties.title, p.core_properties.author = f"Deck {v()}", f"Ana {v()}"
        else:
            raise ValueError(channel)
    p.save(path)
    return plants


PPTX_CHANNELS = ["title", "body text", "table cell", "notes", "alt text", "hyperlink target", "chart",
                 "core properties"]

# ---------------------------------------------------------------- odfpy


def make_odt(path, channels, form):
    """An odt written by odfpy with a value in each of CHANNELS."""
    from odf import dc, draw, meta, office, style, table, text
    from odf.opendocument import OpenDocumentText

    plants = Plants()
    o = OpenDocumentText()
    o.text.addElement(text.P(text="Ata da reunião."))
    for channel in channels:
        v = lambda: plants.value("odt " + channel, form)  # noqa: E731
        if channel == "paragraph":
            o.text.addElement(text.P(text=f"Presente o titular {v()}."))
        elif channel == "split spans":
            value = v()
            para = text.P(text="Documento: " + value[:4])
            para.addElement(text.Span(text=value[4:]))
            o.text.addElement(para)
        elif channel == "table cell":
            t = table.Table(name="Tabela1")
            t.addElement(table.TableColumn(numbercolumnsrepeated=2))
            row = table.TableRow()
            for content in ("Nome", v()):
                cell = table.TableCell()
                cell.addElement(text.P(text=content))
                row.addElement(cell)
            t.addElement(row)
            o.text.addElement(t)
        elif channel == "header and footer":
            layout = style.PageLayout(name="pm1")
            o.automaticstyles.addElement(layout)
            master = style.MasterPage(name="Standard", pagelayoutname=layout)
            header = style.Header()
            header.addElement(text.P(text=f"Cabeçalho {v()}"))
            footer = style.Footer()
            footer.addElement(text.P(text=f"Rodapé {v()}"))
            master.addElement(header)
            master.addElement(footer)
            o.masterstyles.addElement(master)
        elif channel == "footnote":
            para = text.P(text="Conforme nota")
            note = text.Note(id="ftn1", noteclass="footnote")
            note.addElement(text.NoteCitation(text="1"))
            body = text.NoteBody()
            body.addElement(text.P(text=f"Documento {v()}"))
            note.addElement(body)
            para.addElement(note)
            o.text.addElement(para)
        elif channel == "annotation":
            para = text.P(text="Revisar.")
            note = office.Annotation()
            note.addElement(dc.Creator(text="Revisora"))
            note.addElement(text.P(text=f"Confirmar {v()}"))
            para.addElement(note)
            o.text.addElement(para)
        elif channel == "link target":
            para = text.P(text="Ver ")
            para.addElement(text.A(href=f"https://exemplo.com.br/ficha/{v()}", text="ficha"))
            o.text.addElement(para)
        elif channel == "image alt text":
            href = o.addPicture("Pictures/foto.png", "image/png", png_bytes())
            frame = draw.Frame(width="1cm", height="1cm", anchortype="paragraph", name="Foto")
            frame.addElement(draw.Image(href=href))
            frame.addElement(_svg_title(f"Foto de {v()}"))
            para = text.P()
            para.addElement(frame)
            o.text.addElement(para)
        elif channel == "metadata":
            o.meta.addElement(dc.Title(text=f"Ata {v()}"))
            o.meta.addElement(dc.Description(text=f"Sobre {v()}"))
            o.meta.addElement(meta.InitialCreator(text=f"Ana {v()}"))
        else:
            raise ValueError(channel)
    o.save(path)
    return plants


def _svg_title(value):
    from odf import svg

    return svg.Title(text=value)


ODT_CHANNELS = ["paragraph", "split spans", "table cell", "header and footer", "footnote", "annotation",
                "link target", "image alt text", "metadata"]


def make_ods(path, channels, form):
    """An ods written by odfpy with a value in each of CHANNELS."""
    from odf import dc, office, table, text
    from odf.opendocument import OpenDocumentSpreadsheet

    plants = Plants()
    o = OpenDocumentSpreadsheet()
    sheet_name = "Clientes"
    kind = form.split()[0]
    cells = []
    for channel in channels:
        v = lambda **k: plants.value("ods " + channel, form, **k)  # noqa: E731
        if channel == "string cell":
            cell = table.TableCell(valuetype="string")
            cell.addElement(text.P(text=v()))
            cells.append(cell)
        elif channel == "number cell":
            number = plants.value("ods number cell", kind + " bare", number=True)
            cell = table.TableCell(valuetype="float", value=str(number))
            cell.addElement(text.P(text=f"{float(number):.2E}"))
            cells.append(cell)
        elif channel == "formula":
            value = v()
            cell = table.TableCell(formula=f'of:="{value}"', valuetype="string", stringvalue=value)
            cell.addElement(text.P(text=value))
            cells.append(cell)
        elif channel == "sheet name":
            # A masked CNPJ's '/' is planted bare, as in xlsx.
            sheet_name = plants.value("ods sheet name", "cnpj bare" if form == "cnpj masked" else form)
        elif channel == "annotation":
            cell = table.TableCell(valuetype="string")
            note = office.Annotation()
            note.addElement(dc.Creator(text="Auditor"))
            note.addElement(text.P(text=f"Conferir {v()}"))
            cell.addElement(note)
            cell.addElement(text.P(text="Ana"))
            cells.append(cell)
        elif channel == "link":
            cell = table.TableCell(valuetype="string")
            para = text.P()
            para.addElement(text.A(href=f"https://exemplo.com.br/c/{v()}", text="ficha"))
            cell.addElement(para)
            cells.append(cell)
        elif channel == "metadata":
            o.meta.addElement(dc.Title(text=f"Planilha {v()}"))
        else:
            raise ValueError(channel)
    t = table.Table(name=sheet_name)
    header = table.TableRow()
    cell = table.TableCell(valuetype="string")
    cell.addElement(text.P(text="Documento"))
    header.addElement(cell)
    t.addElement(header)
    for cell in cells:
        row = table.TableRow()
        row.addElement(cell)
        t.addElement(row)
    o.spreadsheet.addElement(t)
    o.save(path)
    return plants


ODS_CHANNELS = ["string cell", "number cell", "formula", "sheet name", "annotation", "link", "metadata"]


def make_odp(path, channels, form):
    """An odp written by odfpy with a value in each of CHANNELS."""
    from odf import draw, presentation, style, text
    from odf.opendocument import OpenDocumentPresentation

    plants = Plants()
    o = OpenDocumentPresentation()
    layout = style.PageLayout(name="PM1")
    o.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Default", pagelayoutname=layout)
    o.masterstyles.addElement(master)
    page_name = "Slide1"
    frames = []
    for channel in channels:
        v = lambda: plants.value("odp " + channel, form)  # noqa: E731
        if channel == "text box":
            frame = draw.Frame(width="10cm", height="2cm", x="1cm", y="1cm")
            box = draw.TextBox()
            box.addElement(text.P(text=f"Titular {v()}"))
            frame.addElement(box)
            frames.append(frame)
        elif channel == "notes":
            notes = presentation.Notes()
            frame = draw.Frame(width="10cm", height="2cm", x="1cm", y="1cm")
            box = draw.TextBox()
            box.addElement(text.P(text=f"Lembrar {v()}"))
            frame.addElement(box)
            notes.addElement(frame)
            frames.append(notes)
        elif channel == "page name":
            page_name = f"Cliente {v()}"
        elif channel == "link":
            frame = draw.Frame(width="10cm", height="2cm", x="1cm", y="4cm")
            box = draw.TextBox()
            para = text.P()
            para.addElement(text.A(href=f"https://exemplo.com.br/c/{v()}", text="ficha"))
            box.addElement(para)
            frame.addElement(box)
            frames.append(frame)
        else:
            raise ValueError(channel)
    page = draw.Page(name=page_name, masterpagename=master)
    for frame in frames:
        page.addElement(frame)
    o.presentation.addElement(page)
    o.save(path)
    return plants


ODP_CHANNELS = ["text box", "notes", "page name", "link"]

# ---------------------------------------------------------------- reportlab, pypdf


def make_pdf(path, channel, form):
    """A PDF written by reportlab (and pypdf for attachments and revisions)."""
    from reportlab.pdfgen import canvas

    plants = Plants()
    v = lambda: plants.value("pdf " + channel, form)  # noqa: E731
    c = canvas.Canvas(path, pageCompression=1)
    c.drawString(72, 760, "Recibo de pagamento")
    if channel == "page text":
        c.drawString(72, 720, f"Pagador: {v()}")
    elif channel == "split drawing":
        value = v()
        c.drawString(72, 700, "Documento " + value[:6])
        c.drawString(72 + c.stringWidth("Documento " + value[:6]), 700, value[6:])
    elif channel == "metadata":
        c.setAuthor(f"Ana {v()}")
        c.setTitle(f"Recibo {v()}")
        c.setSubject(f"Pagamento {v()}")
    elif channel == "annotation":
        c.linkURL(f"https://exemplo.com.br/r/{v()}", (72, 600, 200, 620))
        c.textAnnotation(f"Conferir {v()}", Rect=(72, 500, 200, 540))
    elif channel == "form field":
        c.acroForm.textfield(name="documento", value=v(), x=72, y=400, width=200, height=20)
    elif channel == "bookmark":
        c.bookmarkPage("p1")
        c.addOutlineEntry(f"Cliente {v()}", "p1")
        c.showOutline()
    elif channel in ("embedded file", "incremental revision"):
        pass
    else:
        raise ValueError(channel)
    c.showPage()
    c.save()
    if channel == "embedded file":
        from pypdf import PdfWriter

        w = PdfWriter(clone_from=path)
        w.add_attachment("clientes.csv", f"nome;documento\nAna;{v()}\n".encode())
        w.write(path)
    elif channel == "incremental revision":
        # The first revision shows the value; an incremental update replaces
        # the page's content with a clean one, the old revision kept in the file.
        from pypdf import PdfWriter
        from pypdf.generic import ContentStream, NameObject

        c = canvas.Canvas(path, pageCompression=0)
        c.drawString(72, 720, f"Pagador: {v()}")
        c.showPage()
        c.save()
        w = PdfWriter(path, incremental=True)
        page = w.pages[0]
        stream = ContentStream(None, w)
        stream.set_data(b"BT /F1 12 Tf 72 720 Td (Pagador: removido) Tj ET")
        page[NameObject("/Contents")] = w._add_object(stream)
        with open(path, "wb") as f:
            w.write(f)
    return plants


PDF_CHANNELS = ["page text", "split drawing", "metadata", "annotation", "form field", "bookmark",
                "embedded file", "incremental revision"]

# ---------------------------------------------------------------- email


def make_mail(path, channel, form):
    """A message written by Python's email package."""
    plants = Plants()
    v = lambda: plants.value("mail " + channel, form)  # noqa: E731
    m = email.mime.multipart.MIMEMultipart()
    m["From"] = "Atendimento <atendimento@exemplo.com.br>"
    m["To"] = "cliente@exemplo.com"
    m["Date"] = "Mon, 01 Jan 2024 10:00:00 -0300"
    m["Message-ID"] = f"<{RNG.getrandbits(48):x}@exemplo.com.br>"
    body_charset = None
    if channel == "plain 7bit":
        msg = email.mime.text.MIMEText(f"Prezado, seu documento {v()} foi aceito.\n", "plain", "us-ascii")
        msg["Subject"] = "Cadastro"
        msg["From"], msg["To"] = m["From"], m["To"]
        _write(path, msg.as_bytes())
        return plants
    if channel == "quoted-printable utf-8":
        body_charset = email.charset.Charset("utf-8")
        body_charset.body_encoding = email.charset.QP
    elif channel in ("quoted-printable iso-8859-1", "quoted-printable iso-8859-15"):
        body_charset = email.charset.Charset(channel.split()[-1])
        body_charset.body_encoding = email.charset.QP
    elif channel == "base64 utf-8":
        body_charset = email.charset.Charset("utf-8")
        body_charset.body_encoding = email.charset.BASE64
    elif channel == "base64 iso-8859-15":
        body_charset = email.charset.Charset("iso-8859-15")
        body_charset.body_encoding = email.charset.BASE64
    if body_charset is not None:
        euro = "€ " if "8859-15" in channel else ""
        dash = "—" if "utf-8" in channel else "-"
        text = "".join(f"Olá, ação concluída: {euro}documento {v()} {dash} atenção.\n" for _ in range(3))
        part = email.mime.text.MIMEText("", "plain")
        part.set_payload(text, body_charset)
        m.attach(part)
        m["Subject"] = "Cadastro"
    elif channel == "encoded-word subject utf-8 B":
        m["Subject"] = email.header.Header(f"Certidão de {v()}", "utf-8").encode()
        m.attach(email.mime.text.MIMEText("Segue.\n", "plain", "utf-8"))
    elif channel == "encoded-word subject iso-8859-1 Q":
        h = email.header.Header(f"Certidão de {v()}", email.charset.Charset("iso-8859-1"))
        m["Subject"] = h.encode()
        m.attach(email.mime.text.MIMEText("Segue.\n", "plain", "utf-8"))
    elif channel == "encoded From name":
        m.replace_header("From", email.utils.formataddr((f"Atendente {v()} ção", "a@exemplo.com.br"), "utf-8"))
        m["Subject"] = "Cadastro"
        m.attach(email.mime.text.MIMEText("Segue.\n", "plain", "utf-8"))
    elif channel == "text attachment":
        m["Subject"] = "Planilha"
        m.attach(email.mime.text.MIMEText("Segue a lista.\n", "plain", "utf-8"))
        att = email.mime.text.MIMEText(f"nome;documento\nAna;{v()}\nRui;{v()}\n", "csv", "utf-8")
        att.add_header("Content-Disposition", "attachment", filename="lista.csv")
        m.attach(att)
    elif channel == "attachment file name":
        m["Subject"] = "Arquivo"
        m.attach(email.mime.text.MIMEText("Segue.\n", "plain", "utf-8"))
        att = email.mime.application.MIMEApplication(b"\x00\x01conteudo", "octet-stream")
        att.add_header("Content-Disposition", "attachment", filename=("utf-8", "", f"ficha-ção-{v()}.bin"))
        m.attach(att)
    elif channel == "html alternative":
        m["Subject"] = "Cadastro"
        alt = email.mime.multipart.MIMEMultipart("alternative")
        value = v()
        alt.attach(email.mime.text.MIMEText(f"Documento {value}\n", "plain", "utf-8"))
        alt.attach(email.mime.text.MIMEText(f"<p>Documento <b>{value}</b></p>\n", "html", "utf-8"))
        m.attach(alt)
    elif channel == "attached message":
        m["Subject"] = "Encaminhada"
        inner = email.mime.text.MIMEText(f"Original: {v()}\n", "plain", "utf-8")
        inner["Subject"] = "Original"
        m.attach(email.mime.message.MIMEMessage(inner))
    elif channel == "attached container":
        m["Subject"] = "Documento"
        m.attach(email.mime.text.MIMEText("Segue o contrato.\n", "plain", "utf-8"))
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("contrato.txt", f"Contratante {v()}\n")
        att = email.mime.application.MIMEApplication(buffer.getvalue(), "zip")
        att.add_header("Content-Disposition", "attachment", filename="contrato.zip")
        m.attach(att)
    else:
        raise ValueError(channel)
    _write(path, m.as_bytes())
    return plants


MAIL_CHANNELS = [
    "plain 7bit", "quoted-printable utf-8", "quoted-printable iso-8859-1", "quoted-printable iso-8859-15",
    "base64 utf-8", "base64 iso-8859-15", "encoded-word subject utf-8 B", "encoded-word subject iso-8859-1 Q",
    "encoded From name", "text attachment", "attachment file name", "html alternative", "attached message",
    "attached container",
]


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


# ---------------------------------------------------------------- zipfile, tarfile, gzip, text


def make_zip(path, channel, form, inner=None):
    """A zip written by zipfile; INNER is (name, bytes, plants) of a document to put in it."""
    plants = Plants()
    v = lambda: plants.value("zip " + channel, form)  # noqa: E731
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("leia-me.txt", "Arquivo de exportação.\n")
        if channel == "deflated member":
            z.writestr("clientes.csv", f"nome;documento\nAna;{v()}\nRui;{v()}\n")
        elif channel == "stored member":
            z.writestr("clientes.csv", f"nome;documento\nAna;{v()}\n", compress_type=zipfile.ZIP_STORED)
        elif channel == "archive comment":
            z.comment = f"Exportado para {v()}".encode()
        elif channel == "member comment":
            info = zipfile.ZipInfo("dados.txt")
            info.comment = f"Origem {v()}".encode()
            z.writestr(info, "sem documento\n")
        elif channel == "member name":
            z.writestr(f"fichas/{v()}.txt", "ficha\n")
        elif channel == "nested zip":
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as nested:
                nested.writestr("interno.txt", f"Documento {v()}\n")
            z.writestr("interno.zip", buffer.getvalue())
        elif channel == "gzip member":
            z.writestr("log.txt.gz", gzip.compress(f"acesso de {v()}\n".encode(), mtime=0))
        elif channel == "UTF-16 member":
            z.writestr("lista.txt", f"\ufeffnome;documento\nAna;{v()}\n".encode("utf-16-le"))
        elif channel in ("document member", "PDF member"):
            name, data, inner_plants = inner
            for p in inner_plants.items:
                plants.items.append(dict(p, channel=f"zip {channel}: {p['channel']}"))
            z.writestr(name, data)
        else:
            raise ValueError(channel)
    return plants


ZIP_CHANNELS = ["deflated member", "stored member", "archive comment", "member comment", "member name",
                "nested zip", "gzip member", "UTF-16 member"]


def make_tar(path, channel, form, compressed):
    """A tar (or tar.gz) written by tarfile."""
    plants = Plants()
    v = lambda: plants.value("tar " + channel, form)  # noqa: E731

    def add(t, name, data, pax=None):
        info = tarfile.TarInfo(name)
        info.size, info.mtime, info.mode = len(data), 1700000000, 0o644
        if pax:
            info.pax_headers = pax
        t.addfile(info, io.BytesIO(data))

    fmt = tarfile.PAX_FORMAT if channel == "pax header" else tarfile.GNU_FORMAT
    with tarfile.open(path, "w:gz" if compressed else "w", format=fmt) as t:
        add(t, "leia-me.txt", "Exportação.\n".encode())
        if channel == "text member":
            add(t, "dados/clientes.csv", f"nome;documento\nAna;{v()}\nRui;{v()}\n".encode())
        elif channel == "member name":
            add(t, f"fichas/{v()}.txt", b"ficha\n")
        elif channel == "pax header":
            add(t, "dados.txt", b"sem documento\n", pax={"comment": f"origem {v()}"})
        elif channel == "gzip member":
            add(t, "log.txt.gz", gzip.compress(f"acesso de {v()}\n".encode(), mtime=0))
        elif channel == "zip member":
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("interno.txt", f"Documento {v()}\n")
            add(t, "interno.zip", buffer.getvalue())
        else:
            raise ValueError(channel)
    return plants


TAR_CHANNELS = ["text member", "member name", "pax header", "gzip member", "zip member"]


def make_gzip(path, channel, form):
    """A gzip file written by Python's gzip module (its header's comment, which
    gzip.GzipFile does not write, put in by hand as RFC 1952 lays it out)."""
    plants = Plants()
    v = lambda: plants.value("gzip " + channel, form)  # noqa: E731
    if channel == "content":
        _write(path, gzip.compress(f"2024-01-01 login de {v()}\n".encode(), mtime=0))
    elif channel == "multi-member content":
        _write(path, gzip.compress(b"primeiro\n", mtime=0) + gzip.compress(f"segundo {v()}\n".encode(), mtime=0))
    elif channel == "header name":
        with open(path, "wb") as raw, gzip.GzipFile(filename=f"export-{v()}.csv", mode="wb", fileobj=raw,
                                                   mtime=0) as g:
            g.write(b"sem documento\n")
    elif channel == "header comment":
        data = b"sem documento\n"
        deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
        body = deflate.compress(data) + deflate.flush()
        header = b"\x1f\x8b\x08\x10" + struct.pack("<I", 0) + b"\x00\x03" + f"lote {v()}".encode() + b"\x00"
        _write(path, header + body + struct.pack("<II", zlib.crc32(data), len(data)))
    elif channel == "e-mail inside gzip":
        msg = email.mime.text.MIMEText(f"Documento {v()}\n", "plain", "utf-8")
        msg["Subject"], msg["From"] = "Cadastro", "a@exemplo.com.br"
        _write(path, gzip.compress(msg.as_bytes(), mtime=0))
    else:
        raise ValueError(channel)
    return plants


GZIP_CHANNELS = ["content", "multi-member content", "header name", "header comment", "e-mail inside gzip"]


def make_text(path, channel, form):
    """Plain text files written by Python's codecs."""
    plants = Plants()
    v = lambda: plants.value("text " + channel, form)  # noqa: E731
    line = f"Cliente: {v()}; ação registrada\n"
    encodings = {"UTF-8": "utf-8", "UTF-16LE with BOM": "utf-16", "Windows-1252": "cp1252"}
    _write(path, line.encode(encodings[channel]))
    return plants


TEXT_CHANNELS = ["UTF-8", "UTF-16LE with BOM", "Windows-1252"]

# ---------------------------------------------------------------- LibreOffice


def soffice(target, outdir, files, profile):
    """One LibreOffice run converting FILES to TARGET into OUTDIR."""
    if not files:
        return
    os.makedirs(outdir, exist_ok=True)
    command = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", target,
               "--outdir", outdir] + files
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800, check=False)


def main():
    out = sys.argv[1]
    root = os.path.join(out, "files")
    os.makedirs(root)
    started = time.time()
    plants_of = {}  # path -> Plants, for LibreOffice's conversions

    def put(sub, name, maker, producer, *args):
        folder = os.path.join(root, sub)
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name)
        plants = maker(path, *args)
        plants_of[path] = (plants, producer)
        record(path, producer, plants, root)
        return path

    def slug(text):
        return "".join(c if c.isalnum() else "-" for c in text).strip("-")

    made = {"docx": [], "xlsx": [], "pptx": [], "odt": [], "ods": [], "odp": []}
    # One file per channel and form, and one holding every channel per form.
    for i, form in enumerate(FORMS):
        f = slug(form)
        for ch in DOCX_CHANNELS:
            made["docx"].append(put("python-docx", f"{slug(ch)}-{f}.docx", make_docx, "python-docx", [ch], form))
        made["docx"].append(put("python-docx", f"all-{f}.docx", make_docx, "python-docx", DOCX_CHANNELS, form))
        for ch in XLSX_CHANNELS:
            made["xlsx"].append(put("openpyxl", f"{slug(ch)}-{f}.xlsx", make_xlsx, "openpyxl", [ch], form))
        put("xlsxwriter", f"mixed-{f}.xlsx", make_xlsxwriter, "XlsxWriter", form)
        for ch in PPTX_CHANNELS:
            made["pptx"].append(put("python-pptx", f"{slug(ch)}-{f}.pptx", make_pptx, "python-pptx", [ch], form))
        made["pptx"].append(put("python-pptx", f"all-{f}.pptx", make_pptx, "python-pptx", PPTX_CHANNELS, form))
        for ch in ODT_CHANNELS:
            made["odt"].append(put("odfpy", f"{slug(ch)}-{f}.odt", make_odt, "odfpy", [ch], form))
        made["odt"].append(put("odfpy", f"all-{f}.odt", make_odt, "odfpy", ODT_CHANNELS, form))
        for ch in ODS_CHANNELS:
            made["ods"].append(put("odfpy", f"{slug(ch)}-{f}.ods", make_ods, "odfpy", [ch], form))
        for ch in ODP_CHANNELS:
            made["odp"].append(put("odfpy", f"{slug(ch)}-{f}.odp", make_odp, "odfpy", [ch], form))
        for ch in PDF_CHANNELS:
            put("reportlab", f"{slug(ch)}-{f}.pdf", make_pdf, "reportlab" + (
                "+pypdf" if ch in ("embedded file", "incremental revision") else ""), ch, form)
        for ch in MAIL_CHANNELS:
            put("email", f"{slug(ch)}-{f}.eml", make_mail, "email", ch, form)
        for ch in ZIP_CHANNELS:
            put("zipfile", f"{slug(ch)}-{f}.zip", make_zip, "zipfile", ch, form)
        for ch in TAR_CHANNELS:
            put("tarfile", f"{slug(ch)}-{f}.tar", make_tar, "tarfile", ch, form, False)
            put("tarfile", f"{slug(ch)}-{f}.tar.gz", make_tar, "tarfile", ch, form, True)
        for ch in GZIP_CHANNELS:
            put("gzip", f"{slug(ch)}-{f}.txt.gz", make_gzip, "gzip", ch, form)
        for ch in TEXT_CHANNELS:
            put("text", f"{slug(ch)}-{f}.txt", make_text, "python codecs", ch, form)

    # LibreOffice converts each document python wrote to its other format
    # (docx <-> odt, xlsx <-> ods, pptx <-> odp) and to PDF, one run per target.
    profile = tempfile.mkdtemp(prefix="cpf-corpus-lo-")
    conversions = [
        ("odt", made["docx"], "libreoffice-odt"), ("docx:MS Word 2007 XML", made["odt"], "libreoffice-docx"),
        ("ods", made["xlsx"], "libreoffice-ods"), ("xlsx:Calc MS Excel 2007 XML", made["ods"], "libreoffice-xlsx"),
        ("odp", made["pptx"], "libreoffice-odp"),
        ("pptx:Impress MS PowerPoint 2007 XML", made["odp"], "libreoffice-pptx"),
        ("pdf", made["docx"][::3] + made["odt"][::3] + made["xlsx"][::3] + made["ods"][::2] + made["pptx"][::3]
         + made["odp"][::2], "libreoffice-pdf"),
        ("doc", made["docx"][:6], "libreoffice-doc"), ("xls", made["xlsx"][:6], "libreoffice-xls"),
        ("ppt", made["pptx"][:4], "libreoffice-ppt"),
    ]
    converted = {}
    for target, sources, sub in conversions:
        # Sources of one run must not share a base name: the folder name
        # joins the name.
        staging = tempfile.mkdtemp(prefix="cpf-corpus-src-")
        names = {}
        for src in sources:
            base = os.path.relpath(src, root).replace("/", "_")
            shutil.copy(src, os.path.join(staging, base))
            names[base] = src
        outdir = os.path.join(root, sub)
        soffice(target, outdir, [os.path.join(staging, n) for n in sorted(names)], profile)
        ext = target.split(":")[0]
        for base, src in sorted(names.items()):
            out_path = os.path.join(outdir, base.rsplit(".", 1)[0] + "." + ext)
            if not os.path.exists(out_path):
                print(f"LibreOffice did not convert {base} to {ext}", file=sys.stderr)
                continue
            plants, producer = plants_of[src]
            record(out_path, f"libreoffice from {producer} {src.rsplit('.', 1)[1]}", plants, root)
            converted.setdefault(ext, []).append(out_path)
        shutil.rmtree(staging)
    shutil.rmtree(profile, ignore_errors=True)

    # Archives of documents: a docx and a PDF inside zip archives.
    for i, form in enumerate(FORMS):
        for channel, source in (("document member", made["docx"][i * 12]), ("document member", made["xlsx"][i]),
                                ("PDF member", converted.get("pdf", [None])[i])):
            if source is None:
                continue
            name = os.path.basename(source)
            entry = next(e for e in MANIFEST if e["file"] == os.path.relpath(source, root))
            inner = Plants()
            inner.items = entry["plants"]
            with open(source, "rb") as f:
                data = f.read()
            put("zipfile", f"{slug(channel)}-{slug(name)}.zip", make_zip, "zipfile", channel, form,
                (name, data, inner))
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"seconds": round(time.time() - started, 1), "files": MANIFEST}, f, indent=1)
    print(f"{len(MANIFEST)} files in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
