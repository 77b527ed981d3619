#!/usr/bin/env python3
"""Benchmark `cpf find -r` over a tree of files: one thread, every core, and
ripgrep's `rg -c` with the SPEC's candidate pattern, side by side.

Usage: Scripts/bench_tree.py [--files N] [--file-mb M] [--runs K] [--work DIR] [--cpf PATH]

Makes N files (default 50) of M MB (default 4) of the log-like lines of
Scripts/bench.py (seeded, the same every time) in a small nested tree under
--work (default $TMPDIR/cpf-bench-tree, outside the repository), checks that
`find -r` prints the same bytes with `--threads 1` and with every core, then
times, in alternating runs, `find -r --threads 1`, `find -r --threads <cores>`
and `rg -c` with the candidate pattern (which checks nothing: neither the
digits nor the bytes around them), and prints one Markdown table of medians.
The load average is printed too: the machine may be shared.

Builds `cpf` (release) unless --cpf names a binary. Needs ripgrep (`rg`).
"""

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

spec = importlib.util.spec_from_file_location("bench", REPO / "Scripts" / "bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def make_tree(root, files, file_mb):
    """`files` files of about `file_mb` MB each, in three folders, cut from
    one seeded text at line boundaries."""
    marker = root / f".made-{files}x{file_mb}"
    if marker.exists():
        return
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    whole = root.parent / f"tree-text-{files * file_mb}MB.txt"
    if not whole.exists():
        print(f"making {whole} ...", file=sys.stderr)
        bench.make_text(whole, files * file_mb)
    data = whole.read_bytes()
    size = len(data) // files
    start = 0
    for index in range(files):
        end = len(data) if index == files - 1 else data.rfind(b"\n", start, start + size) + 1
        folder = root / ("logs", "exports/2025", "exports/2026")[index % 3]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"part-{index:03}.log").write_bytes(data[start:end])
        start = end
    marker.touch()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--file-mb", type=int, default=4)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "cpf-bench-tree")
    parser.add_argument("--cpf", type=Path, help="the cpf binary (default: build a release one)")
    args = parser.parse_args()
    if not shutil.which("rg"):
        sys.exit("bench_tree.py: ripgrep (rg) is missing: apt-get install ripgrep")

    cpf = args.cpf
    if cpf is None:
        print("building cpf (release) ...", file=sys.stderr)
        subprocess.run("swift build -c release", shell=True, cwd=REPO, check=True)
        cpf = REPO / ".build" / "release" / "cpf"
    cores = os.cpu_count() or 1
    tree = args.work / "tree"
    make_tree(tree, args.files, args.file_mb)
    total_mb = sum(f.stat().st_size for f in tree.rglob("*.log")) / 1e6

    one = subprocess.run([str(cpf), "find", "-r", "--threads", "1", str(tree)], capture_output=True).stdout
    many = subprocess.run([str(cpf), "find", "-r", "--threads", str(cores), str(tree)], capture_output=True).stdout
    assert one == many, "find -r prints different bytes with one thread and with every core"
    found = one.count(b"\n")

    print(f"timing, {args.runs} alternating runs ...", file=sys.stderr)
    load_before = os.getloadavg()[0]
    times = bench.alternate({
        "1 thread": f"'{cpf}' find -r --threads 1 '{tree}' > /dev/null",
        f"{cores} threads": f"'{cpf}' find -r --threads {cores} '{tree}' > /dev/null",
        "rg -c": f"rg -c '{bench.CANDIDATE}' '{tree}' > /dev/null",
    }, args.runs)
    load_after = os.getloadavg()[0]

    single, parallel, rg = times["1 thread"], times[f"{cores} threads"], times["rg -c"]
    print(f"\n`Scripts/bench_tree.py` on {time.strftime('%Y-%m-%d')}, {platform.machine()} Linux, {cores} cores "
          f"(load average {load_before:.1f} before, {load_after:.1f} after); {args.files} files, {total_mb:.0f} MB, "
          f"{found:,} CPFs; medians of {args.runs} alternating runs.\n")
    print("| measure | time | ratio | target | met |")
    print("|---|---|---|---|---|")
    speedup = single / parallel
    print(f"| `find -r --threads 1` | {single:.3f} s | {total_mb / single:.0f} MB/s |  |  |")
    print(f"| `find -r --threads {cores}` vs `--threads 1` | {parallel:.3f} s vs {single:.3f} s | "
          f"{speedup:.2f}× faster | ≥ 1.7× | {'yes' if speedup >= 1.7 else '**no**'} |")
    ratio = parallel / rg
    print(f"| `find -r --threads {cores}` vs `rg -c` (candidate pattern) | {parallel:.3f} s vs {rg:.3f} s | "
          f"{ratio:.2f}× | ≤ 1.2× | {'yes' if ratio <= 1.2 else '**no**'} |")


if __name__ == "__main__":
    main()
