#!/usr/bin/env python3
"""Run two cpf binaries on the same inputs and compare every output byte.

    Scripts/compare-outputs.py --before OLD --after NEW [--documents DIR] [--quick]

A refactoring that should change nothing a user sees is checked with this:
build the tree before the change (`git worktree add`, `swift build`), then
run both binaries here. For each input and each command line below, the
standard output, the standard error and the exit status of the two runs must
be identical; `redact --in-place` over a tree must leave the two copies
byte for byte the same. Three sets of inputs:

- the detection corpus (Scripts/detection.py generate, seed 1): CSV and SQL
  dumps, JSON, logs, e-mails, gazettes, PDF text, with CPFs and CNPJs;
- a documents corpus, if --documents names one (the folder of files
  Tests/Corpus/make_corpus.py writes: Office, PDF, zip, tar, gzip, e-mail);
- every `$ cpf ...` line of the reference's console examples
  (docs/reference.md), run in an empty folder.

Prints what differs (the command, the input, the first differing line) and
exits 1 if anything does, 0 if nothing does.
"""

import argparse
import filecmp
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The command lines run on each text file of the detection corpus, the file
# on standard input. Chosen to cover every engine: the streaming and the
# line-per-line find, the chunked find on several threads, the streaming
# redact, the CSV field rewrites, check, and each of them with CNPJs.
TEXT_COMMANDS = [
    ["find"],
    ["find", "--json"],
    ["find", "--include-invalid", "--confidence", "low"],
    ["find", "--hide", "lgpd"],
    ["find", "--count"],
    ["find", "--per-line"],
    ["find", "--document", "any"],
    ["find", "--document", "any", "--json"],
    ["find", "--document", "cnpj", "--include-invalid"],
    ["find", "--document", "any", "--per-line"],
    ["redact"],
    ["redact", "--style", "lgpd"],
    ["redact", "--confidence", "low"],
    ["redact", "--document", "any"],
    ["redact", "--document", "cnpj", "--style", "lgpd"],
    ["check", "--quiet"],
    ["check", "--document", "any", "--quiet"],
]

# With the file as an argument: the parallel paths read a regular file.
FILE_COMMANDS = [
    ["find", "--threads", "3"],
    ["find", "--threads", "3", "--json", "--document", "any"],
    ["redact", "--threads", "3"],
    ["find", "--stats", "--no-progress"],
]

CSV_COMMANDS = [
    ["redact", "--field", "2"],
    ["check", "--field", "2", "--quiet"],
    ["format", "--field", "2"],
    ["strip", "--field", "2"],
]

TREE_COMMANDS = [
    ["find", "-r", "--document", "any", "--json", "--threads", "2"],
    ["find", "-r", "--count"],
    ["find", "-r", "--document", "cnpj"],
]

REDACT_TREE = ["redact", "-r", "--in-place", "--document", "any", "--threads", "2"]


def run(binary, arguments, cwd, stdin_path=None):
    if cwd is None:
        # A folder of its own for each run: an example may write a file.
        with tempfile.TemporaryDirectory(prefix="cpf-compare-run-") as folder:
            return run(binary, arguments, folder, stdin_path)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        result = subprocess.run(
            [binary] + arguments, cwd=cwd, stdin=stdin, capture_output=True, timeout=600,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "NO_COLOR": "1"})
    finally:
        if stdin_path:
            stdin.close()
    return result.returncode, result.stdout, result.stderr


def first_difference(a, b):
    for number, (x, y) in enumerate(zip(a.split(b"\n"), b.split(b"\n")), 1):
        if x != y:
            return f"line {number}: {x[:160]!r} / {y[:160]!r}"
    return f"lengths {len(a)} / {len(b)}"


# Times and rates change from run to run: the only part of a --stats report not compared.
TIMING = re.compile(rb"[0-9.]+ ?(ms|s|MB/s|MiB/s|GB/s)\b")


class Comparison:
    def __init__(self, before, after):
        self.before, self.after = before, after
        self.count = 0
        self.differences = []

    def compare(self, label, arguments, cwd, stdin_path=None):
        self.count += 1
        old = run(self.before, arguments, cwd, stdin_path)
        new = run(self.after, arguments, cwd, stdin_path)
        if "--stats" in arguments:
            old = (old[0], old[1], TIMING.sub(b"T", old[2]))
            new = (new[0], new[1], TIMING.sub(b"T", new[2]))
        for name, x, y in zip(("exit status", "stdout", "stderr"), old, new):
            if x != y:
                detail = f"{x} / {y}" if name == "exit status" else first_difference(x, y)
                self.differences.append(f"{label}: cpf {shlex.join(arguments)}: {name} differs: {detail}")
                break


def compare_trees(left, right):
    """Paths whose bytes differ between the two trees."""
    different = []
    comparison = filecmp.dircmp(left, right)
    stack = [(comparison, "")]
    while stack:
        node, prefix = stack.pop()
        different += [prefix + name for name in node.left_only + node.right_only + node.funny_files]
        _, mismatch, errors = filecmp.cmpfiles(node.left, node.right, node.common_files, shallow=False)
        different += [prefix + name for name in mismatch + errors]
        stack += [(child, prefix + name + "/") for name, child in node.subdirs.items()]
    return different


def reference_lines():
    lines = []
    for line in (ROOT / "docs" / "reference.md").read_text().splitlines():
        if line.startswith("$ cpf "):
            command = line[2:]
            # Pipes, redirections and files of the examples' own are left out:
            # only what runs on its own in an empty folder.
            if not re.search(r"[|<>]", command):
                lines.append(command)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--documents", help="a documents corpus folder (Tests/Corpus/make_corpus.py's files)")
    parser.add_argument("--quick", action="store_true", help="the text commands on three files only")
    args = parser.parse_args()
    before, after = str(Path(args.before).resolve()), str(Path(args.after).resolve())
    comparison = Comparison(before, after)
    with tempfile.TemporaryDirectory(prefix="cpf-compare-") as scratch:
        scratch = Path(scratch)
        corpus = scratch / "detection"
        subprocess.run([sys.executable, str(ROOT / "Scripts" / "detection.py"), "generate", "--out", str(corpus),
                        "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
        texts = sorted(p for p in corpus.iterdir() if p.name != "truth.jsonl")
        if args.quick:
            texts = texts[:3]
        for text in texts:
            for arguments in TEXT_COMMANDS:
                comparison.compare(text.name, arguments, scratch, text)
            for arguments in FILE_COMMANDS:
                comparison.compare(text.name, arguments + [str(text)], scratch)
            if text.suffix == ".csv":
                for arguments in CSV_COMMANDS:
                    comparison.compare(text.name, arguments, scratch, text)
        for command in reference_lines():
            comparison.compare("reference", shlex.split(command)[1:], None)
        trees = [("detection", corpus)]
        if args.documents:
            trees.append(("documents", Path(args.documents)))
        for name, tree in trees:
            for arguments in TREE_COMMANDS:
                comparison.compare(name, arguments + [str(tree)], scratch)
            copies = []
            for side, binary in (("before", before), ("after", after)):
                copy = scratch / f"{name}-{side}"
                shutil.copytree(tree, copy, symlinks=True)
                result = run(binary, REDACT_TREE + ["."], copy)
                copies.append((copy, result))
            comparison.count += 1
            (left, old), (right, new) = copies
            if old != new:
                comparison.differences.append(
                    f"{name}: cpf {shlex.join(REDACT_TREE)}: output differs: "
                    + first_difference(old[1] + old[2], new[1] + new[2]))
            for path in compare_trees(left, right):
                comparison.differences.append(f"{name}: cpf {shlex.join(REDACT_TREE)}: {path} differs")
    for difference in comparison.differences:
        print(difference)
    print(f"{comparison.count} runs compared, {len(comparison.differences)} differ")
    sys.exit(1 if comparison.differences else 0)


if __name__ == "__main__":
    main()
