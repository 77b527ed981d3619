#!/usr/bin/env python3
"""Benchmark `cpf find -r` over a mixed tree: plain UTF-8 logs, UTF-16 text
with a byte order mark, gzip'd logs and e-mails (a quoted-printable body, a
base64 attachment), side by side with `rg -z -c` on the same tree; then
`cpf redact -r --in-place` on a copy and an independent reader on the result.

Usage: Scripts/bench_mixed.py [--files N] [--file-mb M] [--runs K] [--work DIR] [--cpf PATH]

Makes N files of each kind (default 4) of about M MB of text each (default
4), cut from the seeded log text of Scripts/bench.py, under --work (default
$TMPDIR/cpf-bench-mixed, outside the repository). Each file's text is also
kept as plain UTF-8, beside the tree, so what each tool finds in a kind can
be set against what it finds in the same text in plain form:

- recall: `cpf find --count` on each file of a kind against `cpf find
  --count` on its plain text (every planted CPF found is 100%); for
  ripgrep, `rg -z -o CANDIDATE` matches in the kind against the same
  pattern's matches in the plain text (ripgrep reads gzip through `gzip -d`
  and UTF-16 by its byte order mark; it does not decode MIME);
- speed: wall and CPU seconds of `find -r` on one thread and on every core
  and of `rg -z -c` over the whole tree, median of K alternating runs, and
  the decoded megabytes per CPU second (the plain text's size over the
  one-thread run's CPU time);
- peak memory of each, from /usr/bin/time;
- after `redact -r --in-place` on a copy: `gzip -t` on every gzip file,
  UTF-16 decoding of every UTF-16 file, Python's `email` package on every
  message, and a count of valid CPFs (11 digits, optional separators, check
  digits right) in the decoded text of every file, which must be 0.

Builds `cpf` (release) unless --cpf names a binary. Needs ripgrep (`rg`)
and gzip.
"""

import argparse
import email
import email.policy
import gzip
import importlib.util
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

spec = importlib.util.spec_from_file_location("bench", REPO / "Scripts" / "bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

KINDS = ("text", "utf-16", "gzip", "mail-qp", "mail-base64")

# An independent reading of "a valid CPF in clear": 11 digits, the usual
# separators, not inside a longer number, check digits right.
CPF_TEXT = re.compile(r"(?<![0-9])([0-9]{3})[.]?([0-9]{3})[.]?([0-9]{3})[-]?([0-9]{2})(?![0-9])")


def valid_digits(digits):
    if len(set(digits)) == 1:
        return False
    numbers = [int(d) for d in digits]
    for count in (9, 10):
        remainder = sum(d * w for d, w in zip(numbers, range(count + 1, 1, -1))) % 11
        if numbers[count] != (0 if remainder < 2 else 11 - remainder):
            return False
    return True


def valid_cpfs_in(text):
    return sum(1 for m in CPF_TEXT.finditer(text) if valid_digits("".join(m.groups())))


def write_kind(kind, path, text):
    """Writes `text` as a file of `kind`; returns the path written."""
    if kind == "text":
        path = path.with_suffix(".log")
        path.write_text(text, encoding="utf-8")
    elif kind == "utf-16":
        path = path.with_suffix(".txt")
        path.write_bytes(text.encode("utf-16"))  # a byte order mark, then little-endian
    elif kind == "gzip":
        path = path.with_suffix(".log.gz")
        path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=6))
    else:
        message = EmailMessage()
        message["From"] = "rh@example.com.br"
        message["To"] = "auditoria@example.com.br"
        message["Subject"] = "Exportação do cadastro"
        if kind == "mail-qp":
            message.set_content(text, charset="utf-8", cte="quoted-printable")
        else:
            message.set_content("Segue o arquivo em anexo.\n", charset="utf-8")
            message.add_attachment(text.encode("utf-8"), maintype="text", subtype="plain",
                                   filename="cadastro.txt")
        path = path.with_suffix(".eml")
        path.write_bytes(message.as_bytes(policy=email.policy.SMTP))
    return path


def make_tree(root, plain, files, file_mb):
    marker = root.parent / f".made-{files}x{file_mb}"
    if marker.exists():
        return
    for folder in (root, plain):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    whole = root.parent / f"mixed-text-{files * len(KINDS) * file_mb}MB.txt"
    if not whole.exists():
        print(f"making {whole} ...", file=sys.stderr)
        bench.make_text(whole, files * len(KINDS) * file_mb)
    data = whole.read_text(encoding="utf-8")
    size = len(data) // (files * len(KINDS))
    start = 0
    for index in range(files * len(KINDS)):
        kind = KINDS[index % len(KINDS)]
        end = data.rfind("\n", start, start + size) + 1
        text = data[start:end]
        start = end
        folder = root / kind
        folder.mkdir(exist_ok=True)
        written = write_kind(kind, folder / f"part-{index:03}", text)
        (plain / f"{written.relative_to(root).as_posix().replace('/', '__')}.txt").write_text(text, encoding="utf-8")
    marker.touch()


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, **kwargs)


def cpf_count(cpf, paths):
    """`cpf find --count` summed over `paths` (each FILE:N line)."""
    output = run([str(cpf), "find", "--count", *map(str, paths)]).stdout.decode()
    return sum(int(line.rsplit(":", 1)[1]) for line in output.splitlines() if line)


def rg_count(paths, decompress):
    flags = ["-z"] if decompress else []
    output = run(["rg", *flags, "-o", "--no-filename", bench.CANDIDATE, *map(str, paths)]).stdout
    return output.count(b"\n")


def timed_cpu(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = bench.timed(command)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def decoded_texts(path):
    """The text of a file as an independent reader decodes it, or raises."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        subprocess.run(["gzip", "-t", str(path)], check=True)
        return [gzip.decompress(data).decode("utf-8")]
    if path.suffix == ".txt":
        return [data.decode("utf-16")]
    if path.suffix == ".eml":
        message = email.message_from_bytes(data, policy=email.policy.default)
        texts = [str(message["Subject"])]
        for part in message.walk():
            if part.is_multipart():
                continue
            texts.append(part.get_payload(decode=True).decode("utf-8"))
        return texts
    return [data.decode("utf-8")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--file-mb", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "cpf-bench-mixed")
    parser.add_argument("--cpf", type=Path, help="the cpf binary (default: build a release one)")
    args = parser.parse_args()
    for tool in ("rg", "gzip"):
        if not shutil.which(tool):
            sys.exit(f"bench_mixed.py: {tool} is missing (apt-get install ripgrep gzip)")
    cpf = args.cpf
    if cpf is None:
        print("building cpf (release) ...", file=sys.stderr)
        subprocess.run("swift build -c release", shell=True, cwd=REPO, check=True)
        cpf = REPO / ".build" / "release" / "cpf"
    cores = os.cpu_count() or 1
    tree, plain = args.work / "tree", args.work / "plain"
    make_tree(tree, plain, args.files, args.file_mb)
    plain_mb = sum(p.stat().st_size for p in plain.iterdir()) / 1e6
    tree_mb = sum(p.stat().st_size for p in tree.rglob("*") if p.is_file()) / 1e6

    print(f"\n`Scripts/bench_mixed.py` on {time.strftime('%Y-%m-%d')}, {cores} cores, load average "
          f"{os.getloadavg()[0]:.1f}; {args.files} files of each kind, {tree_mb:.0f} MB on disk, "
          f"{plain_mb:.0f} MB of text decoded.\n")
    print("| kind | files | `cpf find` found / in plain text | recall | `rg -z -o` matches / in plain text | recall |")
    print("|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0]
    for kind in KINDS:
        files = sorted((tree / kind).iterdir())
        plains = [plain / f"{f.relative_to(tree).as_posix().replace('/', '__')}.txt" for f in files]
        found, expected = cpf_count(cpf, files), cpf_count(cpf, plains)
        rg_found, rg_expected = rg_count(files, True), rg_count(plains, False)
        for index, value in enumerate((found, expected, rg_found, rg_expected)):
            totals[index] += value
        print(f"| {kind} | {len(files)} | {found:,} / {expected:,} | {100 * found / expected:.1f}% | "
              f"{rg_found:,} / {rg_expected:,} | {100 * rg_found / rg_expected:.1f}% |")
    print(f"| all | {args.files * len(KINDS)} | {totals[0]:,} / {totals[1]:,} | {100 * totals[0] / totals[1]:.1f}% | "
          f"{totals[2]:,} / {totals[3]:,} | {100 * totals[2] / totals[3]:.1f}% |")

    commands = {
        "`cpf find -r --count --threads 1`": f"'{cpf}' find -r --count --threads 1 '{tree}' > /dev/null",
        f"`cpf find -r --count --threads {cores}`": f"'{cpf}' find -r --count --threads {cores} '{tree}' > /dev/null",
        "`rg -z -c`": f"rg -z -c '{bench.CANDIDATE}' '{tree}' > /dev/null",
    }
    walls = {name: [] for name in commands}
    cpus = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            wall, cpu = timed_cpu(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"\nMedian of {args.runs} alternating runs; decoded MB per CPU second = {plain_mb:.0f} MB of text over "
          "the CPU time (user + system, children included: `rg -z` runs `gzip -d`).\n")
    print("| command | wall | CPU | decoded MB per CPU second | peak memory |")
    print("|---|---|---|---|---|")
    for name, command in commands.items():
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        peak = bench.peak_memory_kib(command.replace(" > /dev/null", "")) / 1024
        print(f"| {name} | {wall:.3f} s | {cpu:.3f} s | {plain_mb / cpu:.0f} | {peak:.1f} MiB |")

    print(f"\nBy kind, one thread (CPU seconds, median of {args.runs} runs each; decoded MB per CPU second):\n")
    print("| kind | text MB | `cpf find -r --count --threads 1` | `rg -z -j1 -c` |")
    print("|---|---|---|---|")
    for kind in KINDS:
        folder = tree / kind
        mb = sum((plain / f"{kind}__{f.name}.txt").stat().st_size for f in folder.iterdir()) / 1e6
        by_kind = {
            "cpf": f"'{cpf}' find -r --count --threads 1 '{folder}' > /dev/null",
            "rg": f"rg -z -j1 -c '{bench.CANDIDATE}' '{folder}' > /dev/null",
        }
        cpu = {name: statistics.median(timed_cpu(command)[1] for _ in range(args.runs))
               for name, command in by_kind.items()}
        print(f"| {kind} | {mb:.0f} | {cpu['cpf']:.3f} s ({mb / cpu['cpf']:.0f} MB/s) | "
              f"{cpu['rg']:.3f} s ({mb / cpu['rg']:.0f} MB/s) |")

    copy = args.work / "redacted"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(tree, copy)
    result = run([str(cpf), "redact", "-r", "--in-place", str(copy)])
    left, unreadable = 0, []
    for path in sorted(p for p in copy.rglob("*") if p.is_file()):
        try:
            left += sum(valid_cpfs_in(text) for text in decoded_texts(path))
        except Exception as error:  # noqa: BLE001 - any failure to read back is the finding
            unreadable.append(f"{path.relative_to(copy)}: {error}")
    print(f"\n`cpf redact -r --in-place` on a copy: exit status {result.returncode}; "
          f"{len(unreadable)} files its own tool could not read back; "
          f"{left} valid CPFs left in clear in the decoded text.")
    for line in unreadable[:10]:
        print(f"- {line}")
    if result.stderr:
        print("\nWhat it said on standard error (first lines):\n")
        for line in result.stderr.decode(errors="replace").splitlines()[:10]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
