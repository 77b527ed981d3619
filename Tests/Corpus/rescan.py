#!/usr/bin/env python3
"""The independent re-scan of the corpus: for each file, which of the values
planted in it (manifest.json) can still be read from it, and whether it
still opens in the tool that made it. It shares no code with cpf: it
decompresses everything itself, with the standard library (zipfile, tarfile,
gzip, zlib, email, xml.etree) and the producers' libraries (pypdf, olefile).

A value is looked for in every form it can take: its digits alone and
masked (and as planted), in UTF-8 and UTF-16 (both byte orders), in the raw
bytes of the file and of everything decoded from them, recursively: every
zip and tar member with its name and comments, every gzip member with its
header, every e-mail part decoded (base64, quoted-printable, charsets,
encoded words in headers), every XML part's text nodes (joined, so that runs
do not hide a value) and attribute values with their references unescaped,
every PDF stream inflated with its literal and hex strings decoded, and
each page's text as pypdf extracts it, every stream of a compound file. In
text (not raw binary), the digits of a text unit with everything else
dropped are searched too, so a value cut by separators, tags or invisible
characters is still seen, and a number written with an exponent or `.0`
(`5.2998224725E10`) is read as the number it is.
"""

import email
import email.header
import email.policy
import gzip
import html
import io
import re
import tarfile
import zipfile
import zlib

MAX_DEPTH = 6


def forms(value):
    """The byte strings that betray VALUE (a manifest plant)."""
    digits = value["digits"]
    if len(digits) == 11:
        masked = f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    else:
        masked = f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"
    texts = {digits, masked, value["written"]}
    out = set()
    for t in texts:
        for encoding in ("utf-8", "utf-16-le", "utf-16-be"):
            out.add(t.encode(encoding))
    return out


NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")


class Finder:
    """Looks for the values of one file, noting where each was seen."""

    def __init__(self, values):
        self.values = values
        self.byte_forms = [(v["digits"], forms(v)) for v in values]
        self.found = {}  # digits -> first place
        self.notes = []  # what could not be opened

    def hit(self, digits, where):
        self.found.setdefault(digits, where)

    def raw(self, data, where):
        for digits, variants in self.byte_forms:
            if digits not in self.found and any(f in data for f in variants):
                self.hit(digits, where)

    def text(self, text, where):
        """A unit of decoded text: its forms, its digits alone, its numbers."""
        self.raw(text.encode("utf-8", "surrogatepass"), where)
        only_digits = re.sub(r"\D", "", text)
        for value in self.values:
            if value["digits"] in only_digits:
                self.hit(value["digits"], where + " (digits)")
        for number in NUMBER.findall(text):
            if "e" in number.lower() or number.endswith(".0"):
                try:
                    whole = "%d" % float(number)
                except (OverflowError, ValueError):
                    continue
                for value in self.values:
                    if value["digits"].lstrip("0") == whole:
                        self.hit(value["digits"], where + " (number)")

    # ------------------------------------------------------------ containers

    def scan(self, data, where, depth=0):
        """Everything DATA holds."""
        self.raw(data, where)
        if depth > MAX_DEPTH:
            self.notes.append(f"{where}: nested too deep")
            return
        head = data[:8]
        if data[:2] == b"\x1f\x8b":
            return self.gzip(data, where, depth)
        if head == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
            return self.ole(data, where, depth)
        pdf = data[:1024].find(b"%PDF-")
        if pdf >= 0:
            return self.pdf(data, where)
        if head.startswith(b"PK") or (len(data) > 22 and b"PK\x05\x06" in data[-65557:]):
            if self.zip(data, where, depth):
                return
        if len(data) >= 512 and (data[257:262] == b"ustar" or _tar_checksum_ok(data)):
            if self.tar(data, where, depth):
                return
        self.textual(data, where)

    def gzip(self, data, where, depth):
        try:
            inner = gzip.decompress(data)
        except Exception as error:  # noqa: BLE001 - any failure is a note
            self.notes.append(f"{where}: gzip: {error}")
            return
        self.scan(inner, where + "|gunzip", depth + 1)

    def zip(self, data, where, depth):
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
        except zipfile.BadZipFile:
            return False
        self.text(archive.comment.decode("latin-1"), where + ":comment")
        for info in archive.infolist():
            member = f"{where}!{info.filename}"
            self.text(info.filename, member + ":name")
            self.text(info.comment.decode("utf-8", "replace"), member + ":comment")
            self.raw(info.extra, member + ":extra")
            try:
                content = archive.read(info)
            except Exception as error:  # noqa: BLE001
                self.notes.append(f"{member}: {error}")
                continue
            self.scan(content, member, depth + 1)
        return True

    def tar(self, data, where, depth):
        try:
            archive = tarfile.open(fileobj=io.BytesIO(data), mode="r:")
            members = archive.getmembers()
        except (tarfile.TarError, EOFError):
            return False
        for info in members:
            member = f"{where}!{info.name}"
            self.text(info.name + " " + info.linkname, member + ":name")
            for key, value in info.pax_headers.items():
                self.text(f"{key}={value}", member + ":pax")
            if info.isfile():
                self.scan(archive.extractfile(info).read(), member, depth + 1)
        return True

    def ole(self, data, where, depth):
        import olefile

        try:
            ole = olefile.OleFileIO(io.BytesIO(data))
        except Exception as error:  # noqa: BLE001
            self.notes.append(f"{where}: compound file: {error}")
            return
        for path in ole.listdir(streams=True, storages=False):
            stream = ole.openstream(path).read()
            name = f"{where}!{'/'.join(path)}"
            self.raw(stream, name)
            self.text(stream.decode("cp1252", "replace"), name + " (cp1252)")
            self.text(stream.decode("utf-16-le", "replace"), name + " (utf-16)")

    def pdf(self, data, where):
        # Every stream inflated, and the strings of everything.
        for body in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S):
            try:
                inflated = zlib.decompressobj().decompress(body)
            except zlib.error:
                inflated = body
            self.raw(inflated, where + ":stream")
            if inflated.lstrip()[:4] in (b"PK\x03\x04",) or inflated[:2] == b"\x1f\x8b":
                self.scan(inflated, where + ":stream")
            self.text(_pdf_strings(inflated), where + ":stream strings")
        self.text(_pdf_strings(data), where + ":strings")
        try:
            from pypdf import PdfReader

            reader = PdfReader(io.BytesIO(data))
            for number, page in enumerate(reader.pages):
                self.text(page.extract_text() or "", f"{where}:page {number + 1}")
            for name, contents in reader.attachments.items():
                for content in contents:
                    self.scan(content, f"{where}:attachment {name}")
            for key, value in (reader.metadata or {}).items():
                self.text(str(value), f"{where}:info {key}")
        except Exception as error:  # noqa: BLE001
            self.notes.append(f"{where}: pypdf: {error}")

    def textual(self, data, where):
        """Text, XML or e-mail: decoded and searched as text."""
        if data[:3] == b"\xef\xbb\xbf":
            data = data[3:]
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            self.text(data.decode("utf-16", "replace"), where + " (utf-16)")
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            if b"\x00" in data[:4096]:
                return  # binary: its raw bytes were searched
            text = data.decode("cp1252", "replace")
        stripped = text.lstrip()
        if stripped.startswith("<"):
            self.xml(text, where)
        elif re.match(r"(From |[\w-]+:)", text) and "\n\n" in text.replace("\r\n", "\n"):
            self.mail(data, where)
        self.text(text, where)

    def xml(self, text, where):
        # Text nodes (also joined) and attribute values, references unescaped.
        nodes = [html.unescape(t) for t in re.findall(r">([^<]*)<", text)]
        self.text("".join(nodes), where + ":xml text")
        for node in nodes:
            self.text(node, where + ":xml text")
        for value in re.findall(r"=\s*\"([^\"]*)\"|=\s*'([^']*)'", text):
            self.text(html.unescape(value[0] or value[1]), where + ":xml attribute")
        for cdata in re.findall(r"<!\[CDATA\[(.*?)\]\]>", text, re.S):
            self.text(cdata, where + ":xml cdata")

    def mail(self, data, where, depth=0):
        message = email.message_from_bytes(data, policy=email.policy.compat32)
        for number, part in enumerate(message.walk()):
            name = f"{where}:part {number}"
            for key, value in part.items():
                try:
                    decoded = str(email.header.make_header(email.header.decode_header(value)))
                except Exception:  # noqa: BLE001
                    decoded = value
                self.text(f"{key}: {decoded}", name + ":header")
            for param in ("filename", "name"):
                value = part.get_param(param, header="content-disposition") or part.get_param(param)
                if value:
                    self.text(str(email.utils.collapse_rfc2231_value(value)), name + ":param")
            if part.is_multipart():
                continue
            payload = part.get_payload(decode=True) or b""
            charset = part.get_content_charset() or "utf-8"
            try:
                self.text(payload.decode(charset, "replace"), name)
            except LookupError:
                self.text(payload.decode("utf-8", "replace"), name)
            if depth < MAX_DEPTH:
                self.scan(payload, name, depth + 1)


def _tar_checksum_ok(data):
    header = data[:512]
    try:
        stored = int(header[148:156].split(b"\x00")[0].strip() or b"-1", 8)
    except ValueError:
        return False
    return stored == sum(header[:148]) + 256 + sum(header[156:])


def _pdf_strings(data):
    """The literal and hex strings of PDF syntax, decoded, one a line."""
    out = []
    for literal in re.findall(rb"\((?:\\.|[^\\)])*\)", data, re.S):
        body = re.sub(rb"\\([nrtbf()\\]|[0-7]{1,3})", lambda m: _pdf_escape(m.group(1)), literal[1:-1])
        out.append(_pdf_text(body))
    for hexa in re.findall(rb"<([0-9A-Fa-f\s]{4,})>", data):
        try:
            out.append(_pdf_text(bytes.fromhex(hexa.decode())))
        except ValueError:
            pass
    # Text drawn in pieces (TJ arrays): the strings of a line joined.
    return "\n".join(out) + "\n" + "".join(out)


def _pdf_escape(code):
    table = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
    if code in table:
        return table[code]
    if code[:1].isdigit():
        return bytes([int(code, 8) & 0xFF])
    return code


def _pdf_text(data):
    if data[:2] == b"\xfe\xff":
        return data[2:].decode("utf-16-be", "replace")
    return data.decode("latin-1")


# ---------------------------------------------------------------- opens in its own tool


def opens(path, data):
    """None when the file opens in the tool of its format, else why not."""
    name = path.lower()
    try:
        if name.endswith(".docx"):
            import docx

            d = docx.Document(io.BytesIO(data))
            "".join(p.text for p in d.paragraphs)
            d.core_properties.title
        elif name.endswith(".xlsx"):
            import openpyxl

            w = openpyxl.load_workbook(io.BytesIO(data))
            for sheet in w.worksheets:
                list(sheet.iter_rows(values_only=True))
        elif name.endswith(".pptx"):
            from pptx import Presentation

            p = Presentation(io.BytesIO(data))
            [shape for slide in p.slides for shape in slide.shapes]
        elif name.endswith((".odt", ".ods", ".odp")):
            from odf.opendocument import load

            load(io.BytesIO(data))
        elif name.endswith(".pdf"):
            from pypdf import PdfReader

            for page in PdfReader(io.BytesIO(data), strict=True).pages:
                page.extract_text()
        elif name.endswith(".zip"):
            bad = zipfile.ZipFile(io.BytesIO(data)).testzip()
            if bad is not None:
                return f"zip: bad member {bad}"
        elif name.endswith((".tar", ".tar.gz")):
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as t:
                for info in t.getmembers():
                    if info.isfile():
                        t.extractfile(info).read()
        elif name.endswith(".gz"):
            gzip.decompress(data)
        elif name.endswith(".eml"):
            m = email.message_from_bytes(data, policy=email.policy.default)
            for part in m.walk():
                if not part.is_multipart():
                    part.get_content()
                str(part.get("Subject", ""))
            if m.defects:
                return f"e-mail: {m.defects}"
        elif name.endswith((".doc", ".xls", ".ppt")):
            import olefile

            olefile.OleFileIO(io.BytesIO(data)).listdir()
        elif name.endswith(".txt"):
            if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
                data.decode("utf-16")
    except Exception as error:  # noqa: BLE001 - any failure is the answer
        return f"{type(error).__name__}: {error}"
    return None


def rescan(path, values):
    """(found: digits -> where, notes) for the file at PATH."""
    with open(path, "rb") as f:
        data = f.read()
    finder = Finder(values)
    finder.scan(data, "")
    return finder.found, finder.notes, opens(path, data)
