#!/usr/bin/env python3
"""Benchmark `cpf` side by side with the C reference, `wc -l` and python-stdnum.

Usage: Scripts/bench.py [--lines N] [--runs K] [--work DIR]

Builds `cpf` (release, a fully static executable) and ../shared/bench/ref.c
(gcc -O2), makes its own input with `cpf generate` (N lines, 10% invalid, half
masked), times each command in alternating runs, and prints one Markdown table
of medians and ratios. Everything it makes goes under --work (default
$TMPDIR/cpf-bench), outside the repository; python-stdnum is installed there in
a virtual environment.
"""

import argparse
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
REFERENCE = Path(os.environ.get("CPF_REFERENCE_C", REPO.parent / "shared" / "bench" / "ref.c"))


def sh(command, **kwargs):
    return subprocess.run(command, shell=True, check=True, **kwargs)


def timed(command):
    """Wall-clock seconds of one run of a command: a shell command line (a
    string, for redirections) or an argument list (started directly, for
    start-up times). Output is discarded unless redirected."""
    start = time.perf_counter()
    subprocess.run(command, shell=isinstance(command, str), check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def alternate(commands, runs):
    """Runs the commands in turn, `runs` rounds, and returns each one's median time."""
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    return {name: statistics.median(values) for name, values in times.items()}


def peak_memory_kib(command):
    """Maximum resident set size of a command, from /usr/bin/time -v."""
    result = subprocess.run(f"/usr/bin/time -v sh -c '{command}'", shell=True, check=False,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in result.stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split(":")[1])
    raise RuntimeError(f"no memory figure for {command}: {result.stderr[-500:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "cpf-bench"))
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)

    print("building cpf (release, fully static) and the C reference ...", file=sys.stderr)
    sh("swift build -c release --scratch-path .build-bench -Xswiftc -static-executable", cwd=REPO,
       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cpf = REPO / ".build-bench" / "release" / "cpf"
    ref = work / "ref"
    sh(f"gcc -O2 -o '{ref}' '{REFERENCE}'")

    big = work / f"lines-{args.lines}.txt"
    if not big.exists():
        print(f"making {big} with cpf generate ...", file=sys.stderr)
        half = args.lines // 2
        # Half bare, half masked, interleaved; every tenth line gets its last
        # digit changed, which the check digits always catch.
        sh(f"'{cpf}' generate -n {half} --seed 1 > '{work}/bare.txt'")
        sh(f"'{cpf}' generate -n {args.lines - half} --seed 2 --formatted > '{work}/masked.txt'")
        sh(f"paste -d '\\n' '{work}/bare.txt' '{work}/masked.txt' | "
           f"awk 'NR % 10 == 0 {{ n = length($0); $0 = substr($0, 1, n - 1) ((substr($0, n) + 1) % 10) }} 1' "
           f"> '{big}.tmp' && mv '{big}.tmp' '{big}'")
    size_mb = big.stat().st_size / 1e6
    lines = args.lines

    counts = subprocess.run(f"'{ref}' < '{big}'", shell=True, check=True, capture_output=True, text=True).stdout.split()
    ours = subprocess.run(f"'{cpf}' check --valid < '{big}' | wc -l", shell=True, capture_output=True, text=True).stdout.strip()
    assert counts[0] == ours, f"cpf and the C reference disagree: {counts[0]} vs {ours} valid"
    same = subprocess.run(f"cmp <('{cpf}' check --valid < '{big}') <('{ref}' -v < '{big}')",
                          shell=True, executable="/bin/bash").returncode == 0
    assert same, "cpf check --valid and ref -v print different lines"

    print(f"timing batch work, {args.runs} alternating runs ...", file=sys.stderr)
    batch = alternate({
        "ref": f"'{ref}' < '{big}'",
        "check -q": f"'{cpf}' check -q < '{big}'",
        "ref -v": f"'{ref}' -v < '{big}' > /dev/null",
        "check --valid": f"'{cpf}' check --valid < '{big}' > /dev/null",
        "wc -l": f"wc -l < '{big}'",
        "format": f"'{cpf}' format < '{big}' > /dev/null",
        "strip": f"'{cpf}' strip < '{big}' > /dev/null",
        "generate": f"'{cpf}' generate -n 10000000 > /dev/null",
    }, args.runs)

    print("timing python-stdnum ...", file=sys.stderr)
    venv = work / "venv"
    if not (venv / "bin" / "python").exists():
        sh(f"'{sys.executable}' -m venv '{venv}' && '{venv}/bin/pip' install -q python-stdnum")
    slice_path = work / "slice.txt"
    sh(f"head -n 200000 '{big}' > '{slice_path}'")
    stdnum_script = (
        "import sys, time\nfrom stdnum.br import cpf\n"
        f"lines = open('{slice_path}').read().split('\\n')[:-1]\n"
        "start = time.perf_counter()\nvalid = sum(1 for line in lines if cpf.is_valid(line))\n"
        "print(time.perf_counter() - start, len(lines), valid)\n")
    stdnum_runs = [subprocess.run([str(venv / "bin" / "python"), "-c", stdnum_script], check=True,
                                  capture_output=True, text=True).stdout.split() for _ in range(3)]
    stdnum_seconds = statistics.median(float(run[0]) for run in stdnum_runs)
    stdnum_per_cpf = stdnum_seconds / int(stdnum_runs[0][1])
    cpf_per_cpf = batch["check -q"] / lines

    print("timing one-shot start-up ...", file=sys.stderr)
    startup = alternate({
        "cpf check CPF": [str(cpf), "check", "39053344705"],
        "/bin/true": ["/bin/true"],
    }, 300)
    python_once = alternate({
        "stdnum one-shot": [str(venv / "bin" / "python"), "-c", "from stdnum.br import cpf; cpf.is_valid('39053344705')"],
    }, 15)["stdnum one-shot"]
    def net(seconds):
        return seconds

    print("measuring peak memory ...", file=sys.stderr)
    one_line = work / "one-line-1GiB.txt"
    if not one_line.exists():
        chunk = b"1234567890" * 104857 + b"123456"
        with open(one_line, "wb") as out:
            for _ in range(1024):
                out.write(chunk)
    memory = {
        "check -q, 10M lines": peak_memory_kib(f"{cpf} check -q < {big}"),
        "check --valid, 10M lines": peak_memory_kib(f"{cpf} check --valid < {big} > /dev/null"),
        "format, 10M lines": peak_memory_kib(f"{cpf} format < {big} > /dev/null"),
        "check -q, one 1 GiB line": peak_memory_kib(f"{cpf} check -q < {one_line}"),
        "check --invalid, one 1 GiB line": peak_memory_kib(f"{cpf} check --invalid < {one_line} > /dev/null"),
        "format, one 1 GiB line": peak_memory_kib(f"{cpf} format < {one_line} > /dev/null 2>&1"),
        "generate -n 10000000": peak_memory_kib(f"{cpf} generate -n 10000000 > /dev/null"),
    }

    def row(what, figure, ratio, target, ok):
        print(f"| {what} | {figure} | {ratio} | {target} | {'yes' if ok else '**no**'} |")

    cpus = os.cpu_count()
    print(f"\n`Scripts/bench.py` on {time.strftime('%Y-%m-%d')}, {platform.machine()} Linux, {cpus} cores; "
          f"{lines:,} lines ({size_mb:.0f} MB), medians of {args.runs} alternating runs.\n")
    print("| measure | cpf | ratio | target | met |")
    print("|---|---|---|---|---|")
    q = batch["check -q"] / batch["ref"]
    row("`check -q` vs C reference", f"{batch['check -q']:.3f} s vs {batch['ref']:.3f} s", f"{q:.2f}×", "≤ 1.00×", q <= 1.0)
    v = batch["check --valid"] / batch["ref -v"]
    row("`check --valid` vs C `ref -v`", f"{batch['check --valid']:.3f} s vs {batch['ref -v']:.3f} s", f"{v:.2f}×", "≤ 1.25×", v <= 1.25)
    w = batch["check -q"] / max(batch["wc -l"], 1e-6)
    row("`check -q` vs `wc -l`", f"{batch['check -q']:.3f} s vs {batch['wc -l']:.3f} s", f"{w:.1f}×", "≤ 3× (stretch)", w <= 3)
    s = stdnum_per_cpf / cpf_per_cpf
    row("per CPF vs python-stdnum `is_valid`", f"{cpf_per_cpf * 1e9:.1f} ns vs {stdnum_per_cpf * 1e9:.0f} ns", f"{s:.0f}× faster", "≥ 200× faster", s >= 200)
    for name in ("format", "strip"):
        row(f"`{name}` throughput", f"{batch[name]:.3f} s", f"{lines / batch[name] / 1e6:.0f} M lines/s, {size_mb / batch[name]:.0f} MB/s", "", True)
    row("`generate -n 10000000 > /dev/null`", f"{batch['generate']:.3f} s", "", "< 1 s", batch["generate"] < 1)
    t = net(startup["cpf check CPF"]) / net(startup["/bin/true"])
    row("one-shot `cpf check 39053344705` vs `/bin/true`",
        f"{net(startup['cpf check CPF']) * 1e3:.2f} ms vs {net(startup['/bin/true']) * 1e3:.2f} ms", f"{t:.1f}×", "≤ 3×", t <= 3)
    p = net(python_once) / net(startup["cpf check CPF"])
    row("one-shot vs python-stdnum one-shot", f"{net(startup['cpf check CPF']) * 1e3:.2f} ms vs {net(python_once) * 1e3:.1f} ms", f"{p:.0f}× faster", "", True)
    for name, kib in memory.items():
        row(f"peak memory, {name}", f"{kib / 1024:.1f} MiB", "", "≤ 16 MiB", kib <= 16 * 1024)


if __name__ == "__main__":
    main()
