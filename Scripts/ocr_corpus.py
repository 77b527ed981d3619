#!/usr/bin/env python3
"""The OCR corpus of issue 41: scans and photos with planted CPFs, made here,
read by `cpf find --json` (Tesseract inside) and by the plain pipeline
`tesseract IMAGE stdout -l por | grep -oE '[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}'`;
recall and precision of each, side by side, per kind of image.

Usage: Scripts/ocr_corpus.py [--count N] [--work DIR] [--cpf PATH] [--seed S]

Run by the documents' Python ($CPF_DOCS_PYTHON: Pillow, reportlab). Makes
under --work (default $TMPDIR/cpf-ocr-corpus, emptied first) N images
(default 120, at least 100), a fifth of each kind:

- page-150-png, page-300-jpeg: a page typeset by reportlab (Times, Helvetica,
  Courier, 10 to 14 pt, a CPF per line among other lines of a contract),
  rendered by `pdftoppm -r 150 -png` or `-r 300 -jpeg`;
- label-rotated: a line in DejaVu Sans, Serif or Mono, 28 to 48 px, drawn
  by Pillow, rotated by -2 to 2 degrees, Gaussian noise added, PNG;
- label-small: the same at 16 to 22 px, no rotation, JPEG quality 70;
- card-photo: an identity "card" photographed: a tinted rounded card with a
  header, a name, a birth date and the CPF, on a grey background, rotated
  by up to 3 degrees, blurred a little, noise, JPEG quality 75.

Each image holds one to three planted CPFs (valid check digits, written
masked, or bare after "CPF"), and most hold a decoy: a number the pattern
takes but that is no CPF (11 digits with wrong check digits after
"Protocolo", a phone number written 3.3.3-2). Every planted CPF and decoy
is listed in manifest.json. A found value counts as true when its 11 digits
are a planted CPF of that image, false otherwise (each value once per
image). Scripts/ocr_redact.py makes the same corpus (its make()) to measure
`redact`.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
FACES = ["DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Bold.ttf"]
KINDS = ["page-150-png", "page-300-jpeg", "label-rotated", "label-small", "card-photo"]
PATTERN = re.compile(r"[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}")


def check_digits(nine):
    digits = [int(c) for c in nine]
    for weight in (10, 11):
        total = sum(d * w for d, w in zip(digits, range(weight, 1, -1)))
        digits.append((total * 10 % 11) % 10)
    return "".join(map(str, digits))


def make_cpf(rng):
    while True:
        cpf = check_digits("".join(rng.choice("0123456789") for _ in range(9)))
        if len(set(cpf)) > 1:
            return cpf


def masked(cpf):
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def decoy(rng):
    """A number the grep pattern takes but that is not a CPF."""
    while True:
        nine = "".join(rng.choice("0123456789") for _ in range(9))
        wrong = check_digits(nine)[:9] + f"{(int(check_digits(nine)[9:]) + 1 + rng.randrange(98)) % 100:02d}"
        if wrong != check_digits(nine):
            break
    if rng.random() < 0.5:
        return f"Protocolo {masked(wrong)}"
    return f"Telefone {wrong[:3]}.{wrong[3:6]}.{wrong[6:9]}-{wrong[9:]}"


def lines_for(rng, cpfs, decoys):
    """The lines of a page or label; its decoy, if any, appended to `decoys`."""
    lines = ["CONTRATO DE PRESTACAO DE SERVICOS", "Contratante: Maria da Silva Souza"]
    for cpf in cpfs:
        lines.append(f"CPF: {masked(cpf)}" if rng.random() < 0.8 else f"CPF {cpf}")
    if rng.random() < 0.7:
        decoys.append(decoy(rng))
        lines.append(decoys[-1])
    lines.append("Recife, 12 de marco de 2024.")
    rng.shuffle(lines)
    return lines


def noisy(image, rng, amount):
    noise = Image.effect_noise(image.size, amount).convert("L")
    return Image.blend(image.convert("L"), noise, 0.12).convert("RGB")


def make_page(path, rng, cpfs, dpi, fmt, work, decoys):
    from reportlab.pdfgen import canvas

    pdf = os.path.join(work, "page.pdf.tmp" + str(rng.random()))
    page = canvas.Canvas(pdf)
    y = 780
    for line in lines_for(rng, cpfs, decoys):
        page.setFont(rng.choice(["Times-Roman", "Helvetica", "Courier"]), rng.choice([10, 11, 12, 14]))
        page.drawString(72, y, line)
        y -= 24
    page.save()
    stem = path.rsplit(".", 1)[0]
    subprocess.run(["pdftoppm", "-r", str(dpi), "-singlefile", f"-{fmt}", pdf, stem], check=True)
    os.remove(pdf)


def make_label(path, rng, cpfs, small, decoys):
    size = rng.randrange(16, 23) if small else rng.randrange(28, 49)
    font = ImageFont.truetype(FONTS + rng.choice(FACES), size)
    lines = lines_for(rng, cpfs, decoys)
    image = Image.new("RGB", (int(size * 24), int(size * 1.6 * len(lines) + 2 * size)), "white")
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(lines):
        draw.text((size, size + index * size * 1.6), line, font=font, fill="black")
    if small:
        image.save(path, quality=70)
        return
    image = image.rotate(rng.uniform(-2, 2), expand=True, fillcolor="white")
    noisy(image, rng, 40).save(path)


def make_card(path, rng, cpfs):
    card = Image.new("RGB", (860, 540), (rng.randrange(200, 240), rng.randrange(220, 245), rng.randrange(200, 235)))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((8, 8, 851, 531), 30, outline=(60, 90, 60), width=6)
    bold = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", 34)
    face = ImageFont.truetype(FONTS + rng.choice(FACES), rng.randrange(30, 40))
    draw.text((40, 30), "REPUBLICA FEDERATIVA DO BRASIL", font=bold, fill=(30, 60, 30))
    draw.text((40, 90), "CADASTRO DE PESSOAS FISICAS", font=bold, fill=(30, 60, 30))
    y = 170
    for text in ["Nome: JOAO CARLOS PEREIRA", "Nascimento: 04/07/1981"] + [
        f"CPF {masked(cpf)}" for cpf in cpfs
    ]:
        draw.text((40, y), text, font=face, fill=(20, 20, 20))
        y += 70
    photo = Image.new("RGB", (1100, 800), (rng.randrange(90, 140),) * 3)
    photo.paste(card, (rng.randrange(40, 200), rng.randrange(40, 200)))
    photo = photo.rotate(rng.uniform(-3, 3), fillcolor=(100, 100, 100)).filter(ImageFilter.GaussianBlur(0.8))
    noisy(photo, rng, 30).save(path, quality=75)


def make(work, count, seed):
    rng = random.Random(seed)
    manifest = {}
    for index in range(count):
        kind = KINDS[index % len(KINDS)]
        cpfs = [make_cpf(rng) for _ in range(rng.randrange(1, 4))]
        cpfs = list(dict.fromkeys(cpfs))
        extension = {"page-150-png": "png", "page-300-jpeg": "jpg", "label-rotated": "png"}.get(kind, "jpg")
        name = f"{index:03d}-{kind}.{extension}"
        path = os.path.join(work, name)
        decoys = []
        if kind == "page-150-png":
            make_page(path, rng, cpfs, 150, "png", work, decoys)
        elif kind == "page-300-jpeg":
            make_page(path, rng, cpfs, 300, "jpeg", work, decoys)
        elif kind in ("label-rotated", "label-small"):
            make_label(path, rng, cpfs, kind == "label-small", decoys)
        else:
            make_card(path, rng, cpfs)
        manifest[name] = {"kind": kind, "cpfs": cpfs, "decoys": decoys}
    return manifest


def grep_pipeline(path):
    text = subprocess.run(
        ["tesseract", path, "stdout", "-l", "por"], capture_output=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}
    ).stdout.decode("utf-8", "replace")
    return {re.sub(r"\D", "", match) for match in PATTERN.findall(text)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-ocr-corpus"))
    parser.add_argument("--cpf", default=".build/debug/cpf")
    parser.add_argument("--seed", type=int, default=41)
    arguments = parser.parse_args()
    arguments.cpf = os.path.abspath(arguments.cpf)
    shutil.rmtree(arguments.work, ignore_errors=True)
    os.makedirs(arguments.work)
    manifest = make(arguments.work, arguments.count, arguments.seed)
    with open(os.path.join(arguments.work, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1)

    found_cpf = {name: set() for name in manifest}
    run = subprocess.run(
        [arguments.cpf, "find", "--json", *sorted(manifest)], cwd=arguments.work, capture_output=True, text=True
    )
    for line in run.stdout.splitlines():
        record = json.loads(line)
        found_cpf[record["source"]].add(record["cpf"])
    if run.returncode == 2:
        print("cpf find named some images not searched:\n" + run.stderr, file=sys.stderr)
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        paths = [os.path.join(arguments.work, name) for name in manifest]
        found_grep = dict(zip(manifest, pool.map(grep_pipeline, paths)))

    totals = {}
    for name, entry in manifest.items():
        for tool, found in (("cpf", found_cpf[name]), ("grep", found_grep[name])):
            kind = totals.setdefault(entry["kind"], {}).setdefault(tool, [0, 0, 0])
            planted = set(entry["cpfs"])
            kind[0] += len(planted)
            kind[1] += len(found & planted)
            kind[2] += len(found - planted)
    print(f"{len(manifest)} images, {sum(len(e['cpfs']) for e in manifest.values())} planted CPFs")
    print(f"{'kind':<15} {'planted':>7}  {'cpf recall':>10} {'precision':>9}  {'grep recall':>11} {'precision':>9}")
    overall = {"cpf": [0, 0, 0], "grep": [0, 0, 0]}
    for kind in KINDS + ["all"]:
        row = totals.get(kind) if kind != "all" else overall
        if row is None:
            continue
        cells = []
        for tool in ("cpf", "grep"):
            planted, true, false = row[tool]
            if kind != "all":
                overall[tool] = [a + b for a, b in zip(overall[tool], row[tool])]
            precision = true / (true + false) if true + false else 1.0
            cells.append(f"{true / planted:>10.3f} {precision:>9.3f}")
        print(f"{kind:<15} {row['cpf'][0]:>7}  {cells[0]:>20}  {cells[1]:>21}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
