#!/usr/bin/env python3
"""Benchmark `cpf find -r` over a folder of mixed documents (zip archives of
logs, docx, xlsx, odt, PDF), side by side with ripgrep's own idiom for
documents: `rg --pre` (`-a`, so a converted document is text) with a converter that runs `unzip -p` on archives and
Office files and `pdftotext` on PDFs. Then `cpf redact -r --in-place` on a
copy, and the documents' own libraries read the result back.

Usage: Scripts/bench_documents.py [--docs N] [--runs K] [--work DIR] [--cpf PATH] [--python PY]

Makes N documents (default 1000, a fifth of each kind) under --work
(default $TMPDIR/cpf-bench-documents, outside the repository), each with a
few planted CPFs whose number is known:

- zip: two log files of about 40 KB, one CPF per 50 lines, deflated;
- docx (python-docx): paragraphs, a CPF in a table cell, and a CPF split
  across a bold run and a plain one, as word processors write them;
- xlsx (openpyxl): a sheet of 200 rows, a CPF in a string cell every 10;
- odt (odfpy): paragraphs with a CPF split across two spans;
- PDF (reportlab): two pages of text, a CPF on each.

Reports, per kind and overall: the planted CPFs found by `cpf find -r
--count` and by `rg -o --pre CONVERTER` with a CPF pattern (recall), then
wall and CPU seconds (median of K runs), documents per second and MB per
second of documents (their size on disk), and peak memory. After `redact
-r --in-place` on a copy: the exit status, which files were named, and the
valid CPFs left in clear in the text python-docx, openpyxl, odfpy, zipfile
and pdftotext read from the result.

Needs the documents' Python (python-docx, openpyxl, odfpy, reportlab: the
virtual environment `.ci/run` makes, or --python), ripgrep, unzip and
pdftotext. Builds `cpf` (release) unless --cpf names a binary.
"""

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CPF_TEXT = re.compile(r"(?<![0-9])([0-9]{3})[.]?([0-9]{3})[.]?([0-9]{3})[-]?([0-9]{2})(?![0-9])")
KINDS = ("zip", "docx", "xlsx", "odt", "pdf")


def check_digits(nine):
    digits = [int(c) for c in nine]
    for length in (9, 10):
        total = sum(d * w for d, w in zip(digits, range(length + 1, 1, -1)))
        rest = total % 11
        digits.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, digits))


def is_valid(eleven):
    return len(set(eleven)) > 1 and check_digits(eleven[:9]) == eleven


def random_cpf(rng):
    while True:
        digits = check_digits("".join(rng.choice("0123456789") for _ in range(9)))
        if len(set(digits)) > 1:
            return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"


MAKER = r'''
import random, sys, zipfile, json
import docx, openpyxl
from odf.opendocument import OpenDocumentText
from odf.text import P, Span
from reportlab.pdfgen import canvas
plan = json.load(open(sys.argv[1]))
for item in plan:
    kind, path, cpfs, filler = item["kind"], item["path"], item["cpfs"], item["filler"]
    if kind == "zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            half = len(cpfs) // 2
            for name, part in (("app.log", cpfs[:half]), ("old/app.1.log", cpfs[half:])):
                lines = []
                for i, c in enumerate(part):
                    lines += filler[(i * 49) % len(filler):][:49] + ["2024-03-01 cadastro cpf=%s ok" % c]
                z.writestr(name, "\n".join(lines) + "\n")
    elif kind == "docx":
        d = docx.Document()
        for line in filler[:30]:
            d.add_paragraph(line)
        p = d.add_paragraph("Contratante, CPF ")
        p.add_run(cpfs[0][:7]).bold = True
        p.add_run(cpfs[0][7:] + ", residente nesta cidade.")
        t = d.add_table(rows=len(cpfs) - 1, cols=2)
        for i, c in enumerate(cpfs[1:]):
            t.cell(i, 0).text = "Fiador %d" % i
            t.cell(i, 1).text = c
        d.save(path)
    elif kind == "xlsx":
        w = openpyxl.Workbook(); s = w.active
        s.append(["id", "nome", "cpf", "obs"])
        k = 0
        for row in range(200):
            cpf = ""
            if row % 10 == 0 and k < len(cpfs):
                cpf = cpfs[k]; k += 1
            s.append([row, "Cliente %d" % row, cpf, filler[row % len(filler)][:40]])
        w.save(path)
    elif kind == "odt":
        o = OpenDocumentText()
        for line in filler[:30]:
            o.text.addElement(P(text=line))
        for c in cpfs:
            para = P(text="CPF do titular: " + c[:5]); para.addElement(Span(text=c[5:])); o.text.addElement(para)
        o.save(path)
    elif kind == "pdf":
        c = canvas.Canvas(path, pageCompression=1)
        for page, cpf in enumerate(cpfs):
            y = 780
            for line in filler[page * 40:][:40]:
                c.drawString(40, y, line[:90]); y -= 14
            c.drawString(40, y, "Pagador: CPF " + cpf)
            c.showPage()
        c.save()
'''

CONVERTER = r'''#!/bin/sh
case "$1" in
*.pdf) exec pdftotext "$1" - ;;
*.zip|*.docx|*.xlsx|*.odt) exec unzip -p "$1" ;;
*) exec cat "$1" ;;
esac
'''

READER = r'''
import sys, re, zipfile, subprocess
import docx, openpyxl
from odf.opendocument import load
from odf import teletype
from odf.text import P
def text(path):
    if path.endswith(".zip"):
        z = zipfile.ZipFile(path); assert z.testzip() is None
        return "\n".join(z.read(n).decode() for n in z.namelist())
    if path.endswith(".docx"):
        d = docx.Document(path)
        return "\n".join([p.text for p in d.paragraphs] + [c.text for t in d.tables for r in t.rows for c in r.cells])
    if path.endswith(".xlsx"):
        s = openpyxl.load_workbook(path).active
        return "\n".join(str(c.value) for r in s.iter_rows() for c in r)
    if path.endswith(".odt"):
        return "\n".join(teletype.extractText(p) for p in load(path).getElementsByType(P))
    if path.endswith(".pdf"):
        return subprocess.run(["pdftotext", path, "-"], capture_output=True, check=True).stdout.decode()
for path in sys.argv[1:]:
    print(path + "\t" + " ".join(text(path).split()))
'''


def filler_lines(rng, count=400):
    words = ("pedido", "cliente", "entrega", "nota", "valor", "R$", "protocolo", "status", "ok", "erro",
             "telefone", "(11)", "98765-4321", "CEP", "01310-100", "id", "2024-03-01", "12:00:01", "lote")
    return [" ".join(rng.choice(words) for _ in range(10)) + " %d" % rng.randrange(10**6) for _ in range(count)]


def make_tree(work, count, python):
    rng = random.Random(24)
    tree = work / "docs"
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    filler = filler_lines(rng)
    plan, planted = [], {kind: 0 for kind in KINDS}
    for index in range(count):
        kind = KINDS[index % len(KINDS)]
        number = {"zip": 16, "docx": 3, "xlsx": 20, "odt": 2, "pdf": 2}[kind]
        cpfs = [random_cpf(rng) for _ in range(number)]
        planted[kind] += number
        folder = tree / f"d{index // 100:02d}"
        folder.mkdir(exist_ok=True)
        plan.append({"kind": kind, "path": str(folder / f"doc{index:04d}.{kind}"), "cpfs": cpfs,
                     "filler": rng.sample(filler, 120)})
    plan_file = work / "plan.json"
    plan_file.write_text(json.dumps(plan))
    subprocess.run([python, "-c", MAKER, str(plan_file)], check=True)
    return tree, planted


def run(command, cwd=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result, wall, cpu


def peak_kib(command):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True)
    return int(result.stderr.decode().strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "cpf-bench-documents")
    parser.add_argument("--cpf", type=Path)
    parser.add_argument("--python", default=os.environ.get(
        "CPF_DOCS_PYTHON", str(Path.home() / ".cache/cpf-ci/venv-docs/bin/python")))
    args = parser.parse_args()
    missing = [tool for tool in ("rg", "unzip", "pdftotext") if shutil.which(tool) is None]
    if not Path(args.python).exists():
        missing.append(f"the documents' Python ({args.python})")
    if missing:
        sys.exit("bench_documents.py: missing " + ", ".join(missing))
    cpf = args.cpf
    if cpf is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "cpf"], cwd=REPO, check=True,
                       stdout=subprocess.DEVNULL)
        cpf = REPO / ".build" / "release" / "cpf"
    args.work.mkdir(parents=True, exist_ok=True)
    tree, planted = make_tree(args.work, args.docs, args.python)
    converter = args.work / "convert.sh"
    converter.write_text(CONVERTER)
    converter.chmod(0o755)
    size = sum(f.stat().st_size for f in tree.rglob("*") if f.is_file())
    documents = sum(1 for f in tree.rglob("*") if f.is_file())

    # Recall: CPFs found per kind.
    found, _, _ = run([str(cpf), "find", "-r", "--count", str(tree)])
    cpf_counts = {kind: 0 for kind in KINDS}
    for line in found.stdout.decode().splitlines():
        path, _, number = line.rpartition(":")
        kind = path.split("!")[0].rsplit(".", 1)[-1]
        cpf_counts[kind] += int(number)
    pattern = r"[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}"
    found_rg, _, _ = run(["rg", "-a", "-o", "--no-heading", "--with-filename", "--pre", str(converter), pattern, str(tree)])
    rg_counts = {kind: 0 for kind in KINDS}
    for line in found_rg.stdout.decode(errors="replace").splitlines():
        path = line.split(":", 1)[0]
        rg_counts[path.rsplit(".", 1)[-1]] += 1

    print(f"{documents} documents, {size / 1e6:.1f} MB on disk, in {tree}")
    print()
    print("| kind | planted | `cpf find -r` | `rg --pre` (unzip -p / pdftotext) |")
    print("|---|---:|---:|---:|")
    for kind in KINDS + ("all",):
        p = sum(planted.values()) if kind == "all" else planted[kind]
        c = sum(cpf_counts.values()) if kind == "all" else cpf_counts[kind]
        r = sum(rg_counts.values()) if kind == "all" else rg_counts[kind]
        print(f"| {kind} | {p:,} | {c:,} ({100 * c / p:.1f}%) | {r:,} ({100 * r / p:.1f}%) |")
    print()

    commands = {
        "`cpf find -r --count --threads 1`": [str(cpf), "find", "-r", "--count", "--threads", "1", str(tree)],
        "`cpf find -r --count`": [str(cpf), "find", "-r", "--count", str(tree)],
        "`rg -a -c --pre CONVERTER -j1`": ["rg", "-a", "-c", "-j1", "--pre", str(converter), pattern, str(tree)],
        "`rg -a -c --pre CONVERTER`": ["rg", "-a", "-c", "--pre", str(converter), pattern, str(tree)],
    }
    timings = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            _, wall, cpu = run(command)
            timings[name].append((wall, cpu))
    print("| command | wall | CPU | documents/s (wall) | MB/s (wall) | peak memory |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, command in commands.items():
        wall = statistics.median(t[0] for t in timings[name])
        cpu = statistics.median(t[1] for t in timings[name])
        peak = peak_kib(command)
        print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {documents / wall:,.0f} | {size / 1e6 / wall:.1f} | "
              f"{peak / 1024:.1f} MiB |")
    print()

    copy = args.work / "redacted"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(tree, copy)
    redacted, wall, _ = run([str(cpf), "redact", "-r", "--in-place", str(copy)])
    named = [line for line in redacted.stderr.decode().splitlines() if not line.startswith("cpf: redacted ")]
    files = sorted(str(f) for f in copy.rglob("*") if f.is_file())
    read = subprocess.run([args.python, "-c", READER] + files, capture_output=True, check=True)
    left = {kind: 0 for kind in KINDS}
    for line in read.stdout.decode().split("\n"):
        if not line:
            continue
        path, _, text = line.partition("\t")
        kind = path.rsplit(".", 1)[-1]
        left[kind] += sum(1 for m in CPF_TEXT.finditer(text) if is_valid("".join(m.groups())))
    print(f"`redact -r --in-place`: exit status {redacted.returncode}, {wall:.2f} s, "
          f"{len(named)} files named not rewritten or not searched")
    print("valid CPFs left in clear, read back by zipfile, python-docx, openpyxl, odfpy and pdftotext: "
          + ", ".join(f"{kind} {left[kind]}" for kind in KINDS))


if __name__ == "__main__":
    main()
