"""`evaluate`: runs cpf find/redact and the simple patterns over a corpus and scores them."""

import argparse
import bisect
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from .common import DIGITS, EXCUSED_AT_LOW, STRUCTURED, passes

# Evaluation

LEVELS = {"low": 0, "medium": 1, "high": 2}
PATTERNS = {
    "purview-like": re.compile(r"\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b", re.ASCII),
    "word-boundary": re.compile(r"\b\d{11}\b|\b\d{3}\.\d{3}\.\d{3}-\d{2}\b", re.ASCII),
}


class Corpus:
    """The files and their truth, each item placed at its absolute byte offsets."""

    def __init__(self, root):
        self.root = Path(root)
        self.items = [json.loads(x) for x in open(self.root / "truth.jsonl", encoding="utf-8")]
        self.files = sorted({t["file"] for t in self.items})
        self.data, self.line_starts, self.starts, self.by_file = {}, {}, {}, {}
        bad = 0
        for name in self.files:
            data = (self.root / name).read_bytes()
            self.data[name] = data
            ls = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
            self.line_starts[name] = ls
        for t in self.items:
            raw = t["text"].encode()
            t["start"] = self.line_starts[t["file"]][t["line"] - 1] + t["column"] - 1
            t["end"] = t["start"] + len(raw)
            # An OCR reading's letters are digits too: what redact must hide.
            t["digit_pos"] = [t["start"] + i for i, b in enumerate(raw)
                              if 48 <= b <= 57 or (t.get("form") == "ocr" and b not in b".-")]
            if self.data[t["file"]][t["start"]:t["end"]] != raw:
                bad += 1
        if bad:
            sys.exit(f"detection.py: {bad} truth items do not match their files' bytes")
        for name in self.files:
            items = sorted((t for t in self.items if t["file"] == name), key=lambda t: t["start"])
            self.by_file[name] = items
            self.starts[name] = [t["start"] for t in items]

    def offset(self, name, line, column):
        return self.line_starts[name][line - 1] + column - 1

    def item_at(self, name, pos):
        """The planted item whose span holds byte `pos`, or None."""
        i = bisect.bisect_right(self.starts[name], pos) - 1
        if i >= 0:
            t = self.by_file[name][i]
            if t["start"] <= pos < t["end"]:
                return t
        return None


def score(corpus, reports):
    """reports: dicts with file, pos, digits, valid, level (0..2). Returns the figures per threshold."""
    cpfs = [t for t in corpus.items if t["kind"] == "cpf"]
    mistyped = [t for t in corpus.items if t["kind"] == "mistyped-cpf"]
    out = {}
    classified = []
    for r in reports:
        t = corpus.item_at(r["file"], r["pos"])
        exact = t is not None and t["start"] == r["pos"] and t["digits"] == r["digits"]
        classified.append((r, t, exact))
    for name, level in (("high", 2), ("medium", 1), ("low", 0)):
        found, good, counted, excused, errors = set(), 0, 0, 0, {}
        for r, t, exact in classified:
            if not r["valid"] or r["level"] < level:
                continue
            if exact and t["kind"] == "cpf":
                found.add(id(t))
                good += 1
                counted += 1
                continue
            kind = t["kind"] if t else "unplanted"
            if r["level"] == 0 and kind in EXCUSED_AT_LOW:
                excused += 1
                continue
            counted += 1
            errors[kind] = errors.get(kind, 0) + 1
        missed = [t for t in cpfs if id(t) not in found]
        # Per genre (file): recall and precision.
        by_file = {}
        for f in corpus.files:
            planted = [t for t in cpfs if t["file"] == f]
            f_found = sum(1 for t in planted if id(t) in found)
            f_good = f_counted = 0
            for r, t, exact in classified:
                if r["file"] != f or not r["valid"] or r["level"] < level:
                    continue
                kind = t["kind"] if t else "unplanted"
                if exact and kind == "cpf":
                    f_good += 1
                    f_counted += 1
                elif not (r["level"] == 0 and kind in EXCUSED_AT_LOW):
                    f_counted += 1
            by_file[f] = {"recall": f_found / len(planted) if planted else None,
                          "precision": f_good / f_counted if f_counted else 1.0, "cpfs": len(planted)}
        out[name] = {"recall": len(found) / len(cpfs), "precision": good / counted if counted else 1.0,
                     "by_file": by_file,
                     "found": len(found), "reported": counted, "excused": excused, "errors": errors,
                     "missed_by_file": _count(missed, "file"), "missed_by_form": _count(missed, "form")}
    got = set()
    wrong_invalid = 0
    for r, t, exact in classified:
        if not r["valid"]:
            if exact and t["kind"] == "mistyped-cpf":
                got.add(id(t))
            else:
                wrong_invalid += 1
    out["mistyped_recall"] = len(got) / len(mistyped) if mistyped else None
    out["invalid_reports_not_mistyped"] = wrong_invalid
    return out


def _count(items, key):
    c = {}
    for t in items:
        c[t[key]] = c.get(t[key], 0) + 1
    return dict(sorted(c.items(), key=lambda kv: -kv[1]))


def redaction(corpus, outputs):
    """outputs: file -> redacted bytes (or None when the length changed). Counts what leaked or was hit."""
    res = {"cpf_exposed": 0, "mistyped_exposed": 0, "structured_hit": 0, "other_hit": 0,
           "hit_by_kind": {}, "length_changed": []}
    for name in corpus.files:
        before, after = corpus.data[name], outputs[name]
        if len(before) != len(after):
            res["length_changed"].append(name)
            continue
        for t in corpus.by_file[name]:
            if t["kind"] in ("cpf", "mistyped-cpf"):
                if any(after[p] == before[p] for p in t["digit_pos"]):
                    res["cpf_exposed" if t["kind"] == "cpf" else "mistyped_exposed"] += 1
            elif after[t["start"]:t["end"]] != before[t["start"]:t["end"]]:
                res["structured_hit" if t["kind"] in STRUCTURED else "other_hit"] += 1
                res["hit_by_kind"][t["kind"]] = res["hit_by_kind"].get(t["kind"], 0) + 1
    return res


def run_cpf(corpus, cpf):
    files = corpus.files
    base = [cpf, "find", "--json"]
    full = base + ["--include-invalid", "--confidence", "low"]
    p = subprocess.run(full + files, cwd=corpus.root, capture_output=True)
    v1 = p.returncode == 2 and b"unknown option" in p.stderr
    if v1:
        p = subprocess.run(base + files, cwd=corpus.root, capture_output=True)
    if p.returncode not in (0, 1):
        sys.exit(f"detection.py: {' '.join(base)} failed: {p.stderr.decode(errors='replace')}")
    reports = []
    for line in p.stdout.decode().splitlines():
        o = json.loads(line)
        src = os.path.normpath(o["source"])
        reports.append({"file": src, "pos": corpus.offset(src, o["line"], o["column"]),
                        "digits": o.get("cpf", ""), "valid": o.get("valid", True),
                        # no confidence (v1): counted at every threshold
                        "level": LEVELS.get(o.get("confidence", "high"), 2)})
    redact = [cpf, "redact"] + ([] if v1 else ["--confidence", "low"])
    outputs = {}
    for name in files:
        q = subprocess.run(redact + [name], cwd=corpus.root, capture_output=True)
        if q.returncode != 0:
            sys.exit(f"detection.py: {' '.join(redact)} {name} failed: {q.stderr.decode(errors='replace')}")
        outputs[name] = q.stdout
    return v1, reports, outputs


def run_pattern(corpus, regex):
    reports, outputs = [], {}
    for name in corpus.files:
        data = corpus.data[name]
        out = bytearray(data)
        for ln, start in enumerate(corpus.line_starts[name]):
            end = data.find(b"\n", start)
            raw = data[start:] if end < 0 else data[start:end]
            if not raw:
                continue
            line = raw.decode("utf-8", "surrogateescape")
            for m in regex.finditer(line):
                digits = "".join(ch for ch in m.group() if ch in DIGITS)
                if not passes(digits):
                    continue
                col = len(line[:m.start()].encode("utf-8", "surrogateescape"))
                pos = start + col
                reports.append({"file": name, "pos": pos, "digits": digits, "valid": True, "level": 1})
                for i, b in enumerate(m.group().encode("utf-8", "surrogateescape")):
                    if 48 <= b <= 57:
                        out[pos + i] = 42
        outputs[name] = bytes(out)
    return reports, outputs


def evaluate(args):
    corpus = Corpus(args.corpus)
    v1, reports, outputs = run_cpf(corpus, args.cpf)
    result = {"corpus": {"files": len(corpus.files), "bytes": sum(len(d) for d in corpus.data.values()),
                         "cpf": sum(t["kind"] == "cpf" for t in corpus.items),
                         "mistyped": sum(t["kind"] == "mistyped-cpf" for t in corpus.items),
                         "lookalikes": sum(t["kind"] not in ("cpf", "mistyped-cpf") for t in corpus.items)},
              "cpf": {"path": args.cpf, "v1_no_confidence": v1, "find": score(corpus, reports),
                      "redact": redaction(corpus, outputs)}, "patterns": {}}
    if v1:
        result["cpf"]["find"]["mistyped_recall"] = None
    for name, regex in PATTERNS.items():
        r, o = run_pattern(corpus, regex)
        result["patterns"][name] = {"regex": regex.pattern, "find": score(corpus, r), "redact": redaction(corpus, o)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print_table(result)


def print_table(res):
    c = res["corpus"]
    print(f"Corpus: {c['files']} files, {c['bytes'] / 1e6:.1f} MB, {c['cpf']} CPFs, {c['mistyped']} mistyped CPFs, "
          f"{c['lookalikes']} look-alikes.")
    cpf = res["cpf"]
    if cpf["v1_no_confidence"]:
        print("v1 scanner: no confidence (plain `find --json`, every report counted at every threshold; "
              "`redact` without --confidence)")
    print()
    print("| detector | threshold | recall | precision | reported | errors | excused | mistyped recall "
          "| CPFs exposed | mistyped exposed | structured hit | other hit |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

    def row(name, thr, f, red, lvl):
        s = f[lvl]
        mr = f["mistyped_recall"]
        red_cells = (f"{red['cpf_exposed']} | {red['mistyped_exposed']} | {red['structured_hit']} | {red['other_hit']}"
                     if red else " | | | ")
        print(f"| {name} | {thr} | {s['recall']:.3f} | {s['precision']:.3f} | {s['reported']} | "
              f"{sum(s['errors'].values())} | {s['excused']} | {'-' if mr is None else f'{mr:.3f}'} | {red_cells} |")

    for lvl in ("high", "medium", "low"):
        row(f"cpf find/redact", lvl + (" (default)" if lvl == "medium" else ""), cpf["find"],
            cpf["redact"] if lvl == "low" else None, lvl)
    for name, p in res["patterns"].items():
        row(name, "-", p["find"], p["redact"], "medium")
    print()
    print("Redaction columns: `cpf redact` at --confidence low (style full); patterns: their matches' digits "
          "turned into `*`.")
    if cpf["redact"]["length_changed"]:
        print(f"redact changed the length of: {', '.join(cpf['redact']['length_changed'])} (not compared)")
    print()
    print("Per genre (file): recall / precision of `cpf find` at each threshold, and of the patterns.")
    print()
    names = list(res["patterns"])
    print("| file | CPFs | high | medium (default) | low | " + " | ".join(names) + " |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(names))

    def cell(figures):
        recall = figures["recall"]
        return f"{'-' if recall is None else f'{recall:.3f}'} / {figures['precision']:.3f}"

    for f, figures in cpf["find"]["medium"]["by_file"].items():
        levels = " | ".join(cell(cpf["find"][lvl]["by_file"][f]) for lvl in ("high", "medium", "low"))
        patterns = " | ".join(cell(res["patterns"][n]["find"]["medium"]["by_file"][f]) for n in names)
        print(f"| {f} | {figures['cpfs']} | {levels} | {patterns} |")
    med = cpf["find"]["medium"]
    print()
    print("cpf find at medium: CPFs missed by file:",
          ", ".join(f"{k} {v}" for k, v in med["missed_by_file"].items()) or "none")
    print("cpf find at medium: CPFs missed by form:",
          ", ".join(f"{k} {v}" for k, v in med["missed_by_form"].items()) or "none")
    print("cpf find at medium: errors by kind:", ", ".join(f"{k} {v}" for k, v in med["errors"].items()) or "none")
    low = cpf["find"]["low"]
    print("cpf find at low: errors by kind:", ", ".join(f"{k} {v}" for k, v in low["errors"].items()) or "none")
    print(f"cpf find: invalid reports that are not mistyped CPFs: {cpf['find']['invalid_reports_not_mistyped']}")
    print("cpf redact: look-alikes changed by kind:",
          ", ".join(f"{k} {v}" for k, v in cpf["redact"]["hit_by_kind"].items()) or "none")
    for name, p in res["patterns"].items():
        print(f"{name}: errors by kind:", ", ".join(f"{k} {v}" for k, v in p["find"]["medium"]["errors"].items())
              or "none", "| missed by form:",
              ", ".join(f"{k} {v}" for k, v in p["find"]["medium"]["missed_by_form"].items()))
