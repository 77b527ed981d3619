#!/usr/bin/env python3
"""Benchmark and cross-check `cpf pseudonymize` against an independent FF1.

Usage: Scripts/bench_pseudonym.py [--count N] [--work DIR] [--cpf PATH]

The reference is an FF1 (NIST SP 800-38G Rev. 1, Algorithm 7) written here in
Python on OpenSSL's AES (the `cryptography` package from PyPI, installed in a
virtual environment under --work, outside the repository). It is first
checked against NIST's nine FF1 samples, then given the same N distinct CPFs
(default 1,000,000, from `cpf generate --unique`), key and tweaks as
`cpf pseudonymize`, with and without --keep-region; the outputs must be
identical, all distinct, valid and not repeated, and `--reverse` must give the
inputs back. It prints pseudonyms per second for both side by side, then
the time and peak memory of `cpf generate --unique -n 10000000`
(/usr/bin/time -v).

Needs: the Swift toolchain (unless --cpf is given), Python's venv module with
pip reaching PyPI, and GNU time.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ensure_cryptography(work):
    """Re-runs this script inside a venv under `work` that has `cryptography`."""
    try:
        import cryptography  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.path.join(work, "venv")
    python = os.path.join(venv, "bin", "python3")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "cryptography"], check=True)
    os.execv(python, [python] + sys.argv)


class FF1:
    """FF1 with AES (any key length), for radix ≤ 36, from SP 800-38G Rev. 1."""

    def __init__(self, key, radix):
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        self.encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        self.radix = radix
        self.prepared = {}

    def ciph(self, block):
        return self.encryptor.update(block)

    def _prepare(self, n, tweak):
        key = (n, tweak)
        if key not in self.prepared:
            radix, t = self.radix, len(tweak)
            u = n // 2
            v = n - u
            b = ((radix ** v - 1).bit_length() + 7) // 8  # ceil(ceil(v*log2(radix))/8)
            d = 4 * ((b + 3) // 4) + 4
            p = bytes([1, 2, 1]) + radix.to_bytes(3, "big") + bytes([10, u % 256]) + n.to_bytes(4, "big") + t.to_bytes(4, "big")
            pad = (-t - b - 1) % 16
            # CBC-MAC of P and of Q's blocks before its last one, which holds i and NUM(B).
            q_head = tweak + bytes(pad)
            head = p + q_head[: len(q_head) - (len(q_head) % 16)]
            state = bytes(16)
            for offset in range(0, len(head), 16):
                state = self.ciph(bytes(x ^ y for x, y in zip(state, head[offset:offset + 16])))
            tail = q_head[len(q_head) - (len(q_head) % 16):]
            self.prepared[key] = (u, v, b, d, state, tail)
        return self.prepared[key]

    def _y(self, prepared, i, half):
        u, v, b, d, state, tail = prepared
        last = tail + bytes([i]) + half.to_bytes(b, "big")
        r = self.ciph(bytes(x ^ y for x, y in zip(state, last)))
        s = r
        j = 1
        while len(s) < d:
            s += self.ciph(bytes(x ^ y for x, y in zip(r, j.to_bytes(16, "big"))))
            j += 1
        return int.from_bytes(s[:d], "big")

    def encrypt_number(self, a, b_value, n, tweak):
        prepared = self._prepare(n, tweak)
        u, v = prepared[0], prepared[1]
        for i in range(10):
            m = u if i % 2 == 0 else v
            c = (a + self._y(prepared, i, b_value)) % self.radix ** m
            a, b_value = b_value, c
        return a, b_value

    def decrypt_number(self, a, b_value, n, tweak):
        prepared = self._prepare(n, tweak)
        u, v = prepared[0], prepared[1]
        for i in range(9, -1, -1):
            m = u if i % 2 == 0 else v
            c = (b_value - self._y(prepared, i, a)) % self.radix ** m
            a, b_value = c, a
        return a, b_value

    def encrypt(self, numerals, tweak):
        return self._run(numerals, tweak, self.encrypt_number)

    def decrypt(self, numerals, tweak):
        return self._run(numerals, tweak, self.decrypt_number)

    def _run(self, numerals, tweak, how):
        n = len(numerals)
        u = n // 2
        num = lambda xs: sum(x * self.radix ** (len(xs) - 1 - k) for k, x in enumerate(xs))
        a, b_value = how(num(numerals[:u]), num(numerals[u:]), n, tweak)
        out = lambda x, m: [(x // self.radix ** (m - 1 - k)) % self.radix for k in range(m)]
        return out(a, u) + out(b_value, n - u)


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
K128 = "2B7E151628AED2A6ABF7158809CF4F3C"
K192 = K128 + "EF4359D8D580AA4F"
K256 = K192 + "7F036D6F04FC6A94"
NIST_SAMPLES = [
    (K128, 10, "", "0123456789", "2433477484"),
    (K128, 10, "39383736353433323130", "0123456789", "6124200773"),
    (K128, 36, "3737373770717273373737", "0123456789abcdefghi", "a9tv40mll9kdu509eum"),
    (K192, 10, "", "0123456789", "2830668132"),
    (K192, 10, "39383736353433323130", "0123456789", "2496655549"),
    (K192, 36, "3737373770717273373737", "0123456789abcdefghi", "xbj3kv35jrawxv32ysr"),
    (K256, 10, "", "0123456789", "6657667009"),
    (K256, 10, "39383736353433323130", "0123456789", "1001623463"),
    (K256, 36, "3737373770717273373737", "0123456789abcdefghi", "xs8a0azh2avyalyzuwd"),
]


def check_nist_samples():
    for number, (key, radix, tweak, plain, cipher) in enumerate(NIST_SAMPLES, 1):
        ff1 = FF1(bytes.fromhex(key), radix)
        numerals = [ALPHABET.index(c) for c in plain]
        got = "".join(ALPHABET[x] for x in ff1.encrypt(numerals, bytes.fromhex(tweak)))
        assert got == cipher, f"NIST sample {number}: {got} != {cipher}"
        back = "".join(ALPHABET[x] for x in ff1.decrypt([ALPHABET.index(c) for c in cipher], bytes.fromhex(tweak)))
        assert back == plain, f"NIST sample {number} decrypted: {back}"
    print("reference FF1: all 9 NIST samples pass")


def check_digits(base):
    digits = [int(c) for c in f"{base:09d}"]
    first = sum(d * w for d, w in zip(digits, range(10, 1, -1))) % 11
    first = 0 if first < 2 else 11 - first
    digits.append(first)
    second = sum(d * w for d, w in zip(digits, range(11, 1, -1))) % 11
    second = 0 if second < 2 else 11 - second
    return f"{base:09d}{first}{second}"


def is_repeated(base):
    return base % 111_111_111 == 0


def reference_pseudonym(ff1, base, tweak, keep_region):
    """The construction of docs/reference.md#cpf-pseudonymize-consistent-reversible-pseudonyms: FF1-AES-256 radix 10 on 9 (or 8) digits, cycle walking."""
    if keep_region:
        region, value = base % 10, base // 10
        while True:
            a, b = ff1.encrypt_number(value // 10_000, value % 10_000, 8, tweak)
            value = a * 10_000 + b
            if not is_repeated(value * 10 + region):
                return check_digits(value * 10 + region)
    value = base
    while True:
        a, b = ff1.encrypt_number(value // 100_000, value % 100_000, 9, tweak)
        value = a * 100_000 + b
        if not is_repeated(value):
            return check_digits(value)


def run_timed(command, stdin_path, stdout_path):
    """Runs a command; returns its wall-clock and CPU (user + system) seconds."""
    with open(stdin_path, "rb") as given, open(stdout_path, "wb") as taken:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdin=given, stdout=taken, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "cpf-bench-pseudonym"))
    parser.add_argument("--cpf", help="the cpf binary (default: build the release one)")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    ensure_cryptography(args.work)
    check_nist_samples()

    cpf = args.cpf
    if not cpf:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True)
        cpf = os.path.join(ROOT, ".build", "release", "cpf")

    key_path = os.path.join(args.work, "bench.key")
    if os.path.exists(key_path):
        os.remove(key_path)
    subprocess.run([cpf, "pseudonymize", "--new-key-file", key_path], check=True)
    assert os.stat(key_path).st_mode & 0o777 == 0o600, "a new key file has mode 0600"
    key = bytes.fromhex(open(key_path).read().strip())
    ff1 = FF1(key, 10)

    inputs = os.path.join(args.work, "inputs.txt")
    subprocess.run([cpf, "generate", "--unique", "-n", str(args.count), "--seed", "14"], stdout=open(inputs, "wb"), check=True)
    cpfs = open(inputs).read().split()
    assert len(cpfs) == args.count == len(set(cpfs)), "generate --unique gives distinct CPFs"

    rows = []
    for tweak, keep_region in [("", False), ("crm-2025", False), ("", True), ("crm-2025", True)]:
        options = ["--key-file", key_path] + (["--tweak", tweak] if tweak else []) + (["--keep-region"] if keep_region else [])
        output = os.path.join(args.work, "pseudonyms.txt")
        swift_wall, swift_cpu = run_timed([cpf, "pseudonymize"] + options, inputs, output)
        pseudonyms = open(output).read().split()
        start, start_cpu = time.perf_counter(), time.process_time()
        expected = [reference_pseudonym(ff1, int(c[:9]), tweak.encode(), keep_region) for c in cpfs]
        python_wall, python_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        assert pseudonyms == expected, "cpf pseudonymize and the Python reference differ"
        assert len(set(pseudonyms)) == len(pseudonyms), "pseudonyms collide"
        assert not any(is_repeated(int(p[:9])) for p in pseudonyms), "a pseudonym is a repeated number"
        if keep_region:
            assert all(p[8] == c[8] for p, c in zip(pseudonyms, cpfs)), "--keep-region keeps the ninth digit"
        back = os.path.join(args.work, "back.txt")
        reverse_wall, reverse_cpu = run_timed([cpf, "pseudonymize", "--reverse"] + options, output, back)
        assert open(back).read().split() == cpfs, "--reverse gives the inputs back"
        n = args.count
        rows.append((tweak or "(empty)", keep_region, n / swift_cpu, n / swift_wall, n / reverse_cpu, n / python_cpu, n / python_wall))

    print(f"\n{args.count:,} distinct CPFs: identical outputs, all distinct and valid, --reverse round trip exact")
    print("Rates in pseudonyms per second of CPU time (one core; wall-clock rate in brackets).\n")
    print("| tweak | --keep-region | cpf pseudonymize | cpf --reverse | Python + OpenSSL AES | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for tweak, keep_region, swift_cpu, swift_wall, reverse_cpu, python_cpu, python_wall in rows:
        print(f"| {tweak} | {'yes' if keep_region else 'no'} | {swift_cpu:,.0f} ({swift_wall:,.0f}) | {reverse_cpu:,.0f} "
              f"| {python_cpu:,.0f} ({python_wall:,.0f}) | {swift_cpu / python_cpu:.0f}× |")

    timing = subprocess.run(
        ["/usr/bin/time", "-v", cpf, "generate", "--unique", "-n", "10000000", "--seed", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr
    fields = dict(line.strip().rsplit(": ", 1) for line in timing.splitlines() if ": " in line)
    elapsed = fields["Elapsed (wall clock) time (h:mm:ss or m:ss)"]
    minutes, seconds = elapsed.split(":")[-2:]
    seconds = int(minutes) * 60 + float(seconds)
    peak = int(fields["Maximum resident set size (kbytes)"])
    print(f"\ngenerate --unique -n 10000000: {seconds:.2f} s wall ({10_000_000 / seconds / 1e6:.1f} M CPFs/s), "
          f"user {fields['User time (seconds)']} s, peak memory {peak / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
