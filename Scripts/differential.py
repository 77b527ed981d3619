#!/usr/bin/env python3
"""Differential test: `cpf check --json` against python-stdnum's stdnum.br.cpf.

    Scripts/differential.py [--count N] [--seed S] [--cpf PATH] [--allow-repeated]

Generates N random inputs (default 1,000,000) with a seeded RNG, plus a fixed
set of probes, feeds them all at once to `cpf check --json` (one per line, on
standard input), and compares each verdict with stdnum.br.cpf.is_valid(input).

python-stdnum lives in a virtual environment outside the repository,
${TMPDIR:-/tmp}/cpf-differential/venv (or $CPF_DIFFERENTIAL_VENV), made and
filled with pip on first use; the script then re-runs itself with that
environment's Python. Without --cpf it builds the command first:
`swift build -c release --scratch-path .build-fuzz/release-build`.

The two libraries differ on purpose in a few documented ways. Every
disagreement is explained by the smallest set of these differences that,
switched to cpf's behaviour in a re-implementation of stdnum's validate()
(checked against the real stdnum on every input), makes the verdicts agree:

  (1) repeated    Repeated-digit policy. cpf rejects all ten numbers made of
                  one repeated digit (docs/reference.md#the-cpf), or accepts all ten with
                  --allow-repeated. stdnum rejects only 000.000.000-00 (its
                  `int(number) <= 0` test) and accepts 111.111.111-11 ...
                  999.999.999-99, whose check digits are right.
  (2) unicode     Unicode normalisation. cpf reads only ASCII 0-9 as digits and
                  only ASCII '.', '-', ' ' as separators (docs/reference.md#input-rules-and-reasons);
                  stdnum first maps a fixed table of characters to ASCII: the
                  fullwidth digits U+FF10-FF19 and the five mathematical digit
                  styles U+1D7CE-1D7FF become digits; ~25 dashes and minus
                  signs (U+2010-2015, U+2212, U+FF0D, U+00AF ...) become '-';
                  ~30 dots (U+00B7, U+2022, U+FF0E ...) become '.'; NO-BREAK
                  SPACE, U+2000-200A, U+202F, U+205F and U+3000 become ' '
                  (OGHAM SPACE MARK U+1680 becomes '-'); it then deletes '-',
                  '.' and ' ' anywhere. Soft hyphen, zero-width space, BOM,
                  U+2026, U+2E3A and U+301C are not mapped, nor are other
                  digits (Arabic-Indic, Devanagari, superscripts, subscripts,
                  circled ...): stdnum rejects those too.
  (3) whitespace  Which white space surrounds a number. cpf trims only ASCII
                  space, tab and CR (docs/reference.md#input-rules-and-reasons); stdnum trims everything
                  str.strip() does: also VT, FF, U+001C-001F, U+0085, U+2028,
                  U+2029 (and, via (2), the Unicode spaces it maps to ' ').
  (4) trim-order  When white space is trimmed. cpf trims the raw text, then
                  allows separators among the digits; stdnum deletes the
                  separators first, then trims: a tab with only separators
                  between it and the end ("-\\t39053344705", "39053344705\\t.")
                  surrounds the number for stdnum, but is inside it for cpf.

A disagreement that no combination explains is UNEXPLAINED: up to 20 are shown
and the script exits 1. It also exits 1 if the re-implementation of stdnum
differs from the real one, or if cpf's output does not match its input line
for line; 2 on a setup error (venv, build, cpf crash).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import subprocess
import sys
import time

STDNUM_REQUIREMENT = os.environ.get("CPF_DIFFERENTIAL_STDNUM", "python-stdnum==2.2")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail_setup(message: str) -> None:
    print(f"differential.py: {message}", file=sys.stderr)
    sys.exit(2)


# --------------------------------------------------------------------------
# Setup: the virtual environment and the cpf binary


def venv_dir() -> str:
    default = os.path.join(os.environ.get("TMPDIR") or "/tmp", "cpf-differential", "venv")
    return os.path.abspath(os.environ.get("CPF_DIFFERENTIAL_VENV") or default)


def ensure_venv() -> None:
    """Re-runs this script with the venv's Python, making the venv if needed."""
    venv = venv_dir()
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        return
    if os.environ.get("CPF_DIFFERENTIAL_IN_VENV"):
        fail_setup(f"re-ran in {venv} but its Python is not running (sys.prefix is {sys.prefix})")
    if venv.startswith(REPO + os.sep):
        fail_setup(f"the virtual environment must be outside the repository, not {venv}")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        print(f"== making a virtual environment in {venv}", flush=True)
        result = subprocess.run([sys.executable, "-m", "venv", venv])
        if result.returncode != 0:
            fail_setup(f"could not make a virtual environment in {venv} ({sys.executable} -m venv)")
    probe = f"import stdnum, sys; sys.exit(0 if stdnum.__version__ == {STDNUM_REQUIREMENT.split('==')[-1]!r} else 1)"
    if "==" not in STDNUM_REQUIREMENT:
        probe = "import stdnum"
    if subprocess.run([python, "-c", probe], stderr=subprocess.DEVNULL).returncode != 0:
        print(f"== pip install {STDNUM_REQUIREMENT} into {venv}", flush=True)
        result = subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                 STDNUM_REQUIREMENT])
        if result.returncode != 0:
            fail_setup(f"pip could not install {STDNUM_REQUIREMENT} into {venv}")
    env = dict(os.environ, CPF_DIFFERENTIAL_IN_VENV="1")
    os.execve(python, [python, os.path.abspath(__file__), *sys.argv[1:]], env)


def build_cpf() -> str:
    scratch = os.path.join(".build-fuzz", "release-build")
    command = ["swift", "build", "-c", "release", "--scratch-path", scratch]
    print(f"== building cpf: {' '.join(command)}", flush=True)
    started = time.monotonic()
    result = subprocess.run(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        print(result.stdout[-4000:], file=sys.stderr)
        fail_setup("swift build failed (output above)")
    print(f"   built in {time.monotonic() - started:.1f} s", flush=True)
    return os.path.join(REPO, scratch, "release", "cpf")


# --------------------------------------------------------------------------
# Input generation


def check_digits(base: list[int]) -> list[int]:
    """The two check digits of nine digits (docs/reference.md#the-cpf, written out)."""
    digits = list(base)
    for weight_top in (10, 11):
        total = sum(d * w for d, w in zip(digits, range(weight_top, 1, -1)))
        remainder = total % 11
        digits.append(0 if remainder < 2 else 11 - remainder)
    return digits[9:]


DIGIT_FAMILIES = {
    # name: code point of zero (families of ten consecutive digits) or a list
    "fullwidth": 0xFF10,
    "arabic-indic": 0x0660,
    "extended-arabic-indic": 0x06F0,
    "devanagari": 0x0966,
    "bengali": 0x09E6,
    "math-bold": 0x1D7CE,
    "math-double-struck": 0x1D7D8,
    "math-sans-serif": 0x1D7E2,
    "math-sans-serif-bold": 0x1D7EC,
    "math-monospace": 0x1D7F6,
    "subscript": 0x2080,
    "superscript": [0x2070, 0xB9, 0xB2, 0xB3, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, 0x2079],
    "circled": [0x24EA, 0x2460, 0x2461, 0x2462, 0x2463, 0x2464, 0x2465, 0x2466, 0x2467, 0x2468],
}


def family_digit(family: str, digit: int) -> str:
    zero = DIGIT_FAMILIES[family]
    return chr(zero[digit]) if isinstance(zero, list) else chr(zero + digit)


# Characters that look like separators: some stdnum maps to ASCII, some not.
UNICODE_DASHES = ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\uFE63", "\uFF0D",
                  "\u00AD", "\u2E3A", "\u301C", "\u058A", "\u00AF", "\u02D7", "\u2043", "\u207B", "\u208B"]
UNICODE_DOTS = ["\u00B7", "\u2022", "\u2024", "\u2027", "\uFF0E", "\u3002", "\u2219", "\u22C5", "\u0387",
                "\u2E31", "\u2026", "\uFE52", "\u02D9"]
UNICODE_SPACES = ["\u00A0", "\u202F", "\u2007", "\u2009", "\u200A", "\u2002", "\u2003", "\u3000", "\u205F",
                  "\u1680", "\u180E", "\u200B", "\uFEFF", "\u2060"]
# White space that str.strip() removes and that is not a line break for cpf
# (only LF is; CR is excluded from the inputs: it would be read as CRLF).
OTHER_WHITESPACE = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u2028", "\u2029",
                    "\u00A0", "\u2000", "\u2003", "\u3000", "\u1680", "\u200B", "\uFEFF"]
JUNK_ALPHABET = ("0123456789" * 4 + " .-" * 3 + "\t" + "abcxyzABCXYZ/,;:_+=*#()[]{}'\"\\`~!?@$%^&|<>"
                 + "\x00\x01\x07\x1b\x7f")


class Generator:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def valid_digits(self) -> list[int]:
        base = [int(c) for c in f"{self.rng.randrange(1_000_000_000):09d}"]
        return base + check_digits(base)

    @staticmethod
    def bare(digits: list[int]) -> str:
        return "".join(map(str, digits))

    @staticmethod
    def mask(digits: list[int]) -> str:
        s = "".join(map(str, digits))
        return f"{s[0:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}" if len(s) == 11 else s

    def sprinkled(self, digits: list[int]) -> str:
        """The digits with random runs of '.', '-' and ' ' among and around them."""
        rng = self.rng
        out = []
        for index, digit in enumerate(digits):
            if rng.random() < (0.15 if index == 0 else 0.35):
                out.append("".join(rng.choice(".- ") for _ in range(rng.randint(1, 3))))
            out.append(str(digit))
        if rng.random() < 0.15:
            out.append("".join(rng.choice(".- ") for _ in range(rng.randint(1, 3))))
        return "".join(out)

    def formatted(self, digits: list[int]) -> str:
        roll = self.rng.random()
        if roll < 0.3:
            return self.bare(digits)
        if roll < 0.6:
            return self.mask(digits)
        if roll < 0.7:
            s = self.bare(digits)
            return f"{s[0:3]} {s[3:6]} {s[6:9]} {s[9:]}"
        return self.sprinkled(digits)

    def valid(self) -> str:
        return self.formatted(self.valid_digits())

    def mutated(self) -> str:
        rng = self.rng
        digits = self.valid_digits()
        kind = rng.randrange(5)
        if kind == 0:  # one digit changed
            index = rng.randrange(11)
            digits[index] = (digits[index] + rng.randint(1, 9)) % 10
        elif kind == 1:  # two adjacent digits swapped
            index = rng.randrange(10)
            digits[index], digits[index + 1] = digits[index + 1], digits[index]
        elif kind == 2:  # a digit dropped
            del digits[rng.randrange(11)]
        elif kind == 3:  # a digit added
            digits.insert(rng.randrange(12), rng.randrange(10))
        else:  # separators moved: '.', '.', '-' at random places
            chars = [str(d) for d in digits]
            for separator in (".", ".", "-"):
                chars.insert(rng.randrange(len(chars) + 1), separator)
            return "".join(chars)
        return self.formatted(digits)

    def body(self) -> str:
        return self.formatted(self.valid_digits()) if self.rng.random() < 0.6 else self.mutated()

    def white(self, alphabet: str = " \t", most: int = 3) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(0, most)))

    def surrounding(self) -> str:
        rng = self.rng
        text = self.body()
        lead, trail = self.white(), self.white()
        if not lead and not trail:
            lead = rng.choice(" \t")
        if rng.random() < 0.25:
            # A separator outside the white space: cpf sees the tab inside.
            if rng.random() < 0.5:
                lead = rng.choice(".- ") + "\t" + lead
            else:
                trail = trail + "\t" + rng.choice(".- ")
        return lead + text + trail

    def tab_inside(self) -> str:
        rng = self.rng
        text = self.formatted(self.valid_digits())
        for _ in range(rng.randint(1, 2)):
            index = rng.randint(1, len(text) - 1)
            text = text[:index] + "\t" + text[index:]
        return text

    def repeated(self) -> str:
        rng = self.rng
        digit = rng.randrange(10)
        count = 11 if rng.random() < 0.9 else rng.choice((10, 12))
        text = self.formatted([digit] * count)
        if rng.random() < 0.2:
            text = self.white(" \t", 2) + text + self.white(" \t", 2)
        return text

    def junk(self) -> str:
        rng = self.rng
        return "".join(rng.choice(JUNK_ALPHABET) for _ in range(rng.randint(0, 20)))

    def non_ascii_digits(self) -> str:
        rng = self.rng
        digits = self.valid_digits()
        family = rng.choice(list(DIGIT_FAMILIES))
        text = list(self.formatted(digits))
        positions = [i for i, c in enumerate(text) if c.isdigit()]
        chosen = positions if rng.random() < 0.4 else rng.sample(positions, rng.randint(1, 3))
        for index in chosen:
            text[index] = family_digit(family, int(text[index]))
        return "".join(text)

    def unicode_separators(self) -> str:
        rng = self.rng
        digits = self.valid_digits()
        text = list(self.mask(digits) if rng.random() < 0.7 else self.sprinkled(digits))
        separators = [i for i, c in enumerate(text) if c in ".- "]
        pool = UNICODE_DASHES + UNICODE_DOTS + UNICODE_SPACES
        if separators and rng.random() < 0.8:
            for index in rng.sample(separators, rng.randint(1, len(separators))):
                text[index] = rng.choice(pool)
        else:
            index = rng.randint(1, len(text) - 1)
            text.insert(index, rng.choice(pool))
        return "".join(text)

    def other_whitespace(self) -> str:
        rng = self.rng
        text = self.body()
        roll = rng.random()
        if roll < 0.4:
            return rng.choice(OTHER_WHITESPACE) + text
        if roll < 0.8:
            return text + rng.choice(OTHER_WHITESPACE) + self.white(" \t", 2)
        index = rng.randint(1, len(text) - 1)
        return text[:index] + rng.choice(OTHER_WHITESPACE) + text[index:]


CATEGORIES = [
    # name, weight, generator method, what it is
    ("valid", 15, "valid", "valid CPFs: bare, masked, spaced, extra '.', '-', ' '"),
    ("mutated", 20, "mutated", "valid ones mutated: digit changed, swapped, dropped, added; separators moved"),
    ("surrounding", 12, "surrounding", "leading/trailing spaces and tabs (some beyond a separator)"),
    ("tab-inside", 6, "tab_inside", "a tab inside the number"),
    ("repeated", 6, "repeated", "one digit repeated 11 (or 10, 12) times"),
    ("junk", 10, "junk", "junk ASCII, controls included"),
    ("non-ascii-digits", 10, "non_ascii_digits", "fullwidth, Arabic-Indic, superscript, math ... digits"),
    ("unicode-separators", 11, "unicode_separators", "Unicode dashes, dots and no-break spaces as separators"),
    ("other-whitespace", 10, "other_whitespace", "VT, FF, U+001C-1F, U+0085, U+2028/9, NBSP ... around or inside"),
]


def probes() -> list[str]:
    """Fixed inputs that show each documented difference on its own."""
    valid = "390.533.447-05"
    bare = "39053344705"
    items = []
    for digit in range(10):  # (1)
        items += [str(digit) * 11, f"{digit}{digit}{digit}.{digit}{digit}{digit}.{digit}{digit}{digit}-{digit}{digit}"]
    for family in ["ascii", *DIGIT_FAMILIES]:  # (2) digits
        items.append(valid if family == "ascii" else
                     "".join(family_digit(family, int(c)) if c.isdigit() else c for c in valid))
    for char in sorted(set(UNICODE_DASHES + UNICODE_DOTS + UNICODE_SPACES)):  # (2) separators
        items.append(f"390{char}533{char}447{char}05")
    for char in sorted(set(OTHER_WHITESPACE) | {" ", "\t"}):  # (3)
        items += [char + bare, bare + char, f"3905334{char}4705"]
    items += ["-\t" + bare, bare + "\t.", ". \t 390.533.447-05 \t -", "\t-" + bare, bare + ".\t"]  # (4)
    return items


# --------------------------------------------------------------------------
# stdnum, and a re-implementation of it whose differences can be switched off

DIFFERENCES = ["repeated", "unicode", "whitespace", "trim-order"]
NUMBERS = {name: f"({index})" for index, name in enumerate(DIFFERENCES, 1)}
ASCII_DIGITS = re.compile(r"[0-9]+")


def make_model(char_map: dict[str, str], allow_repeated: bool):
    def model(number: str, fixed: frozenset[str]) -> bool:
        """stdnum.br.cpf.is_valid, with the differences in `fixed` switched to cpf's behaviour."""
        strip_chars = " \t\r" if "whitespace" in fixed else None  # None: str.strip()'s Unicode white space
        text = number
        if "trim-order" in fixed:
            text = text.strip(strip_chars)
        if "unicode" not in fixed:
            text = "".join(char_map.get(c, c) for c in text)
        text = "".join(c for c in text if c not in " -.")
        if "trim-order" not in fixed:
            text = text.strip(strip_chars)
        if not ASCII_DIGITS.fullmatch(text) or len(text) != 11:
            return False
        if "repeated" in fixed:
            if not allow_repeated and len(set(text)) == 1:
                return False
        elif int(text) <= 0:
            return False
        digits = [int(c) for c in text]
        return digits[9:] == check_digits(digits[:9])

    return model


def explanations():
    """Sets of differences, smallest first."""
    for size in range(1, len(DIFFERENCES) + 1):
        for subset in itertools.combinations(DIFFERENCES, size):
            yield frozenset(subset)


def label(subset: frozenset[str]) -> str:
    return "+".join(NUMBERS[name] + " " + name for name in DIFFERENCES if name in subset)


# --------------------------------------------------------------------------


def run_cpf(cpf: str, inputs: list[str], allow_repeated: bool) -> list[dict]:
    command = [cpf, "check", "--json"] + (["--allow-repeated"] if allow_repeated else [])
    data = ("\n".join(inputs) + "\n").encode("utf-8")
    result = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode not in (0, 1):
        sys.stderr.write(result.stderr.decode("utf-8", "replace")[-4000:])
        fail_setup(f"{' '.join(command)} exited with status {result.returncode}")
    lines = result.stdout.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [json.loads(line) for line in lines]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="random inputs (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the input generator (default 2024)")
    parser.add_argument("--cpf", help="the cpf binary (default: build it into .build-fuzz/release-build)")
    parser.add_argument("--allow-repeated", action="store_true",
                        help="run cpf with --allow-repeated (and classify with that policy)")
    args = parser.parse_args()
    if args.count < 0:
        parser.error("--count must not be negative")

    ensure_venv()
    import stdnum
    import stdnum.br.cpf
    import stdnum.util

    started = time.monotonic()
    cpf = os.path.abspath(args.cpf) if args.cpf else build_cpf()
    if not os.access(cpf, os.X_OK):
        fail_setup(f"no executable cpf at {cpf}")

    print(f"== stdnum {stdnum.__version__} (Python {sys.version.split()[0]}); cpf: {cpf}"
          f"{' --allow-repeated' if args.allow_repeated else ''}")
    print(f"== generating {args.count:,} inputs, seed {args.seed}", flush=True)
    phase = time.monotonic()
    generator = Generator(args.seed)
    names = [name for name, _, _, _ in CATEGORIES]
    methods = [getattr(generator, method) for _, _, method, _ in CATEGORIES]
    chosen = generator.rng.choices(range(len(CATEGORIES)), weights=[w for _, w, _, _ in CATEGORIES], k=args.count)
    inputs = [methods[index]() for index in chosen]
    categories = [names[index] for index in chosen]
    fixed_probes = probes()
    inputs += fixed_probes
    categories += ["probe"] * len(fixed_probes)
    names.append("probe")
    for text in inputs:
        assert "\n" not in text and "\r" not in text, repr(text)
    generated = time.monotonic() - phase

    print(f"== cpf check --json on {len(inputs):,} lines", flush=True)
    phase = time.monotonic()
    records = run_cpf(cpf, inputs, args.allow_repeated)
    cpf_time = time.monotonic() - phase

    print("== stdnum.br.cpf.is_valid on each, and comparing", flush=True)
    phase = time.monotonic()
    char_map = getattr(stdnum.util, "_char_map", None)
    if not isinstance(char_map, dict):
        fail_setup("stdnum.util._char_map is gone: this stdnum is not the one the classification was written for")
    model = make_model(char_map, args.allow_repeated)
    nothing_fixed = frozenset()
    harness_errors = []
    if len(records) != len(inputs):
        harness_errors.append(f"cpf printed {len(records):,} records for {len(inputs):,} input lines")
    per_category = {name: {"inputs": 0, "agree": 0, "explained": {}, "unexplained": 0} for name in names}
    unexplained = []
    model_errors = []
    direction = {}  # (explanation, cpf's verdict) -> count
    examples = {}  # explanation -> first input
    for index, (text, category, record) in enumerate(zip(inputs, categories, records)):
        row = per_category[category]
        row["inputs"] += 1
        if record.get("line") != index + 1 or record.get("input") != text:
            harness_errors.append(f"record {index + 1} is {record!r}, for input {text!r}")
            continue
        ours = record["valid"]
        theirs = stdnum.br.cpf.is_valid(text)
        if model(text, nothing_fixed) != theirs:
            model_errors.append((text, theirs))
        if ours == theirs:
            row["agree"] += 1
            continue
        for subset in explanations():
            if model(text, subset) == ours:
                key = label(subset)
                row["explained"][key] = row["explained"].get(key, 0) + 1
                direction[key, ours] = direction.get((key, ours), 0) + 1
                examples.setdefault(key, text)
                break
        else:
            row["unexplained"] += 1
            unexplained.append((text, category, record, theirs))
    compare_time = time.monotonic() - phase

    # The probes, described.
    probe_verdicts = {text: (record["valid"], stdnum.br.cpf.is_valid(text))
                      for text, record in zip(inputs[args.count:], records[args.count:])}
    print()
    print("Probes (fixed inputs; what each side does):")
    accepted_repeated = [d for d in range(10) if probe_verdicts[str(d) * 11][1]]
    cpf_repeated = [d for d in range(10) if probe_verdicts[str(d) * 11][0]]
    print(f"  (1) one digit x 11: stdnum accepts {describe_digits(accepted_repeated)}; "
          f"cpf{' --allow-repeated' if args.allow_repeated else ''} accepts {describe_digits(cpf_repeated)}")
    valid = "390.533.447-05"
    families_stdnum, families_neither, families_cpf = [], [], []
    for family in DIGIT_FAMILIES:
        text = "".join(family_digit(family, int(c)) if c.isdigit() else c for c in valid)
        ours, theirs = probe_verdicts[text]
        (families_stdnum if theirs else families_neither).append(family)
        if ours:
            families_cpf.append(family)
    print(f"  (2) 390.533.447-05 written in other digits: stdnum accepts {', '.join(families_stdnum) or 'none'};")
    print(f"      it rejects {', '.join(families_neither) or 'none'}; "
          + (f"cpf ACCEPTS {', '.join(families_cpf)}" if families_cpf else "cpf rejects all of them"))
    mapped, unmapped, cpf_separators = [], [], []
    for char in sorted(set(UNICODE_DASHES + UNICODE_DOTS + UNICODE_SPACES)):
        ours, theirs = probe_verdicts[f"390{char}533{char}447{char}05"]
        (mapped if theirs else unmapped).append(f"U+{ord(char):04X}")
        if ours:
            cpf_separators.append(f"U+{ord(char):04X}")
    print(f"      as separators (390?533?447?05), stdnum accepts {' '.join(mapped)}")
    print(f"      and rejects {' '.join(unmapped)}; "
          + (f"cpf ACCEPTS {' '.join(cpf_separators)}" if cpf_separators else "cpf rejects all of them"))
    stripped, inside = [], []
    bare = "39053344705"
    for char in sorted(set(OTHER_WHITESPACE) | {" ", "\t"}):
        if probe_verdicts[char + bare][1] and probe_verdicts[bare + char][1]:
            stripped.append(f"U+{ord(char):04X}" + ("" if not probe_verdicts[char + bare][0] else " (cpf too)"))
        if probe_verdicts[f"3905334{char}4705"][1]:
            inside.append(f"U+{ord(char):04X}")
    print(f"  (3) around 39053344705, stdnum ignores {' '.join(stripped)}")
    print(f"      inside it, stdnum ignores {' '.join(inside)} (cpf: U+0020 only)")
    order = ["-\t" + bare, bare + "\t."]
    print("  (4) " + "; ".join(f"{t!r}: stdnum {'valid' if probe_verdicts[t][1] else 'invalid'}, "
                               f"cpf {'valid' if probe_verdicts[t][0] else 'invalid'}" for t in order))

    # The table.
    print()
    labels = sorted({key for row in per_category.values() for key in row["explained"]},
                    key=lambda key: (key.count("+"), key))
    singles = [label(frozenset([name])) for name in DIFFERENCES]
    combined = [key for key in labels if key not in singles]
    header = ["category", "inputs", "agree"] + [NUMBERS[name] for name in DIFFERENCES] + ["combined", "unexplained"]
    widths = [20, 10, 10, 9, 9, 9, 9, 9, 12]
    print("".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(header, widths))))
    totals = [0] * (len(header) - 1)
    for name in names:
        row = per_category[name]
        cells = [row["inputs"], row["agree"]] + [row["explained"].get(key, 0) for key in singles] \
            + [sum(row["explained"].get(key, 0) for key in combined), row["unexplained"]]
        totals = [a + b for a, b in zip(totals, cells)]
        print(name.ljust(widths[0]) + "".join(f"{c:,}".rjust(w) for c, w in zip(cells, widths[1:])))
    print("total".ljust(widths[0]) + "".join(f"{c:,}".rjust(w) for c, w in zip(totals, widths[1:])))
    print()
    print("Columns: (1) repeated-digit policy, (2) Unicode digits/dashes/dots/spaces normalised by stdnum,")
    print("(3) white space stdnum trims and cpf does not, (4) stdnum trims after deleting separators;")
    print("combined: explained only by two or more of them together.")
    print()
    print("Disagreements by explanation:")
    for key in labels:
        only_cpf, only_stdnum = direction.get((key, True), 0), direction.get((key, False), 0)
        print(f"  {key}: {only_cpf + only_stdnum:,} (valid for cpf only: {only_cpf:,}, for stdnum only: "
              f"{only_stdnum:,}); e.g. {examples[key]!r}")
    if not labels:
        print("  none")
    print(f"  unexplained: {len(unexplained):,}")
    print()
    print(f"Time: generating {generated:.1f} s, cpf {cpf_time:.1f} s, stdnum and comparing {compare_time:.1f} s, "
          f"total {time.monotonic() - started:.1f} s")

    status = 0
    if harness_errors:
        print(f"\nFAIL: cpf's output does not match its input ({len(harness_errors):,} problems):", file=sys.stderr)
        for problem in harness_errors[:20]:
            print("  " + problem, file=sys.stderr)
        status = 1
    if model_errors:
        print(f"\nFAIL: the re-implementation of stdnum differs from stdnum on {len(model_errors):,} inputs:",
              file=sys.stderr)
        for text, theirs in model_errors[:20]:
            print(f"  {text!r}: stdnum says {theirs}", file=sys.stderr)
        status = 1
    if unexplained:
        print(f"\nFAIL: {len(unexplained):,} UNEXPLAINED disagreements; the first {min(20, len(unexplained))}:",
              file=sys.stderr)
        for text, category, record, theirs in unexplained[:20]:
            verdict = "valid" if record["valid"] else f"invalid ({record.get('reason')}: {record.get('message')})"
            print(f"  {text!r} [{category}]: cpf {verdict}, stdnum {'valid' if theirs else 'invalid'}",
                  file=sys.stderr)
        status = 1
    if status == 0:
        print(f"OK: {totals[0]:,} inputs, {totals[1]:,} agree, every disagreement explained")
    return status


def describe_digits(digits: list[int]) -> str:
    if not digits:
        return "none"
    return ", ".join(str(d) * 11 for d in digits) if len(digits) < 4 else \
        f"{len(digits)} of 10 ({', '.join(str(d) for d in digits)})"


if __name__ == "__main__":
    sys.exit(main())
