#!/usr/bin/env python3
"""Benchmark the decoders of CPFDecoders against GNU gzip.

Usage: Scripts/bench_decoders.py [--megabytes M] [--runs K] [--work DIR]

Builds Scripts/bench/DecodersBench.swift with the CPFDecoders sources
(swiftc -O) into .build-bench/, makes M MB (default 100) of the log-like
text of Scripts/bench.py under --work (default $TMPDIR/cpf-bench-decoders,
outside the repository), compresses it with `gzip -6`, checks that each
side's output is right, then times in alternating runs (median of K,
default 3):

- inflate: `DecodersBench inflate-gzip` against `gzip -dc`, MB/s of output;
- deflate: `DecodersBench deflate-gzip` against `gzip -1`, MB/s of input,
  and the compressed sizes;
- UTF-16LE to UTF-8: `DecodersBench utf16le` against `iconv`, MB/s of
  UTF-8 output;

and prints one Markdown table. Rates are per second of CPU time (user and
system, of the command and its shell), which a shared machine moves less
than wall-clock time; the wall-clock rate follows in brackets, with the
load average.
"""

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench", REPO / "Scripts" / "bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def build():
    out = REPO / ".build-bench"
    out.mkdir(exist_ok=True)
    binary = out / "DecodersBench"
    sources = sorted(str(p) for p in (REPO / "Sources" / "CPFDecoders").rglob("*.swift"))
    command = ["swiftc", "-O", "-parse-as-library", "-swift-version", "6", "-module-name", "DecodersBench",
               *sources, str(REPO / "Scripts" / "bench" / "DecodersBench.swift"), "-o", str(binary)]
    subprocess.run(command, check=True)
    return binary


def cpu_and_wall(command):
    """CPU seconds (user + system of the children) and wall-clock seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def alternate(commands, runs):
    """Runs the commands in turn, `runs` rounds; each one's median CPU and wall-clock seconds."""
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(cpu_and_wall(command))
    return {name: (statistics.median(t[0] for t in values), statistics.median(t[1] for t in values))
            for name, values in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-bench-decoders"))
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    binary = build()
    text = work / f"text-{args.megabytes}.txt"
    if not text.exists():
        bench.make_text(text, args.megabytes)
    gz = work / f"text-{args.megabytes}.txt.gz"
    if not gz.exists():
        bench.sh(f"gzip -6 -c '{text}' > '{gz}'")
    ours_gz = work / "ours.gz"
    fast_gz = work / "gzip1.gz"
    bench.sh(f"'{binary}' inflate-gzip < '{gz}' | cmp - '{text}'")
    bench.sh(f"'{binary}' deflate-gzip < '{text}' > '{ours_gz}' && gzip -t '{ours_gz}' && gzip -dc '{ours_gz}' | cmp - '{text}'")
    bench.sh(f"gzip -1 -c '{text}' > '{fast_gz}'")
    u16 = work / f"text-{args.megabytes}.utf16le"
    if not u16.exists():
        bench.sh(f"iconv -f UTF-8 -t UTF-16LE '{text}' > '{u16}'")
    bench.sh(f"'{binary}' utf16le < '{u16}' | cmp - '{text}'")

    size = text.stat().st_size / 1e6
    times = alternate({
        "inflate (ours)": f"'{binary}' inflate-gzip < '{gz}' > /dev/null",
        "gzip -dc": f"gzip -dc '{gz}' > /dev/null",
        "deflate (ours)": f"'{binary}' deflate-gzip < '{text}' > /dev/null",
        "gzip -1": f"gzip -1 -c '{text}' > /dev/null",
        "UTF-16LE to UTF-8 (ours)": f"'{binary}' utf16le < '{u16}' > /dev/null",
        "iconv -f UTF-16LE": f"iconv -f UTF-16LE -t UTF-8 '{u16}' > /dev/null",
    }, args.runs)
    memory = bench.peak_memory_kib(f"{binary} inflate-gzip < {gz} > /dev/null")
    print(f"load average: {os.getloadavg()}; {size:.0f} MB of text, {gz.stat().st_size / 1e6:.1f} MB gzip -6")
    print("| what | CPU seconds | MB/s (wall-clock) | compressed | ratio |")
    print("|---|---:|---:|---:|---:|")
    for name in ["inflate (ours)", "gzip -dc", "deflate (ours)", "gzip -1", "UTF-16LE to UTF-8 (ours)", "iconv -f UTF-16LE"]:
        seconds, wall = times[name]
        compressed = {"deflate (ours)": ours_gz, "gzip -1": fast_gz}.get(name)
        extra = f"{compressed.stat().st_size / 1e6:.1f} MB | {text.stat().st_size / compressed.stat().st_size:.2f}" if compressed else " | "
        print(f"| {name} | {seconds:.2f} | {size / seconds:.0f} ({size / wall:.0f}) | {extra} |")
    print(f"peak memory of inflate (ours): {memory} KiB")


if __name__ == "__main__":
    sys.exit(main())
