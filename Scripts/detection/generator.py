"""`generate`: writes the labelled corpus, one file per genre, and truth.jsonl."""

import json
from pathlib import Path

from .common import Gen
from .genres import GENRES


def generate(args):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    truth = []
    for i, (build, _) in enumerate(GENRES):
        g = Gen(f"{args.seed}/{i}")
        doc = build(g, args.scale)
        doc.write(out)
        truth.extend(doc.items)
    with open(out / "truth.jsonl", "w", encoding="utf-8") as f:
        for item in truth:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")
    counts = {}
    for item in truth:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    size = sum((out / d).stat().st_size for d in {t["file"] for t in truth})
    look = sum(v for k, v in counts.items() if k not in ("cpf", "mistyped-cpf"))
    print(f"{out}: {len({t['file'] for t in truth})} files, {size / 1e6:.1f} MB; "
          f"{counts.get('cpf', 0)} CPFs, {counts.get('mistyped-cpf', 0)} mistyped, {look} look-alikes "
          f"({sum(1 for t in truth if t['kind'] not in ('cpf', 'mistyped-cpf') and t['passes'])} pass the checksum)")
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
