#!/usr/bin/env python3
"""Benchmark `cpf redact` on one large PDF against `pdftotext` extracting it
(issue 40: a 1,000-page text PDF redacted in at most 3x the time pdftotext
takes).

Usage: Scripts/bench_pdf_redact.py [--pages N] [--runs K] [--work DIR] [--cpf PATH] [--python PY]

Makes, under --work (default $TMPDIR/cpf-bench-pdf), a reportlab PDF of N
pages (default 1000), 45 lines each in Helvetica, one line in 9 holding a
CPF, compressed. Then times, median of K runs (default 3), wall seconds and
peak memory of: `pdftotext FILE -`, `cpf find FILE`, `cpf redact FILE >
OUT` and `cpf redact --in-place` on a copy; checks that `qpdf --check`
passes on OUT and that pdftotext reads no CPF in it.

Needs the documents' Python with reportlab (the virtual environment
`.ci/run` makes, or --python), pdftotext and qpdf. Builds `cpf` (release)
unless --cpf names a binary.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

MAKE = r"""
import sys
from reportlab.pdfgen import canvas
pages = int(sys.argv[2])
c = canvas.Canvas(sys.argv[1], pageCompression=1)
for p in range(pages):
    c.setFont('Helvetica', 10)
    for l in range(45):
        if l % 9 == 4:
            c.drawString(50, 780 - l * 16, f'Linha {l} da pagina {p}: pagador CPF 390.533.447-05, valor R$ 1.234,56')
        else:
            c.drawString(50, 780 - l * 16, f'Linha {l} da pagina {p}: texto corrido sem numero, apenas palavras')
    c.showPage()
c.save()
"""


def timed(command, stdout=subprocess.DEVNULL):
    """Wall seconds and peak resident KiB of COMMAND (through /usr/bin/time when present)."""
    timer = shutil.which("time") or "/usr/bin/time"
    wrapped = [timer, "-f", "%M"] + command if os.path.exists(timer) else command
    start = time.monotonic()
    done = subprocess.run(wrapped, stdout=stdout, stderr=subprocess.PIPE, check=False)
    seconds = time.monotonic() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited with {done.returncode}: {done.stderr.decode(errors='replace')}")
    lines = done.stderr.decode(errors="replace").strip().splitlines()
    peak = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    return seconds, peak


def fresh_copy(source, copy):
    """Copies SOURCE to COPY and returns the command that redacts COPY in place."""
    shutil.copyfile(source, copy)
    return [CPF[0], "redact", "--in-place", copy]


CPF = [None]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-bench-pdf"))
    parser.add_argument("--cpf")
    parser.add_argument(
        "--python",
        default=os.environ.get("CPF_DOCS_PYTHON", os.path.expanduser("~/.cache/cpf-ci/venv-docs/bin/python")))
    args = parser.parse_args()
    cpf = args.cpf
    if not cpf:
        subprocess.run(["swift", "build", "-c", "release", "--product", "cpf"], cwd=ROOT, check=True)
        cpf = os.path.join(ROOT, ".build", "release", "cpf")
    CPF[0] = cpf
    os.makedirs(args.work, exist_ok=True)
    source = os.path.join(args.work, "big.pdf")
    subprocess.run([args.python, "-c", MAKE, source, str(args.pages)], check=True)
    out = os.path.join(args.work, "redacted.pdf")
    copy = os.path.join(args.work, "in-place.pdf")
    results = {}
    for name, make in [
        ("pdftotext", lambda: (["pdftotext", source, "-"], subprocess.DEVNULL)),
        ("cpf find", lambda: ([cpf, "find", source], subprocess.DEVNULL)),
        ("cpf redact > OUT", lambda: ([cpf, "redact", source], open(out, "wb"))),
        ("cpf redact --in-place", lambda: (fresh_copy(source, copy), subprocess.DEVNULL)),
    ]:
        runs = []
        for _ in range(args.runs):
            command, stdout = make()
            runs.append(timed(command, stdout))
            if stdout is not subprocess.DEVNULL:
                stdout.close()
        results[name] = (statistics.median(r[0] for r in runs), max(r[1] for r in runs))
    size = os.path.getsize(source)
    print(f"{args.pages} pages, {size / 1e6:.2f} MB")
    base = results["pdftotext"][0]
    for name, (seconds, peak) in results.items():
        print(f"{name:24} {seconds:7.2f} s  {seconds / base:5.2f}x pdftotext  {peak / 1024:7.1f} MiB")
    check = subprocess.run(["qpdf", "--check", out], capture_output=True, check=False)
    left = re.findall(rb"\d{3}\.\d{3}\.\d{3}-\d{2}", subprocess.run(
        ["pdftotext", out, "-"], capture_output=True, check=True).stdout)
    print(f"qpdf --check: {'ok' if check.returncode == 0 else 'FAILED'}; CPFs pdftotext reads after: {len(left)}")


if __name__ == "__main__":
    main()
