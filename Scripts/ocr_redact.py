#!/usr/bin/env python3
"""Issue 41's done-when measurement for `redact` in images: the corpus of
Scripts/ocr_corpus.py (its make(): pages at 150 dpi as PNG and 300 dpi as
JPEG, rotated noisy PNG labels, small JPEG labels, JPEG card photos, with
planted CPFs and decoys) copied, `cpf redact -r --in-place` run on the
copy, then everything the issue asks measured, per kind and in total.

Usage (from the repository, after `swift build -c release -j 2`):

    ~/.cache/cpf-ci/venv-docs/bin/python Scripts/ocr_redact.py \\
        [--count N] [--work DIR] [--cpf .build/release/cpf] [--seed S] [--jobs 2]

Needs the documents' Python (Pillow, reportlab), pdftoppm, and Tesseract
with Portuguese (`tesseract-ocr-por`). Tesseract runs one process per image,
`--jobs` at a time (default 2), with OMP_THREAD_LIMIT=1. About 7 minutes
for 120 images on two cores. Under --work (default $TMPDIR/cpf-ocr-redact,
emptied first): original/ (the corpus and manifest.json), redacted/ (the
copy rewritten in place), failclosed/ and noengine/ (copies for the last two
checks).

What it prints:

1. `find` on the originals (recall and precision of planted CPFs) beside
   the plain pipeline `tesseract IMG stdout -l por | grep -E PATTERN`.
2. `redact -r --in-place` on the copy: files rewritten (bytes changed),
   refused (`not rewritten` / `not searched`, reasons counted), untouched;
   the exit status.
3. Planted CPFs still read after: by `cpf find` on the redacted files; by a
   fresh `tesseract IMG stdout -l por` and (a) the plain grep pattern,
   (b) `cpf find` reading that text (its OCR readings: look-alike letters
   among the digits, `133.72O.622-99`), (c) a looser pattern still: any
   eleven digits or look-alike letters, with or without dots, dash or
   spaces between the groups, mapped to digits.
4. Pixels: `cpf find --json --include-invalid` on an original gives the
   box of every CPF it reads, `"box":[left,top,width,height]` around the
   words of the number (mistyped CPFs too: `redact` hides them, so the
   decoys are painted by design). `redact` paints each word's box grown by
   15 % of the word's height (at least 2 pixels); a word's box lies in the
   match's box and is no taller, so the match's box grown by 15 % of its
   own height (rounded up, at least 2) holds everything painted.
   - PNG: every pixel outside those grown boxes is identical (Pillow's
     decoded pixels, exact comparison).
   - JPEG: `redact` changes the quantised coefficients of the 8x8 blocks
     under the boxes and keeps every other block's coefficients. Identical
     coefficients decode to identical pixels, but a decoder's "fancy"
     chroma upsampling (4:2:0, 4:2:2) reads the neighbouring chroma samples,
     so pixels just beside a changed block may differ. So the check is:
     every pixel of every MCU (16x16 for 4:2:0, 16x8 for 4:2:2, 8x8 for
     4:4:4 and grey) at least one whole MCU away from any grown box is
     identical after decoding. A failure there means a block outside the
     boxes changed.
   - A second painting: `redact` also paints a match that only its
     proof's fresh Tesseract run reads (a decoy beside a painted CPF read
     otherwise once the CPF is painted), whose box `find` on the original
     does not give. A file changed outside find's boxes is checked again
     with the boxes Tesseract gives its decoys' words in the original
     added (column "2nd painting"); anything else changed still fails.
   - Control: the same check against find's boxes ungrown must find
     changed pixels (the margins) in every rewritten file.
   - Over-painting: the words (4 letters or more) Tesseract reads in the
     original and still reads after, and the decoys read before.
5. Fail closed: with a stand-in OCR engine that reads a CPF in every image
   again and again (so every proof fails), `redact -r --in-place` on a
   copy rewrites nothing: every image `not rewritten`, exit status 2, every
   file byte for byte the same.
6. No engine: `find -r` and `redact -r --in-place` with
   `--ocr-engine /nonexistent`: every image named `not searched`, exit
   status 2, nothing rewritten.
"""

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageChops, ImageDraw, JpegImagePlugin

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ocr_corpus  # noqa: E402

KINDS = ocr_corpus.KINDS
# The letters cpf reads as digits in an OCR reading (docs/reference.md).
LOOK_ALIKES = {"O": "0", "o": "0", "D": "0", "Q": "0", "l": "1", "I": "1", "i": "1", "|": "1", "!": "1",
               "Z": "2", "z": "2", "S": "5", "s": "5", "G": "6", "b": "6", "T": "7", "B": "8", "g": "9", "q": "9"}
LOOSE_CHARACTER = "[0-9" + re.escape("".join(LOOK_ALIKES)) + "]"
# Overlapping matches (a lookahead): eleven digits or look-alikes, groups 3.3.3-2, any separators or none.
LOOSE = re.compile(
    rf"(?=({LOOSE_CHARACTER}{{3}}[.,]?\s?{LOOSE_CHARACTER}{{3}}[.,]?\s?{LOOSE_CHARACTER}{{3}}[-.,]?\s?"
    rf"{LOOSE_CHARACTER}{{2}}))")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
# A stand-in OCR engine that always reads one CPF (so every proof fails).
STAND_IN = """#!/bin/sh
case "$1" in --list-langs) printf 'List of available languages (1):\\npor\\n'; exit 0;; esac
cat > /dev/null
t=$(printf '\\t')
echo "level${t}page_num${t}block_num${t}par_num${t}line_num${t}word_num${t}left${t}top${t}width${t}height${t}conf${t}text"
echo "5${t}1${t}1${t}1${t}1${t}1${t}10${t}10${t}60${t}20${t}96${t}CPF"
echo "5${t}1${t}1${t}1${t}1${t}2${t}80${t}10${t}200${t}20${t}96${t}390.533.447-05"
"""


def tesseract(path):
    """Tesseract's plain text of the image at `path`."""
    return subprocess.run(
        ["tesseract", path, "stdout", "-l", "por"], capture_output=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}
    ).stdout.decode("utf-8", "replace")


def cpf_json(cpf, arguments, cwd, stdin=None):
    """The records `cpf find --json ARGUMENTS` prints, and its run."""
    run = subprocess.run([cpf, "find", "--json", *arguments], cwd=cwd, capture_output=True, text=True, input=stdin)
    return [json.loads(line) for line in run.stdout.splitlines()], run


def read_by_grep(text):
    return {re.sub(r"\D", "", match) for match in ocr_corpus.PATTERN.findall(text)}


def read_loosely(text):
    return {"".join(LOOK_ALIKES.get(c, c) for c in re.sub(r"[\s.,-]", "", m)) for m in LOOSE.findall(text)}


def margin(height):
    """RedactEngine.margin(forHeight:): 15 % of the height, rounded up, at least 2."""
    return max(2, (height * 15 + 99) // 100)


def grown(box):
    left, top, width, height = box
    m = margin(height)
    return (left - m, top - m, left + width + m, top + height + m)


def changed_mask(before, after):
    """A mode-1 image: the pixels that differ."""
    mode = "RGBA" if "A" in before.mode or "A" in after.mode or before.mode == "P" else "RGB"
    difference = ImageChops.difference(before.convert(mode), after.convert(mode))
    return difference.convert("L").point(lambda value: 255 if value else 0).convert("1")


def count_outside(changed, keep_out):
    """How many changed pixels lie outside the rectangles `keep_out` (left, top, right, bottom, exclusive)."""
    mask = Image.new("1", changed.size, 1)
    draw = ImageDraw.Draw(mask)
    for left, top, right, bottom in keep_out:
        draw.rectangle((left, top, right - 1, bottom - 1), fill=0)
    outside = ImageChops.logical_and(changed, mask)
    return outside.histogram()[255] if outside.getbbox() else 0


def mcu_size(image):
    """The JPEG's MCU in pixels (width, height)."""
    if image.mode == "L":
        return 8, 8
    sampling = JpegImagePlugin.get_sampling(image)
    return {0: (8, 8), 1: (16, 8), 2: (16, 16)}.get(sampling, (16, 16))


def near_mcus(box, mcu):
    """The grown box snapped outward to the MCU grid, then one MCU more on every side."""
    left, top, right, bottom = box
    width, height = mcu
    return ((left // width - 1) * width, (top // height - 1) * height,
            (-(-right // width) + 1) * width, (-(-bottom // height) + 1) * height)


def decoy_boxes(path, decoys):
    """The boxes [left, top, width, height] of the words (one, or two side by side) that Tesseract reads
    in the image at `path` as one of `decoys` (their digits)."""
    table = subprocess.run(["tesseract", path, "stdout", "-l", "por", "tsv"], capture_output=True,
                           env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout.decode("utf-8", "replace")
    words = [line.split("\t") for line in table.splitlines()[1:]]
    words = [(int(w[6]), int(w[7]), int(w[8]), int(w[9]), re.sub(r"\D", "", w[11]))
             for w in words if len(w) == 12 and w[0] == "5"]
    wanted = {re.sub(r"\D", "", decoy) for decoy in decoys}
    boxes = []
    for index, (left, top, width, height, digits) in enumerate(words):
        if digits in wanted:
            boxes.append([left, top, width, height])
        if digits and index + 1 < len(words) and words[index + 1][4] and digits + words[index + 1][4] in wanted:
            nl, nt, nw, nh, _ = words[index + 1]
            right, bottom = max(left + width, nl + nw), max(top + height, nt + nh)
            boxes.append([min(left, nl), min(top, nt), right - min(left, nl), bottom - min(top, nt)])
    return boxes


def parse_redact_errors(stderr, prefix):
    """Each file's outcome on standard error: ('rewritten', n) / ('not rewritten', reason) / ('not searched', reason)."""
    outcomes = {}
    for line in stderr.splitlines():
        if match := re.fullmatch(rf"cpf: redacted {re.escape(prefix)}/(\S+) \((\d+) hidden\)", line):
            outcomes[match[1]] = ("rewritten", match[2])
        elif match := re.fullmatch(rf"cpf: {re.escape(prefix)}/(\S+): (not rewritten|not searched): (.*)", line):
            outcomes[match[1]] = (match[2], re.sub(r"\d+", "N", match[3]))
    return outcomes


def same_bytes(a, b):
    with open(a, "rb") as one, open(b, "rb") as two:
        return one.read() == two.read()


def table(title, header, rows):
    print(f"\n{title}")
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(str(cell).rjust(width) if i else str(cell).ljust(width)
                        for i, (cell, width) in enumerate(zip(row, widths))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-ocr-redact"))
    parser.add_argument("--cpf", default=".build/release/cpf")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    cpf = os.path.abspath(arguments.cpf)
    work = arguments.work
    shutil.rmtree(work, ignore_errors=True)
    original = os.path.join(work, "original")
    os.makedirs(original)
    manifest = ocr_corpus.make(original, arguments.count, arguments.seed)
    with open(os.path.join(original, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1)
    names = sorted(manifest)
    kind_of = {name: manifest[name]["kind"] for name in names}
    planted = {name: set(manifest[name]["cpfs"]) for name in names}
    jobs = ["--threads", str(arguments.jobs)]
    pool = ThreadPoolExecutor(arguments.jobs)
    print(f"{len(names)} images, {sum(len(p) for p in planted.values())} planted CPFs, "
          f"{sum(len(manifest[n]['decoys']) for n in names)} decoys")

    # 1. find and the plain pipeline on the originals.
    records, run = cpf_json(cpf, ["--include-invalid", *jobs, *names], original)
    boxes = {name: [] for name in names}
    found = {name: set() for name in names}
    for record in records:
        if "box" in record:
            boxes[record["source"]].append(record["box"])
        if record.get("valid", True):
            found[record["source"]].add(record["cpf"])
    text_before = dict(zip(names, pool.map(tesseract, [os.path.join(original, n) for n in names])))
    rows = []
    totals = {}
    for kind in KINDS + ["all"]:
        chosen = [n for n in names if kind in ("all", kind_of[n])]
        row = [kind, sum(len(planted[n]) for n in chosen)]
        for reads in (lambda n: found[n], lambda n: read_by_grep(text_before[n])):
            true = sum(len(reads(n) & planted[n]) for n in chosen)
            false = sum(len(reads(n) - planted[n]) for n in chosen)
            row += [f"{true / row[1]:.3f}", f"{true / (true + false) if true + false else 1:.3f}"]
        rows.append(row)
    table("find on the originals beside tesseract | grep -E (recall, precision)",
          ["kind", "planted", "find recall", "precision", "grep recall", "precision"], rows)
    if run.returncode == 2:
        print("cpf find named some originals not searched:\n" + run.stderr)

    # 2. redact -r --in-place on a copy.
    redacted = os.path.join(work, "redacted")
    shutil.copytree(original, redacted)
    os.remove(os.path.join(redacted, "manifest.json"))
    run = subprocess.run([cpf, "redact", "-r", "--in-place", *jobs, "redacted"], cwd=work,
                         capture_output=True, text=True)
    outcomes = parse_redact_errors(run.stderr, "redacted")
    unparsed = [line for line in run.stderr.splitlines()
                if not re.match(r"cpf: (redacted redacted/\S+ \(|redacted/\S+: not (rewritten|searched): )", line)]
    print(f"\nredact -r --in-place: exit status {run.returncode}")
    for line in unparsed:
        print(f"  unexpected on standard error: {line}")
    reasons = Counter()
    state = {}
    for name in names:
        changed = not same_bytes(os.path.join(original, name), os.path.join(redacted, name))
        outcome = outcomes.get(name, ("untouched", ""))
        if outcome[0] in ("not rewritten", "not searched"):
            reasons[f"{outcome[0]}: {outcome[1]}"] += 1
            state[name] = "refused" + (" (but changed!)" if changed else "")
        elif outcome[0] == "rewritten":
            state[name] = "rewritten" if changed else "said rewritten, unchanged!"
        else:
            state[name] = "untouched" if not changed else "changed, not said!"
    rows = []
    for kind in KINDS + ["all"]:
        chosen = [n for n in names if kind in ("all", kind_of[n])]
        counts = Counter(state[n] for n in chosen)
        rows.append([kind, len(chosen), counts["rewritten"], counts["refused"], counts["untouched"],
                     len(chosen) - counts["rewritten"] - counts["refused"] - counts["untouched"]])
    table("redact -r --in-place: files", ["kind", "files", "rewritten", "refused", "untouched", "other"], rows)
    for reason, count in reasons.most_common():
        print(f"  {count:>3}  {reason}")
    for name in names:
        if state[name] not in ("rewritten", "refused", "untouched"):
            print(f"  {name}: {state[name]}")

    # 3. Planted CPFs still read after.
    records, _ = cpf_json(cpf, ["--include-invalid", *jobs, *names], redacted)
    found_after = {name: set() for name in names}
    for record in records:
        found_after[record["source"]].add(record["cpf"])
    text_after = dict(zip(names, pool.map(tesseract, [os.path.join(redacted, n) for n in names])))
    cpf_on_text = {}
    for name in names:
        records, _ = cpf_json(cpf, ["--include-invalid", "-"], None, stdin=text_after[name])
        cpf_on_text[name] = {record["cpf"] for record in records}
    readers = {
        "find": lambda n: found_after[n],
        "tess+grep": lambda n: read_by_grep(text_after[n]),
        "tess+cpf": lambda n: cpf_on_text[n],
        "tess+loose": lambda n: read_loosely(text_after[n]),
    }
    rows = []
    for kind in KINDS + ["all"]:
        chosen = [n for n in names if kind in ("all", kind_of[n])]
        rows.append([kind, sum(len(planted[n]) for n in chosen),
                     *[sum(len(read(n) & planted[n]) for n in chosen) for read in readers.values()]])
    table("planted CPFs still read after redact (every file, refused ones included)",
          ["kind", "planted", *readers], rows)
    for name in names:
        for reader, read in readers.items():
            for value in sorted(read(name) & planted[name]):
                print(f"  still read by {reader}: {name} ({state[name]}) ...{value[-2:]}")

    # 4. Pixels and over-painting.
    rows = []
    for kind in KINDS + ["all"]:
        chosen = [n for n in names if kind in ("all", kind_of[n]) and state[n] == "rewritten"]
        checked = failures = changed_pixels = control = second_round = 0
        words_before = words_after = decoys_before = decoys_after = 0
        for name in chosen:
            before = Image.open(os.path.join(original, name))
            after = Image.open(os.path.join(redacted, name))
            if before.size != after.size:
                failures += 1
                print(f"  {name}: size {before.size} became {after.size}")
                continue
            changed = changed_mask(before, after)
            changed_pixels += changed.histogram()[255]
            if before.format == "PNG":
                outside = count_outside(changed, [grown(box) for box in boxes[name]])
            else:
                mcu = mcu_size(before)
                outside = count_outside(changed, [near_mcus(grown(box), mcu) for box in boxes[name]])
            if outside:
                # A second painting: a match only the proof's fresh run read (a decoy beside a painted
                # CPF read otherwise once the CPF was painted). Its box is not among find's on the
                # original; the decoy's words as Tesseract boxes them in the original are.
                extra = [grown(box) for box in decoy_boxes(os.path.join(original, name), manifest[name]["decoys"])]
                keep_out = [grown(box) for box in boxes[name]] + extra
                if before.format != "PNG":
                    keep_out = [near_mcus(box, mcu) for box in keep_out]
                outside = count_outside(changed, keep_out)
                second_round += 1
                if kind != "all":
                    print(f"  {name}: changed outside find's boxes; with its decoys' word boxes added:"
                          f" {outside} pixels outside")
            checked += 1
            # The control: against the boxes as find gives them (not grown, not snapped to MCUs), the
            # painted margins count as outside: a check that found nothing there would be broken.
            control += count_outside(changed, [(l, t, l + w, t + h) for l, t, w, h in boxes[name]]) > 0
            if outside:
                failures += 1
                if kind != "all":
                    print(f"  {name}: {outside} pixels changed outside the boxes ({before.format})")
            before_words = set(WORD.findall(text_before[name]))
            words_before += len(before_words)
            words_after += len(before_words & set(WORD.findall(text_after[name])))
            for text in manifest[name]["decoys"]:
                digits = re.sub(r"\D", "", text)
                if digits in read_by_grep(text_before[name]):
                    decoys_before += 1
                    decoys_after += digits in read_by_grep(text_after[name])
        rows.append([kind, checked, failures, second_round, control, changed_pixels, f"{words_after}/{words_before}",
                     f"{decoys_after}/{decoys_before}"])
    table("rewritten files: pixels outside the boxes (PNG: exact; JPEG: MCUs one MCU away), words kept",
          ["kind", "checked", "differ outside", "2nd painting", "control", "pixels changed", "words still read",
           "decoys still read"], rows)
    print("  (2nd painting: files changed outside find's boxes, checked again with the boxes of their decoys'"
          " words added: a match only the proof's fresh run read, painted in a second round)")
    print("  (control: files in which the same check finds changed pixels outside the boxes as find gives them,"
          " not grown: all of them, or the check is broken)")
    print("  (decoys are 11 digits with wrong check digits written as a CPF's mask: mistyped CPFs, which redact"
          " hides by design)")

    # 5. Fail closed: every proof fails.
    closed = os.path.join(work, "failclosed")
    shutil.copytree(original, closed)
    os.remove(os.path.join(closed, "manifest.json"))
    engine = os.path.join(work, "stand-in-tesseract")
    with open(engine, "w") as file:
        file.write(STAND_IN)
    os.chmod(engine, os.stat(engine).st_mode | stat.S_IXUSR)
    run = subprocess.run([cpf, "redact", "-r", "--in-place", "--ocr-engine", engine, *jobs, "failclosed"],
                         cwd=work, capture_output=True, text=True)
    outcomes = parse_redact_errors(run.stderr, "failclosed")
    refused = sum(outcomes.get(n, ("",))[0] == "not rewritten" for n in names)
    kept = sum(same_bytes(os.path.join(original, n), os.path.join(closed, n)) for n in names)
    print(f"\nfail closed (an engine that reads a CPF on every run): exit status {run.returncode}, "
          f"{refused}/{len(names)} not rewritten, {kept}/{len(names)} byte for byte the same")
    for reason, count in Counter(o[1] for o in outcomes.values()).most_common():
        print(f"  {count:>3}  {reason}")

    # 6. No engine.
    absent = os.path.join(work, "noengine")
    shutil.copytree(closed, absent)
    for command in (["find", "-r"], ["redact", "-r", "--in-place"]):
        run = subprocess.run([cpf, *command, "--ocr-engine", "/nonexistent", *jobs, "noengine"], cwd=work,
                             capture_output=True, text=True)
        named = sum(f"cpf: noengine/{n}: not searched: " in run.stderr for n in names)
        kept = sum(same_bytes(os.path.join(original, n), os.path.join(absent, n)) for n in names)
        reasons = Counter(line.split(": not searched: ")[-1] for line in run.stderr.splitlines())
        print(f"no engine, {' '.join(command)}: exit status {run.returncode}, {named}/{len(names)} named not"
              f" searched, {kept}/{len(names)} unchanged; {dict(reasons)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
