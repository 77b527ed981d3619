#!/usr/bin/env python3
"""Runs `cpf redact -r --in-place` over the corpus of make_corpus.py and
judges the result with the independent re-scan of rescan.py.

    run_corpus.py --cpf BINARY [--report FILE.json] [--soffice N]

The corpus is made once per machine (LibreOffice takes minutes) and kept in
${CPF_CI_CACHE:-~/.cache/cpf-ci}/corpus-<hash of make_corpus.py>, with the
re-scan of the files as made (what each holds before redact) beside it. A
copy goes to a temporary folder, where redact rewrites it; then each file is
classed as rewritten (`cpf: redacted NAME`), refused (named `not rewritten`
or `not searched`) or left as it was, re-scanned, and opened in its own
tool. The report (JSON) gives the figures, and lists what must be empty:

- leaks: a planted value still readable in a file redact did not name;
- broken: a file redact rewrote that its tool no longer opens;
- changed_refused: a file redact named but changed all the same;
- unexpected_refusals: a refusal in a file with no channel where the
  reference says redact refuses (REFUSABLE in make_corpus.py).

With --soffice N, N of the rewritten Office and OpenDocument files (spread
over the formats; 0 for none, -1 for all) are also converted to PDF by
LibreOffice in one run, and each must convert.
"""

import argparse
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rescan  # noqa: E402


def digest(*names):
    h = hashlib.sha256()
    for name in names:
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def corpus(python):
    """The cached corpus's folder, made first when missing."""
    cache = os.environ.get("CPF_CI_CACHE") or os.path.expanduser("~/.cache/cpf-ci")
    folder = os.path.join(cache, "corpus-" + digest("make_corpus.py"))
    if not os.path.exists(os.path.join(folder, "manifest.json")):
        os.makedirs(cache, exist_ok=True)
        staging = tempfile.mkdtemp(prefix="corpus-making-", dir=cache)
        shutil.rmtree(staging)
        subprocess.run([python, os.path.join(HERE, "make_corpus.py"), staging], check=True)
        try:
            os.rename(staging, folder)
        except OSError:
            shutil.rmtree(staging)  # another run made it meanwhile
    return folder


def _rescan_one(job):
    path, values = job
    found, notes, broken = rescan.rescan(path, values)
    return found, notes, broken


def rescan_all(root, files, workers):
    jobs = [(os.path.join(root, e["file"]), e["plants"]) for e in files]
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_rescan_one, jobs, chunksize=8)
    return {e["file"]: r for e, r in zip(files, results)}


def baseline(folder, files, workers):
    """What each file of the corpus holds before redact (cached)."""
    path = os.path.join(folder, "baseline-" + digest("rescan.py") + ".json")
    if not os.path.exists(path):
        scanned = rescan_all(os.path.join(folder, "files"), files, workers)
        with open(path + ".tmp", "w") as f:
            json.dump({k: {"found": v[0], "notes": v[1], "broken": v[2]} for k, v in scanned.items()}, f)
        os.rename(path + ".tmp", path)
    with open(path) as f:
        return json.load(f)


REDACTED = re.compile(r"^cpf: redacted (.+) \((\d+) hidden\)$")
REFUSED = re.compile(r"^cpf: (.+?): (not rewritten|not searched): (.*)$")


def refusable(entry, expected):
    """The channels of ENTRY where redact may rightly refuse (expected_refusals.json)."""
    reasons = []
    for plant in entry["plants"]:
        for segment in plant["channel"].split(": "):
            for key in expected["channels"]:
                channel, _, only = key.partition("@")
                if segment.startswith(channel) and (not only or only == entry["format"]):
                    reasons.append(key)
    if entry["format"] in expected["never_rewritten"]:
        reasons.append(f"{entry['format']} is never rewritten")
    return sorted(set(reasons))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpf", required=True)
    parser.add_argument("--report")
    parser.add_argument("--soffice", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    # redact runs inside the copy of the corpus: a relative path is the caller's.
    args.cpf = os.path.abspath(args.cpf)
    timings = {}

    started = time.time()
    folder = corpus(sys.executable)
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(HERE, "expected_refusals.json")) as f:
        expected = json.load(f)
    files = manifest["files"]
    before = baseline(folder, files, args.workers)
    timings["corpus and baseline (cached)"] = round(time.time() - started, 1)

    work = tempfile.mkdtemp(prefix="cpf-corpus-")
    root = os.path.join(work, "files")
    shutil.copytree(os.path.join(folder, "files"), root)

    # What a compliance user runs on a share before handing it over: every
    # file below it, CPFs and CNPJs (--document any), at the default
    # confidence (low: anything that could be one), the default style (every
    # digit hidden), rewritten in place; no --skip-unsearchable, so that
    # what cpf cannot read or rewrite fails the run.
    started = time.time()
    command = [args.cpf, "redact", "-r", "--in-place", "--document", "any", "--no-progress", "."]
    run = subprocess.run(command, cwd=root, capture_output=True, text=True, errors="replace")
    timings["redact"] = round(time.time() - started, 1)
    rewritten, refused, other = {}, {}, []
    for line in run.stderr.splitlines():
        if m := REDACTED.match(line):
            rewritten[os.path.normpath(m.group(1))] = int(m.group(2))
        elif m := REFUSED.match(line):
            refused[os.path.normpath(m.group(1))] = f"{m.group(2)}: {m.group(3)}"
        else:
            other.append(line)

    # A file redact left byte for byte as it was holds what it held before:
    # only the files it changed are re-scanned.
    started = time.time()
    same = set()
    for entry in files:
        with open(os.path.join(folder, "files", entry["file"]), "rb") as f:
            original = f.read()
        with open(os.path.join(root, entry["file"]), "rb") as f:
            if f.read() == original:
                same.add(entry["file"])
    after = rescan_all(root, [e for e in files if e["file"] not in same], args.workers)
    for name in same:
        after[name] = (before[name]["found"], before[name]["notes"], before[name]["broken"])
    timings["rescan"] = round(time.time() - started, 1)

    report = {
        "documents": len(files), "exit_status": run.returncode, "other_stderr": other,
        "generation_seconds": manifest.get("seconds"), "timings": timings,
        "by_producer": {}, "by_format": {}, "plants_by_channel": {}, "missing_before_by_channel": {},
        "rewritten": 0, "refused": 0, "untouched": 0, "untouched_with_values": 0,
        "rewritten_clean": 0, "values_planted": 0, "values_present_before": 0,
        "leaks": [], "broken": [], "changed_refused": [], "changed_unnamed": [], "unexpected_refusals": [],
        "expected_refusals": {}, "unopened_before": [], "rescan_notes": [],
    }
    office = []
    for entry in files:
        name = entry["file"]
        report["by_producer"][entry["producer"]] = report["by_producer"].get(entry["producer"], 0) + 1
        report["by_format"][entry["format"]] = report["by_format"].get(entry["format"], 0) + 1
        held = before[name]["found"]
        for plant in entry["plants"]:
            report["values_planted"] += 1
            channel = plant["channel"]
            report["plants_by_channel"][channel] = report["plants_by_channel"].get(channel, 0) + 1
            if plant["digits"] in held:
                report["values_present_before"] += 1
            else:
                missing = report["missing_before_by_channel"]
                missing[channel] = missing.get(channel, 0) + 1
        if before[name]["broken"]:
            report["unopened_before"].append(f"{name}: {before[name]['broken']}")
        changed = name not in same
        found, notes, broken = after[name]
        report["rescan_notes"] += [f"{name}{n}" for n in notes]
        if name in refused:
            report["refused"] += 1
            if changed:
                report["changed_refused"].append(name)
            why = refusable(entry, expected)
            if why:
                for reason in why:
                    report["expected_refusals"][reason] = report["expected_refusals"].get(reason, 0) + 1
            else:
                report["unexpected_refusals"].append(f"{name}: {refused[name]}")
            continue
        if name in rewritten:
            report["rewritten"] += 1
            if broken and not before[name]["broken"]:
                report["broken"].append(f"{name}: {broken}")
            if not found and not broken:
                report["rewritten_clean"] += 1
            if name.endswith((".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp")):
                office.append(name)
        else:
            report["untouched"] += 1
            if changed:
                report["changed_unnamed"].append(name)
            if held:
                report["untouched_with_values"] += 1
        for digits, where in sorted(found.items()):
            plant = next(p for p in entry["plants"] if p["digits"] == digits)
            state = "rewritten" if name in rewritten else "left as it was, not named"
            # The value itself is never printed (it is synthetic, but the
            # rule holds for every diagnostic): its kind and place only.
            report["leaks"].append(f"{name} ({state}): {plant['channel']}: a {plant['kind'].upper()} at {where}")

    # LibreOffice opens the rewritten documents: a sample spread over the
    # formats, converted in one run.
    if args.soffice and office:
        started = time.time()
        by_format = {}
        for name in office:
            by_format.setdefault(name.rsplit(".", 1)[1], []).append(name)
        sample = []
        while any(by_format.values()) and (args.soffice < 0 or len(sample) < args.soffice):
            for names in by_format.values():
                if names and (args.soffice < 0 or len(sample) < args.soffice):
                    sample.append(names.pop(0))
        staging = tempfile.mkdtemp(prefix="cpf-corpus-lo-in-")
        for i, name in enumerate(sample):
            shutil.copy(os.path.join(root, name), os.path.join(staging, f"{i:04d}.{name.rsplit('.', 1)[1]}"))
        profile = tempfile.mkdtemp(prefix="cpf-corpus-lo-")
        outdir = os.path.join(work, "soffice")
        subprocess.run(
            ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf", "--outdir",
             outdir] + [os.path.join(staging, n) for n in sorted(os.listdir(staging))],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900, check=False)
        for i, name in enumerate(sample):
            if not os.path.exists(os.path.join(outdir, f"{i:04d}.pdf")):
                report["broken"].append(f"{name}: LibreOffice did not convert it")
        report["soffice_opened"] = len(sample)
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(staging, ignore_errors=True)
        timings["soffice"] = round(time.time() - started, 1)

    report["refused_reasons"] = refused
    shutil.rmtree(work, ignore_errors=True)
    text = json.dumps(report, indent=1, ensure_ascii=False)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
