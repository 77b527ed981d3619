#!/usr/bin/env python3
"""The data engineer's journey of issue 25: pseudonymize a CPF column of a
customer export and check that nothing personal is left in clear.

Usage: Scripts/bench_columns.py [--rows N] [--work DIR] [--cpf PATH] [--runs K]

Makes an export like a real one (default 1,000,000 rows; CRLF; a quoted name
with a comma; a notes field that is sometimes quoted over two lines) whose
`cpf` column holds what such columns hold: masked and bare CPFs, CPFs that
lost their leading zeros, the same written by a spreadsheet (`1091905720.0`,
`1.09190572E+09`), mistyped CPFs, `N/A` and empty cells. Then runs

    cpf pseudonymize --key-file K --field cpf --header --pad -i export.csv

and reads the result back with Python's csv module: every row must still be
there with its other fields byte for byte, no CPF-like value may be left as
it was, and standard error may hold no CPF. Last, it times the same command
on the column's values alone (one per line), side by side, K runs each,
alternating, and prints the medians of wall and user time.

Needs: Python 3 and the Swift toolchain (unless --cpf is given).
"""

import argparse
import csv
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check_digits(base):
    digits = [int(c) for c in base]
    for count in (9, 10):
        remainder = sum(d * (count + 1 - i) for i, d in enumerate(digits[:count])) % 11
        digits.append(0 if remainder < 2 else 11 - remainder)
    return "".join(map(str, digits))


def make_export(path, rows, seed=25):
    """Writes the export; returns how many cells of each kind it holds."""
    rng = random.Random(seed)
    kinds = {}
    with open(path, "w", newline="") as out:
        out.write("id,name,cpf,notes\r\n")
        for row in range(rows):
            base = f"{rng.randrange(10**9):09d}"
            if rng.random() < 0.15:
                base = "0" + base[1:]
            cpf = check_digits(base)
            draw = rng.random()
            if draw < 0.50:
                kind, value = "masked", f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
            elif draw < 0.65:
                kind, value = "bare", cpf
            elif draw < 0.72:
                kind, value = "lost zeros", str(int(cpf))
            elif draw < 0.76:
                kind, value = "spreadsheet .0", str(int(cpf)) + ".0"
            elif draw < 0.79:
                number = str(int(cpf))
                kind, value = "spreadsheet E+", f"{number[0]}.{number[1:].rstrip('0') or '0'}E+{len(number) - 1:02d}"
            elif draw < 0.90:
                wrong = list(cpf)
                index = rng.randrange(11)
                wrong[index] = str((int(wrong[index]) + 1) % 10)
                wrong = "".join(wrong)
                kind, value = "mistyped", f"{wrong[:3]}.{wrong[3:6]}.{wrong[6:9]}-{wrong[9:]}"
            elif draw < 0.95:
                kind, value = "N/A", "N/A"
            else:
                kind, value = "empty", ""
            kinds[kind] = kinds.get(kind, 0) + 1
            notes = '"line one\r\nline two, with a comma"' if rng.random() < 0.1 else "ok"
            out.write(f'{row},"Silva, {row}",{value},{notes}\r\n')
    return kinds


def run_timed(command, stdout=subprocess.DEVNULL):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return result, wall, after.ru_utime - before.ru_utime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--work")
    parser.add_argument("--cpf")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="cpf-columns-")
    os.makedirs(work, exist_ok=True)
    cpf = args.cpf
    if not cpf:
        subprocess.run(["swift", "build", "-c", "release", "--product", "cpf"], cwd=ROOT, check=True)
        cpf = os.path.join(ROOT, ".build", "release", "cpf")

    export = os.path.join(work, "export.csv")
    kinds = make_export(export, args.rows)
    print(f"export: {args.rows:,} rows, {os.path.getsize(export) / 1e6:.1f} MB; cpf column: "
          + ", ".join(f"{kind} {count:,}" for kind, count in sorted(kinds.items())))
    key = os.path.join(work, "cpf.key")
    with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
        handle.write(os.urandom(32).hex() + "\n")

    command = [cpf, "pseudonymize", "--key-file", key, "--field", "cpf", "--header", "--pad"]
    output = os.path.join(work, "pseudonymized.csv")
    with open(output, "wb") as sink:
        result, wall, user = run_timed(command + ["-i", export], stdout=sink)
    stderr = result.stderr.decode("utf-8", "replace")
    print(f"exit status {result.returncode}; {len(stderr.splitlines())} lines on standard error; "
          f"last: {stderr.splitlines()[-1] if stderr else '(none)'}")

    failures = []
    with open(export, newline="") as a, open(output, newline="") as b:
        before, after = list(csv.reader(a)), list(csv.reader(b))
    if len(before) != len(after):
        failures.append(f"{len(before)} records in, {len(after)} out")
    left = sum(1 for x, y in zip(before[1:], after[1:]) if x[2] not in ("", "N/A") and x[2] == y[2])
    changed = sum(1 for x, y in zip(before, after) if x[:2] + x[3:] != y[:2] + y[3:])
    leaked = re.findall(r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{9,11}", stderr)
    print(f"CPF-like values left as they were: {left:,}; other fields changed: {changed:,}; "
          f"CPF-like runs on standard error: {len(leaked)}")
    if left or changed or leaked or result.returncode not in (0, 1):
        failures.append("the column was not rewritten fail-closed")

    values = os.path.join(work, "values.txt")
    with open(values, "w") as handle:
        handle.writelines(row[2] + "\n" for row in before[1:])
    bare = [cpf, "pseudonymize", "--key-file", key, "--pad", "-q", "-i", values]
    field = command + ["-q", "-i", export]
    times = {"bare": [], "field": []}
    for _ in range(args.runs):
        for name, line in (("bare", bare), ("field", field)):
            _, wall, user = run_timed(line)
            times[name].append((wall, user))
    for name in ("bare", "field"):
        wall = statistics.median(t[0] for t in times[name])
        user = statistics.median(t[1] for t in times[name])
        print(f"{name:>5}: median wall {wall:.3f} s, user {user:.3f} s")
    ratio = statistics.median(t[1] for t in times["field"]) / statistics.median(t[1] for t in times["bare"])
    print(f"--field over the bare values (user time): {ratio:.2f}x "
          f"(the CSV is {os.path.getsize(export) / os.path.getsize(values):.1f}x the bytes)")
    if failures:
        print("FAIL: " + "; ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
