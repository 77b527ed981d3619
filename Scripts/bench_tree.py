#!/usr/bin/env python3
"""Benchmark `cpf find -r` over a tree of files: one thread, every core, and
ripgrep's `rg -c` with the candidate pattern of docs/reference.md#cpf-find-cpfs-in-free-text, side by side.

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
import resource
import shutil
import statistics
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
    commands = {
        "1 thread": f"'{cpf}' find -r --threads 1 '{tree}' > /dev/null",
        "all": f"'{cpf}' find -r --threads {cores} '{tree}' > /dev/null",
        "count": f"'{cpf}' find -r --count --threads {cores} '{tree}' > /dev/null",
        "rg -c": f"rg -c '{bench.CANDIDATE}' '{tree}' > /dev/null",
        "rg -c -j1": f"rg -j1 -c '{bench.CANDIDATE}' '{tree}' > /dev/null",
    }
    runs = {name: [] for name in commands}
    cpu = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            runs[name].append(bench.timed(command))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    load_after = os.getloadavg()[0]
    # The median, and the best run: on a shared machine, other work only
    # ever slows a run down, so the best is the closest to the program's own speed.
    median = {name: statistics.median(values) for name, values in runs.items()}
    best = {name: min(values) for name, values in runs.items()}

    print(f"\n`Scripts/bench_tree.py` on {time.strftime('%Y-%m-%d')}, {platform.machine()} Linux, {cores} cores "
          f"(load average {load_before:.1f} before, {load_after:.1f} after); {args.files} files, {total_mb:.0f} MB, "
          f"{found:,} CPFs; median and best of {args.runs} alternating runs.\n")
    print("| measure | median | best | ratio (median, best) | target | met (median, best) |")
    print("|---|---|---|---|---|---|")

    def row(what, a, b, target, better):
        ratios = [(t[a] / t[b]) if not better else (t[b] / t[a]) for t in (median, best)]
        met = ["yes" if (r >= target if better else r <= target) else "**no**" for r in ratios]
        sign = "≥" if better else "≤"
        print(f"| {what} | {median[a]:.3f} s vs {median[b]:.3f} s | {best[a]:.3f} s vs {best[b]:.3f} s | "
              f"{ratios[0]:.2f}×, {ratios[1]:.2f}× | {sign} {target}× | {met[0]}, {met[1]} |")

    print(f"| `find -r --threads 1` | {median['1 thread']:.3f} s | {best['1 thread']:.3f} s | "
          f"{total_mb / best['1 thread']:.0f} MB/s (best) |  |  |")
    row(f"`find -r --threads {cores}` vs `--threads 1` (speed-up)", "all", "1 thread", 1.7, True)
    row(f"`find -r --threads {cores}` vs `rg -c` (candidate pattern)", "all", "rg -c", 1.2, False)
    row(f"`find -r --count --threads {cores}` vs `rg -c`", "count", "rg -c", 1.2, False)
    row("`rg -c` on every core vs `rg -j1 -c` (speed-up)", "rg -c", "rg -c -j1", 1.7, True)
    # CPU time does not depend on the load: with cores free, a speed-up close
    # to (CPU time on one thread / CPU time on all) × cores is what the
    # threads can give.
    work = {name: statistics.median(values) for name, values in cpu.items()}
    print(f"\nCPU time (user + system, median): "
          + ", ".join(f"{name} {work[name]:.3f} s" for name in commands)
          + f"; `find -r` on {cores} threads uses {work['all'] / work['1 thread']:.2f}× the CPU time of one thread.")


if __name__ == "__main__":
    main()
