#!/usr/bin/env python3
"""Measure how well `cpf find` and `cpf redact` detect CPFs in realistic text.

    Scripts/detection.py generate --out DIR [--seed S] [--scale K]
    Scripts/detection.py evaluate --corpus DIR --cpf PATH [--json]

Python 3.11, standard library only. Example, outside the repository:

    Scripts/detection.py generate --out /tmp/cpf-corpus
    Scripts/detection.py evaluate --corpus /tmp/cpf-corpus --cpf .build/release/cpf

generate
    Writes a deterministic (same seed and scale, same bytes) labelled corpus
    of Brazilian-Portuguese text into DIR, one file per genre: CSV with `,`,
    `;` (with a UTF-8 BOM, as spreadsheets save it), tab and `|`; a SQL
    dump; JSON and JSON Lines; a web access log; an application log;
    comma-separated lists; e-mails and chats; an official gazette; text
    extracted from PDFs (LF and CRLF: numbers broken across lines, U+2011,
    NBSP and U+202F); text with invisible characters inside numbers; odd
    writings of CPFs. Besides valid CPFs (made with the check-digit rule,
    never one repeated digit) it plants mistyped CPFs (wrong check digits,
    full mask or after a CPF keyword) and look-alikes written as people write
    them, with their usual context words: CNPJs, boletos, NF-e keys, money,
    dates, CNJ process numbers, CEPs, bank agencies and accounts, phones,
    PIS/NIS/PASEP, CNH, RENAVAM, titulo de eleitor, order and protocol
    numbers, IPv4 addresses and long digit runs. Some 11-digit phones, PIS,
    CNH, RENAVAM, titulos, accounts, protocols and IP addresses are made to
    pass the CPF checksum on purpose. Scale 1 plants about 20,000 CPFs and
    20,000 look-alikes in a few MB.

    DIR/truth.jsonl holds one JSON object per planted number:
      file      file name inside DIR
      line      1-based line of its first digit
      column    1-based byte offset of its first digit in that line
      end_line  line of its last digit (a number broken across lines)
      text      the number as written, first digit to last digit
      digits    its ASCII digits (the 11 of a CPF)
      kind      cpf, mistyped-cpf, or the look-alike: cnpj, boleto, nfe,
                money, date, process, cep, bank, phone, pis, cnh, renavam,
                titulo, order, ip, run
      keyword   the context word written before it, or null
      form      how a CPF is written (mask, bare, partial, spaces, slash,
                dots, spaced-dash, dash, nbsp, linebreak, invisible), or null
      passes    true when its digits are 11 and pass the CPF checksum
    The truth is what each number IS, not what any rule says about it.

evaluate
    Runs `PATH find --json --include-invalid --confidence low FILE...` once
    over the corpus (or, when the binary rejects those options, plain
    `PATH find --json`, reported as "v1 scanner: no confidence") and matches
    each report to the truth by (file, line, column) and digits.

    For each confidence threshold T (high, medium = the default, low), over
    the reports with valid check digits and confidence >= T:
      recall     planted CPFs reported / planted CPFs
      precision  reports that are planted CPFs / reports counted. A report
                 of a phone, PIS, CNH, RENAVAM, titulo, IP, bank-account or
                 order/protocol look-alike is an error at medium or above; at
                 low it is what docs/reference.md#cpf-find-cpfs-in-free-text calls a low-confidence CPF, so it is
                 left out of the count (column "excused"). Every other report
                 that is not a planted CPF is an error.
    mistyped recall: planted mistyped CPFs reported with valid=false / planted.

    Then `PATH redact [--confidence low]` on each file (default style full),
    comparing the output with the input at the same byte offsets:
      cpf exposed       planted CPFs with any digit still visible
      mistyped exposed  the same for mistyped CPFs
      structured hit    CNPJ, boleto, NF-e, money and date look-alikes with
                        any byte changed
      other hit         the other look-alikes with any byte changed (expected
                        for checksum-passing ones at --confidence low)

    The same figures, side by side, for two simple patterns, applied in
    Python to each line (split on LF, decoded as UTF-8) with re.ASCII (so
    \\d is [0-9] and \\b is an ASCII word boundary); a match counts when its
    11 digits pass the check-digit rule and are not one repeated digit; the
    "redaction" of a pattern turns the digits of every such match into `*`:
      purview-like  \\b\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}\\b
      word-boundary \\b\\d{11}\\b|\\b\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}\\b

    The table also breaks down, for `find` at its default threshold, recall
    by file and by form, and errors by look-alike kind. --json prints all the
    figures as one JSON object instead.
"""

import argparse
import bisect
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

DIGITS = "0123456789"

# --------------------------------------------------------------------------
# Check digits


def cpf_check(base9):
    s = sum(int(c) * w for c, w in zip(base9, range(10, 1, -1)))
    r = s % 11
    d1 = 0 if r < 2 else 11 - r
    s = sum(int(c) * w for c, w in zip(base9 + str(d1), range(11, 1, -1)))
    r = s % 11
    d2 = 0 if r < 2 else 11 - r
    return f"{d1}{d2}"


def passes(digits):
    return (len(digits) == 11 and len(set(digits)) > 1
            and cpf_check(digits[:9]) == digits[9:])


def mod11_dv(body, weights):
    s = sum(int(c) * w for c, w in zip(body, weights))
    r = s % 11
    return 0 if r < 2 else 11 - r


def cnpj_digits(rng):
    base = "".join(rng.choice(DIGITS) for _ in range(8)) + rng.choice(["0001", "0001", "0001", "0002", "0003"])
    d1 = mod11_dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    d2 = mod11_dv(base + str(d1), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return f"{base}{d1}{d2}"


def nfe_digits(rng):
    body = (rng.choice(["35", "33", "31", "41", "43", "29", "53"]) + f"{rng.randint(18, 24):02d}{rng.randint(1, 12):02d}"
            + cnpj_digits(rng) + "55" + f"{rng.randint(1, 9):03d}" + f"{rng.randint(1, 999999):09d}"
            + "1" + "".join(rng.choice(DIGITS) for _ in range(8)))
    weights = [(i % 8) + 2 for i in range(43)][::-1]
    s = sum(int(c) * w for c, w in zip(body, weights))
    r = s % 11
    return body + str(0 if r < 2 else 11 - r)


def pis_digits(rng):
    body = "1" + "".join(rng.choice(DIGITS) for _ in range(9))
    return body + str(mod11_dv(body, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 10)


# --------------------------------------------------------------------------
# Random material


FIRST = ("Ana Maria João José Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael "
         "Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Juliana Márcia Fernanda Patrícia Aline "
         "Sandra Camila Amanda Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana Gabriela Vera Conceição "
         "Sebastião Tânia Cláudia Adriana Simone Renata Luana Thiago Gustavo Caio Otávio Iara Cauã").split()
LAST = ("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins "
        "Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira "
        "Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Conceição").split()
CITIES = [("São Paulo", "SP"), ("Rio de Janeiro", "RJ"), ("Belo Horizonte", "MG"), ("Salvador", "BA"),
          ("Fortaleza", "CE"), ("Curitiba", "PR"), ("Recife", "PE"), ("Porto Alegre", "RS"),
          ("Manaus", "AM"), ("Belém", "PA"), ("Goiânia", "GO"), ("Campinas", "SP"), ("São Luís", "MA"),
          ("Maceió", "AL"), ("Natal", "RN"), ("Teresina", "PI"), ("João Pessoa", "PB"), ("Florianópolis", "SC"),
          ("Vitória", "ES"), ("Cuiabá", "MT"), ("Aracaju", "SE"), ("Brasília", "DF")]
STREETS = ["Rua das Flores", "Av. Paulista", "Rua XV de Novembro", "Av. Brasil", "Rua São Bento",
           "Travessa do Comércio", "Rua Sete de Setembro", "Av. Getúlio Vargas", "Alameda Santos"]
MONTHS = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()
DASHES = ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212"]
INVISIBLE = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f",
             "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
CPF_KEYWORDS = ["CPF", "CPF:", "CPF nº", "CPF n.º", "CPF/MF nº", "C.P.F.", "cpf", "Cpf:", "CIC",
                "inscrito(a) no CPF sob o nº", "CPF:", "CPF Nº", "portador(a) do CPF", "CPF do titular:"]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def r(self, a, b):
        return self.rng.randint(a, b)

    def randint(self, a, b):
        return self.rng.randint(a, b)

    def choice(self, seq):
        return self.rng.choice(seq)

    def p(self, prob):
        return self.rng.random() < prob

    def c(self, seq):
        return self.rng.choice(seq)

    def digits(self, n):
        return "".join(self.rng.choice(DIGITS) for _ in range(n))

    def name(self):
        return f"{self.c(FIRST)} {self.c(LAST)}" + (f" {self.c(LAST)}" if self.p(0.5) else "")

    def cpf(self):
        while True:
            base = self.digits(9)
            if len(set(base)) > 1:
                return base + cpf_check(base)

    def mistyped(self):
        while True:
            base = self.digits(9)
            good = cpf_check(base)
            bad = self.c([good[0] + str((int(good[1]) + self.r(1, 9)) % 10),
                          str((int(good[0]) + self.r(1, 9)) % 10) + good[1], self.digits(2)])
            if bad != good and len(set(base + bad)) > 1:
                return base + bad

    def eleven(self, lead, passing):
        """11 digits starting with `lead`, passing the CPF checksum or surely not."""
        while True:
            body = lead + self.digits(9 - len(lead))
            if passing:
                return body + cpf_check(body)
            d = body + self.digits(2)
            if not passes(d):
                return d

    def date(self):
        y, m, d = self.r(1950, 2024), self.r(1, 12), self.r(1, 28)
        return self.c([f"{d:02d}/{m:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}.{m:02d}.{y}",
                       f"{d:02d}-{m:02d}-{y}"])

    def money(self):
        v = self.c([self.r(1, 999), self.r(1000, 99999), self.r(100000, 9999999), self.r(10000000, 999999999)])
        s = f"{v:,}".replace(",", ".")
        return f"{s},{self.r(0, 99):02d}"

    def cep(self):
        d = f"{self.r(1000, 99999):05d}{self.r(0, 999):03d}"
        return self.c([d[:5] + "-" + d[5:], d[:5] + "-" + d[5:], d, d[:2] + "." + d[2:5] + "-" + d[5:]])

    def process(self):
        return (f"{self.r(1, 9999999):07d}-{self.r(0, 99):02d}.{self.r(1995, 2024)}."
                f"{self.c('1245856')}.{self.r(1, 27):02d}.{self.r(1, 9999):04d}")

    def phone(self, passing=False):
        """(text, digits). Mobiles are often written as 11 bare digits."""
        ddd = self.c(["11", "21", "31", "41", "51", "61", "71", "81", "85", "92", "19", "27", "48"])
        form = self.r(0, 9)
        if passing:
            d = self.eleven(ddd + "9", True)
            return (d if self.p(0.8) else f"({d[:2]}) {d[2:7]}-{d[7:]}"), d
        if form <= 3:
            d = ddd + "9" + self.digits(8)
            return self.c([d, d, f"({d[:2]}) {d[2:7]}-{d[7:]}", f"{d[:2]} {d[2:7]}-{d[7:]}"]), d
        if form <= 6:
            d = ddd + "9" + self.digits(8)
            return self.c([f"({ddd}) {d[2:7]}-{d[7:]}", f"{ddd} {d[2:7]}-{d[7:]}", f"{ddd} {d[2:7]} {d[7:]}",
                           f"{ddd}{d[2:7]}-{d[7:]}"]), d
        if form == 7:
            d = "55" + ddd + "9" + self.digits(8)
            return self.c([f"55 {ddd} {d[4:9]}-{d[9:]}", f"55{d[2:]}", f"55 ({ddd}) {d[4:9]}-{d[9:]}"]), d
        d = ddd + self.c("2345") + self.digits(7)
        return self.c([f"({ddd}) {d[2:6]}-{d[6:]}", f"{ddd} {d[2:6]}-{d[6:]}", f"0800 {self.r(100, 999)} {self.r(1000, 9999)}"]), d


# --------------------------------------------------------------------------
# Writing a file with its truth


class Doc:
    def __init__(self, name, eol="\n"):
        self.name, self.eol = name, eol
        self.parts, self.items = [], []
        self.line, self.col = 1, 0

    def t(self, s):
        self.parts.append(s)
        n = s.count("\n")
        if n:
            self.line += n
            self.col = len(s[s.rfind("\n") + 1:].encode())
        else:
            self.col += len(s.encode())

    def nl(self):
        self.t(self.eol)

    def n(self, text, kind, keyword=None, form=None):
        """Plants a number; what is written before its first digit or after its last is context."""
        lead = next(i for i, ch in enumerate(text) if ch in DIGITS)
        tail = max(i for i, ch in enumerate(text) if ch in DIGITS) + 1
        if lead or tail < len(text):
            self.t(text[:lead])
            self.n(text[lead:tail], kind, keyword, form)
            self.t(text[tail:])
            return
        digits = "".join(ch for ch in text if ch in DIGITS)
        if kind in ("cpf", "mistyped-cpf"):
            assert len(digits) == 11 and passes(digits) == (kind == "cpf"), (text, kind)
        self.items.append({"file": self.name, "line": self.line, "column": self.col + 1,
                           "end_line": self.line + text.count("\n"), "text": text, "digits": digits,
                           "kind": kind, "keyword": keyword, "form": form, "passes": passes(digits)})
        self.t(text)

    def write(self, out):
        (out / self.name).write_bytes("".join(self.parts).encode())


def write_cpf(g, d, forms=None):
    """(text, form) of CPF digits d written one of the everyday ways."""
    form = g.c(forms or ["mask"] * 5 + ["bare"] * 4 + ["partial"])
    if form == "mask":
        return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}", form
    if form == "bare":
        return d, form
    if form == "partial":
        return g.c([f"{d[:9]}-{d[9:]}", f"{d[:3]}.{d[3:6]}.{d[6:]}", f"{d[:3]}{d[3:6]}.{d[6:9]}-{d[9:]}",
                    f"{d[:3]}.{d[3:9]}-{d[9:]}"]), form
    if form == "spaces":
        return f"{d[:3]} {d[3:6]} {d[6:9]} {d[9:]}", form
    if form == "slash":
        return f"{d[:3]}.{d[3:6]}.{d[6:9]}/{d[9:]}", form
    if form == "dots":
        return f"{d[:3]}.{d[3:6]}.{d[6:9]}.{d[9:]}", form
    if form == "spaced-dash":
        return f"{d[:3]}.{d[3:6]}.{d[6:9]} {g.c(['-', '-', chr(0x2013), chr(0x2014)])} {d[9:]}", form
    if form == "dash":
        x = g.c(DASHES)
        return g.c([f"{d[:3]}.{d[3:6]}.{d[6:9]}{x}{d[9:]}", f"{d[:3]}{x}{d[3:6]}{x}{d[6:9]}{x}{d[9:]}"]), form
    if form == "nbsp":
        s = g.c(["\u00a0", "\u202f", "\u2009"])
        return g.c([f"{d[:3]}{s}{d[3:6]}{s}{d[6:9]}{s}{d[9:]}", f"{d[:3]}{s}{d[3:6]}{s}{d[6:9]}-{d[9:]}"]), form
    if form == "invisible":
        text = f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" if g.p(0.6) else d
        pos = [i for i in range(1, len(text))]
        for i in sorted(g.rng.sample(pos, g.r(1, 2)), reverse=True):
            text = text[:i] + g.c(INVISIBLE) + text[i:]
        return text, form
    raise ValueError(form)


def write_broken(g, d, eol):
    """A CPF broken across two lines, the break standing for or following a separator."""
    masked = f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
    return g.c([f"{d[:3]}.{d[3:6]}.{d[6:9]}-{eol}{d[9:]}", f"{d[:3]}.{d[3:6]}.{eol}{d[6:9]}-{d[9:]}",
                f"{d[:3]}.{eol}{d[3:6]}.{d[6:9]}-{d[9:]}", f"{d[:9]}{eol}{d[9:]}",
                f"{d[:3]}.{d[3:6]}.{d[6:9]}{eol}{d[9:]}", f"{d[:3]}.{d[3:6]}.{d[6:9]}\u2011{eol}{d[9:]}",
                masked[:8] + eol + masked[8:]])


# --------------------------------------------------------------------------
# Look-alikes: (text, kind, keyword) written with their usual context


def lookalike(g, kind, keyword_prob=0.8):
    """Returns (prefix, text, kind, keyword): prefix is the context before the number."""
    kw = g.p(keyword_prob)
    if kind == "cnpj":
        d = cnpj_digits(g)
        text = f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}" if g.p(0.7) else d
        k = g.c(["CNPJ", "CNPJ:", "CNPJ nº", "CNPJ/MF", "inscrita no CNPJ sob o nº"]) if kw else None
    elif kind == "boleto":
        d = g.digits(47)
        text = f"{d[:5]}.{d[5:10]} {d[10:15]}.{d[15:21]} {d[21:26]}.{d[26:32]} {d[32]} {d[33:]}" if g.p(0.8) else d
        k = g.c(["linha digitável:", "boleto", "código de barras:", "Linha digitável"]) if kw else None
    elif kind == "nfe":
        d = nfe_digits(g)
        text = " ".join(d[i:i + 4] for i in range(0, 44, 4)) if g.p(0.6) else d
        k = g.c(["chave de acesso", "Chave NF-e:", "chave da NF-e", "Chave de Acesso:"]) if kw else None
    elif kind == "money":
        text = g.money()
        k = "R$"
        return g.c(["R$ ", "R$ ", "R$", "valor de R$ "]), text, kind, k
    elif kind == "date":
        text = g.date()
        k = g.c(["em", "data:", "nascimento:", "Data de emissão:", "desde"]) if kw else None
    elif kind == "process":
        text = g.process()
        if g.p(0.15):
            text = "".join(ch for ch in text if ch in DIGITS)
        k = g.c(["Processo nº", "processo", "autos nº", "Proc."]) if kw else None
    elif kind == "cep":
        text = g.cep()
        k = g.c(["CEP", "CEP:", "cep"]) if kw else None
    elif kind == "bank":
        f = g.r(0, 4)
        if f == 0:
            text, k = f"{g.r(1, 9999):04d}" + g.c(["", "-" + str(g.r(0, 9))]), "agência"
        elif f == 1:
            text, k = f"{g.r(1000, 99999999)}-{g.r(0, 9)}", g.c(["conta", "C/C", "conta corrente"])
        else:
            text, k = g.eleven(g.c(["0", "00", "1", "2"]), g.p(0.4)), g.c(["conta", "conta corrente nº", "conta:"])
            if not kw:
                k = None
        if not kw and f < 2:
            k = None
    elif kind == "phone":
        text, _ = g.phone(passing=kw and g.p(0.4))
        k = g.c(["tel", "Tel.:", "telefone", "fone:", "cel", "celular", "Celular:", "whatsapp", "WhatsApp:",
                 "zap", "fax"]) if kw else None
    elif kind == "pis":
        d = g.eleven("1", True) if g.p(0.4) else pis_digits(g)
        text = f"{d[:3]}.{d[3:8]}.{d[8:10]}-{d[10]}" if g.p(0.3) else d
        k = g.c(["PIS", "PIS:", "PIS/PASEP", "NIS", "NIT", "PASEP nº", "NIS:"])
    elif kind == "cnh":
        d = g.eleven(g.c("0123456"), g.p(0.4))
        text, k = d, g.c(["CNH", "CNH nº", "CNH:", "registro da CNH", "CNH (registro)"])
    elif kind == "renavam":
        d = g.eleven("0" if g.p(0.5) else g.c("123"), g.p(0.4)) if g.p(0.85) else g.digits(9)
        text, k = d, g.c(["RENAVAM", "Renavam:", "RENAVAM nº", "cód. RENAVAM"])
    elif kind == "titulo":
        if g.p(0.4):
            text = g.eleven(g.c("0123"), True)
        else:
            d = g.digits(10) + f"{g.r(1, 28):02d}"
            text = f"{d[:4]} {d[4:8]} {d[8:]}" if g.p(0.5) else d
        k = g.c(["título de eleitor", "Título de Eleitor nº", "título eleitoral:", "titulo eleitor"])
    elif kind == "order":
        f = g.r(0, 3)
        if f == 0:
            text, k = str(g.r(10000, 999999999)), g.c(["pedido", "Pedido #", "pedido nº", "nota"])
        elif f == 1:
            text, k = f"{g.r(2018, 2024)}{g.digits(g.r(8, 12))}", g.c(["protocolo", "Protocolo:", "protocolo nº"])
        else:
            text, k = g.eleven(g.c("12"), g.p(0.4)), g.c(["protocolo", "Protocolo nº", "pedido", "Pedido:", "NF"])
        if not kw and f == 0:
            k = None
    elif kind == "ip":
        if g.p(0.4):
            while True:
                a, b, c = g.r(100, 255), g.r(100, 255), g.r(100, 255)
                body = f"{a}{b}{c}"
                dv = cpf_check(body)
                if dv[0] != "0":
                    break
            text = f"{a}.{b}.{c}.{dv}"
        else:
            text = ".".join(str(g.r(1, 255)) for _ in range(4))
        k = None
        return g.c(["", "IP ", "ip=", "client "]), text, kind, k
    elif kind == "run":
        f = g.r(0, 3)
        if f == 0:
            text, k = str(g.r(1_500_000_000_000, 1_750_000_000_000)), g.c(["ts=", "timestamp", None])
        elif f == 1:
            text, k = " ".join([g.c("3456") + g.digits(3)] + [g.digits(4) for _ in range(3)]), g.c(["cartão", None])
        elif f == 2:
            text, k = g.c("789") + g.digits(12), g.c(["EAN", "código", None])
        else:
            text, k = g.c("123456789") + g.digits(g.r(11, 31)), g.c(["id", "txid", "hash", None])
    else:
        raise ValueError(kind)
    if k is None:
        return "", text, kind, None
    glue = "" if k.endswith(("#", "=")) else " "
    return k + glue, text, kind, k


LOOKALIKE_KINDS = ["cnpj", "boleto", "nfe", "money", "date", "process", "cep", "bank", "phone", "pis", "cnh",
                   "renavam", "titulo", "order", "ip", "run"]
EXCUSED_AT_LOW = {"phone", "pis", "cnh", "renavam", "titulo", "ip", "bank", "order"}
STRUCTURED = {"cnpj", "boleto", "nfe", "money", "date"}


def put_lookalike(g, doc, kind, keyword_prob=0.8):
    prefix, text, kind, k = lookalike(g, kind, keyword_prob)
    doc.t(prefix)
    doc.n(text, kind, k)


def put_cpf(g, doc, keyword=None, forms=None, mistyped_prob=0.0, glue=" "):
    """Writes optional keyword + a CPF (or, rarely, a mistyped one in a form that makes it one)."""
    if mistyped_prob and g.p(mistyped_prob):
        d = g.mistyped()
        if keyword is None:
            text = f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
            form = "mask"
        else:
            text, form = write_cpf(g, d, forms)
        kind = "mistyped-cpf"
    else:
        d = g.cpf()
        text, form = write_cpf(g, d, forms)
        kind = "cpf"
    if keyword:
        doc.t(keyword + glue)
    doc.n(text, kind, keyword, form)


# --------------------------------------------------------------------------
# Genres. Each writes `n` records; ~1 CPF each and ~1 look-alike each.


def gen_csv(g, name, sep, n, bom=False):
    doc = Doc(name, "\r\n" if sep == ";" else "\n")
    if bom:
        doc.t("\ufeff")
    cols = ["id", "cpf", "nome", "nascimento", "telefone", "cep", "cidade", "uf", "valor", "cnpj_empresa"]
    doc.t(sep.join(cols))
    doc.nl()
    for i in range(1, n + 1):
        city, uf = g.c(CITIES)

        def field(fn, quote=False):
            q = '"' if quote or (sep == "," and g.p(0.2)) else ""
            doc.t(q)
            fn()
            doc.t(q)

        order = g.r(0, 3)
        if order == 0:
            doc.t(f"{i}{sep}")
        if order == 3:
            # a numeric neighbour on each side
            doc.t(f"{i}{sep}")
            put_cpf(g, doc, forms=["bare", "bare", "mask"], mistyped_prob=0.03)
            doc.t(f"{sep}{g.r(0, 9)}{sep}")
        else:
            field(lambda: put_cpf(g, doc, forms=["bare", "bare", "mask", "mask", "partial"], mistyped_prob=0.03))
            doc.t(sep)
        nm = g.name()
        doc.t(f'"{nm}, {g.c(LAST)}"' if g.p(0.1) else nm)
        doc.t(sep)
        if g.p(0.3):
            field(lambda: doc.n(g.date(), "date"))
        doc.t(sep)
        if g.p(0.4):
            text, _ = g.phone()
            field(lambda: doc.n(text, "phone"))
        doc.t(sep)
        if g.p(0.25):
            field(lambda: doc.n(g.cep(), "cep"))
        doc.t(f"{sep}{city}{sep}{uf}{sep}")
        if g.p(0.3):
            v = g.money()
            field(lambda: doc.n(v if sep != "," else v.replace(".", ""), "money"), quote=(sep == ","))
        doc.t(sep)
        if g.p(0.3):
            d = cnpj_digits(g)
            field(lambda: doc.n(d if g.p(0.5) else f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}", "cnpj"))
        if order == 1:
            doc.t(f"{sep}{i}")
        doc.nl()
    return doc


def gen_sql(g, n):
    doc = Doc("dump.sql")
    doc.t("-- MySQL dump 10.13  Distrib 8.0.33, for Linux (x86_64)\n--\n-- Host: localhost    Database: loja\n\n")
    doc.t("SET NAMES utf8mb4;\n\n")
    i = 1
    while i <= n:
        table = g.c(["clientes", "clientes", "pagamentos", "notas", "empresas", "vinculos"])
        rows = g.r(1, 12)
        if table == "clientes":
            doc.t("INSERT INTO `clientes` (`id`, `cpf`, `nome`, `telefone`, `criado_em`) VALUES ")
        elif table == "pagamentos":
            doc.t("INSERT INTO `pagamentos` (`id`, `cpf_pagador`, `valor`, `linha_digitavel`, `vencimento`) VALUES ")
        elif table == "notas":
            doc.t("INSERT INTO notas (id, chave_acesso, cnpj_emitente, cpf_destinatario, emitida_em) VALUES ")
        elif table == "empresas":
            doc.t("INSERT INTO empresas (id, cnpj, razao_social, cep, cpf_socio) VALUES ")
        else:
            doc.t("INSERT INTO vinculos VALUES ")
        for j in range(rows):
            if j:
                doc.t(",")
            doc.t(f"({i},")
            if table == "clientes":
                q = "'" if g.p(0.7) else ""
                doc.t(q)
                put_cpf(g, doc, forms=["bare", "bare", "mask"])
                doc.t(f"{q},'{g.name()}',")
                if g.p(0.7):
                    text, _ = g.phone()
                    doc.t("'")
                    doc.n(text, "phone")
                    doc.t("'")
                else:
                    doc.t("NULL")
                doc.t(",'")
                doc.n(g.date(), "date")
                doc.t(f" {g.r(0, 23):02d}:{g.r(0, 59):02d}:{g.r(0, 59):02d}')")
            elif table == "pagamentos":
                put_cpf(g, doc, forms=["bare"])
                doc.t(f",{g.r(1, 99999)}.{g.r(0, 99):02d},'")
                _, text, kind, _ = lookalike(g, "boleto", 0)
                doc.n(text, kind)
                doc.t("','")
                doc.n(f"{g.r(2020, 2024)}-{g.r(1, 12):02d}-{g.r(1, 28):02d}", "date")
                doc.t("')")
            elif table == "notas":
                doc.t("'")
                doc.n(nfe_digits(g), "nfe")
                doc.t("','")
                doc.n(cnpj_digits(g), "cnpj")
                doc.t("','")
                put_cpf(g, doc, forms=["bare", "mask"])
                doc.t(f"','{g.r(2019, 2024)}-{g.r(1, 12):02d}-{g.r(1, 28):02d} 10:00:00')")
            elif table == "empresas":
                d = cnpj_digits(g)
                doc.n(d, "cnpj")
                doc.t(f",'{g.c(LAST)} {g.c(['Ltda', 'S.A.', 'ME', 'EIRELI'])}','")
                doc.n(g.cep(), "cep")
                doc.t("',")
                put_cpf(g, doc, forms=["bare"])
                doc.t(")")
            else:
                # (2,39053344705,3): a CPF stored as a number between numeric columns
                put_cpf(g, doc, forms=["bare"])
                doc.t(f",{g.r(1, 9)})")
            i += 1
        doc.t(";\n")
    return doc


def gen_json(g, n):
    doc = Doc("records.json")
    doc.t("[\n")
    for i in range(n):
        doc.t(f'  {{\n    "id": {g.r(1, 10**7)},\n    "nome": "{g.name()}",\n')
        key = g.c(["cpf", "cpf", "documento", "cpfCnpj", "nr_cpf", "taxId"])
        q = g.p(0.85)
        doc.t(f'    "{key}": ' + ('"' if q else ""))
        put_cpf(g, doc, forms=["bare", "bare", "mask"] if q else ["bare"])
        doc.t(('"' if q else "") + ",\n")
        for kind, field in g.rng.sample([("phone", "telefone"), ("cep", "cep"), ("date", "nascimento"),
                                         ("cnpj", "cnpj_empregador"), ("pis", "pis"), ("order", "pedido"),
                                         ("nfe", "chave_nfe"), ("money", "salario")], g.r(1, 3)):
            doc.t(f'    "{field}": "')
            _, text, kind, _ = lookalike(g, kind, 0)
            doc.n(text, kind, field if kind in ("phone", "pis", "order") else None)
            doc.t('",\n')
        doc.t('    "ativo": true\n  }' + (",\n" if i < n - 1 else "\n"))
    doc.t("]\n")
    return doc


def gen_jsonl(g, n):
    doc = Doc("events.jsonl")
    for i in range(n):
        doc.t(f'{{"ts":"{g.r(2021, 2024)}-{g.r(1, 12):02d}-{g.r(1, 28):02d}T{g.r(0, 23):02d}:{g.r(0, 59):02d}:00Z",'
              f'"event":"{g.c(["login", "checkout", "update", "signup"])}","user":{{"id":{g.r(1, 99999)},"doc":"')
        put_cpf(g, doc, forms=["bare", "bare", "mask", "partial"])
        doc.t('"},"amount":')
        doc.t(f"{g.r(1, 9999)}.{g.r(0, 99):02d}")
        if g.p(0.6):
            doc.t(',"phone":"')
            text, _ = g.phone()
            doc.n(text, "phone", None)
            doc.t('"')
        if g.p(0.3):
            doc.t(',"list":[')
            put_cpf(g, doc, forms=["bare"])
            doc.t(",")
            put_cpf(g, doc, forms=["bare"])
            doc.t("]")
        doc.t("}\n")
    return doc


def gen_access_log(g, n):
    doc = Doc("access.log")
    for i in range(n):
        _, ip, _, _ = lookalike(g, "ip")
        doc.n(ip, "ip")
        doc.t(f' - - [{g.r(1, 28):02d}/Mar/2023:{g.r(0, 23):02d}:{g.r(0, 59):02d}:{g.r(0, 59):02d} -0300] "'
              f'{g.c(["GET", "GET", "POST", "PUT"])} ')
        f = g.r(0, 6)
        if f == 0:
            doc.t(f"/api/v1/{g.r(1, 99)}/")
            put_cpf(g, doc, forms=["bare"])
            doc.t(f"/{g.c(['x', 'extrato', 'dados', 'score'])}")
        elif f == 1:
            doc.t("/clientes?cpf=")
            put_cpf(g, doc, forms=["bare", "mask"])
            doc.t(f"&page={g.r(1, 9)}")
        elif f == 2:
            doc.t(f"/api/v2/")
            put_cpf(g, doc, forms=["bare"])
        elif f == 3:
            doc.t("/consulta/")
            put_cpf(g, doc, forms=["bare", "mask"])
            doc.t(f"?ts={g.r(1_600_000_000, 1_700_000_000)}")
        elif f == 4:
            doc.t("/pedidos/")
            doc.n(str(g.r(100000, 99999999999)) if g.p(0.5) else g.eleven("1", g.p(0.2)), "order")
            doc.t("/status")
        elif f == 5:
            doc.t("/boleto/")
            doc.n(g.digits(47), "boleto")
        else:
            doc.t("/static/img/logo.png")
        doc.t(f' HTTP/1.1" {g.c([200, 200, 200, 201, 304, 404, 500])} {g.r(100, 99999)} "-" '
              f'"Mozilla/5.0 (X11; Linux x86_64)"\n')
    return doc


def gen_app_log(g, n):
    doc = Doc("app.log")
    for i in range(n):
        stamp = f"{g.r(2022, 2024)}-{g.r(1, 12):02d}-{g.r(1, 28):02d}"
        doc.n(stamp, "date") if g.p(0.2) else doc.t(stamp)
        doc.t(f" {g.r(0, 23):02d}:{g.r(0, 59):02d}:{g.r(0, 59):02d}.{g.r(0, 999):03d} "
              f"{g.c(['INFO ', 'WARN ', 'ERROR', 'DEBUG'])} [{g.c(['main', 'http-nio-8080-exec-3', 'worker-7'])}] "
              f"{g.c(['c.e.ClienteService', 'b.c.pix.Gateway', 'o.a.Auth'])} - ")
        f = g.r(0, 9)
        if f == 0:
            doc.t("cliente criado cpf=")
            put_cpf(g, doc, forms=["bare", "mask"], mistyped_prob=0.05)
            doc.t(f" id={g.r(1, 10**6)}")
        elif f == 1:
            doc.t("validação falhou para documento ")
            put_cpf(g, doc, forms=["bare", "mask", "partial"])
        elif f == 2:
            doc.t(f"user={g.r(1, 9999)} doc=")
            put_cpf(g, doc, forms=["bare"])
            doc.t(" status=OK")
        elif f == 3:
            doc.t("payload={\"cpf\":\"")
            put_cpf(g, doc, forms=["bare", "mask"])
            doc.t("\",\"valor\":")
            doc.t(f"{g.r(1, 9999)}.{g.r(0, 99):02d}}}")
        elif f == 4:
            doc.t("SMS enviado ")
            put_lookalike(g, doc, "phone", 0.7)
        elif f == 5:
            doc.t("consulta ")
            put_lookalike(g, doc, g.c(["pis", "cnh", "renavam", "titulo"]))
            doc.t(" retornou 200")
        elif f == 6:
            doc.t("pedido criado ")
            put_lookalike(g, doc, "order")
            doc.t(" para CPF ")
            put_cpf(g, doc, forms=["bare", "mask"], mistyped_prob=0.05)
        elif f == 7:
            doc.t("pagamento ")
            put_lookalike(g, doc, "boleto")
            doc.t(" ")
            put_lookalike(g, doc, "money")
        elif f == 8:
            doc.t("NF-e autorizada ")
            put_lookalike(g, doc, "nfe")
        else:
            doc.t(f"trace={g.digits(g.r(16, 32))} ")
            put_lookalike(g, doc, "run")
        doc.nl()
    return doc


def gen_lists(g, n):
    doc = Doc("lists.txt")
    for i in range(n):
        f = g.r(0, 5)
        k = g.r(2, 8)
        if f == 0:
            for j in range(k):
                if j:
                    doc.t(",")
                put_cpf(g, doc, forms=["mask"])
        elif f == 1:
            doc.t(g.c(["cpfs: ", "CPFs=", "lista: ", "bloqueados: "]))
            for j in range(k):
                if j:
                    doc.t(g.c([";", ", ", ",", " | ", "\t"]))
                put_cpf(g, doc, forms=["bare", "mask"])
        elif f == 2:
            doc.t("IN (")
            for j in range(k):
                if j:
                    doc.t(", ")
                q = g.c(["'", ""])
                doc.t(q)
                put_cpf(g, doc, forms=["bare"])
                doc.t(q)
            doc.t(")")
        elif f == 3:
            doc.t(g.c(["CNPJs: ", "empresas: "]))
            for j in range(k):
                if j:
                    doc.t(", ")
                _, text, kind, _ = lookalike(g, "cnpj", 0)
                doc.n(text, kind)
        elif f == 4:
            doc.t(g.c(["telefones: ", "contatos: "]))
            for j in range(k):
                if j:
                    doc.t(", ")
                text, _ = g.phone()
                doc.n(text, "phone")
        else:
            doc.t("- ")
            put_cpf(g, doc, forms=["mask", "bare"])
            doc.t(f" ({g.name()})")
        doc.nl()
    return doc


def gen_emails(g, n):
    doc = Doc("emails.txt")
    for i in range(n):
        nm = g.name()
        if g.p(0.5):
            doc.t(f"From: {nm} <{nm.split()[0].lower()}@exemplo.com.br>\nTo: atendimento@loja.com.br\n"
                  f"Subject: {g.c(['Cadastro', 'Re: segunda via', 'Fwd: reembolso', 'Dúvida'])}\n\nBom dia,\n\n")
            f = g.r(0, 4)
            if f == 0:
                doc.t("segue meu ")
                put_cpf(g, doc, keyword=g.c(["CPF:", "CPF", "cpf"]), forms=["mask", "bare", "spaces", "partial"],
                      mistyped_prob=0.1)
                doc.t(" para o cadastro.\n")
            elif f == 1:
                doc.t(f"Preciso da segunda via do boleto. Meu documento é ")
                put_cpf(g, doc, forms=["mask", "bare"], mistyped_prob=0.05)
                doc.t(" e o vencimento foi ")
                put_lookalike(g, doc, "date", 0)
                doc.t(".\n")
            elif f == 2:
                doc.t("O reembolso de ")
                put_lookalike(g, doc, "money")
                doc.t(" ainda não caiu na minha ")
                put_lookalike(g, doc, "bank", 1.0)
                doc.t(". Titular: ")
                put_cpf(g, doc, keyword="CPF", forms=["mask", "bare"], mistyped_prob=0.1)
                doc.t(".\n")
            elif f == 3:
                doc.t("Seguem os dados da empresa: ")
                put_lookalike(g, doc, "cnpj")
                doc.t(", responsável ")
                put_cpf(g, doc, keyword="CPF", forms=["mask"], mistyped_prob=0.1)
                doc.t(".\n")
            else:
                doc.t("Sobre o ")
                put_lookalike(g, doc, "order", 1.0)
                doc.t(", não recebi nada.\n")
            doc.t(f"\nAtenciosamente,\n{nm}\n")
            doc.t("")
            put_lookalike(g, doc, "phone", 0.9)
            doc.t("\n\n")
        else:
            for _ in range(g.r(2, 5)):
                doc.t("[")
                stamp = f"{g.r(1, 28):02d}/{g.r(1, 12):02d}/{g.r(2021, 2024)}"
                doc.n(stamp, "date") if g.p(0.3) else doc.t(stamp)
                doc.t(f" {g.r(0, 23):02d}:{g.r(0, 59):02d}] {g.c(FIRST)}: ")
                f = g.r(0, 4)
                if f == 0:
                    doc.t(g.c(["meu cpf é ", "cpf ", "o cpf dela: ", "CPF "]))
                    put_cpf(g, doc, keyword=None, forms=["bare", "mask", "spaces", "partial"], mistyped_prob=0.0)
                    doc.items[-1]["keyword"] = "cpf"
                elif f == 1:
                    doc.t(g.c(["me chama no ", "meu ", "liga no "]))
                    put_lookalike(g, doc, "phone", 1.0)
                elif f == 2:
                    doc.t("manda pra ")
                    put_cpf(g, doc, forms=["bare", "mask"])
                    doc.t(" pf")
                elif f == 3:
                    doc.t("o pix é ")
                    put_cpf(g, doc, forms=["bare", "mask"])
                else:
                    doc.t("ok, obrigado! 👍")
                doc.nl()
            doc.nl()
    return doc


def gen_gazette(g, n):
    doc = Doc("gazette.txt")
    doc.t("DIÁRIO OFICIAL\nPoder Executivo\n\n")
    for i in range(n):
        doc.t(f"PORTARIA Nº {g.r(1, 9)}.{g.r(100, 999)}, DE {g.r(1, 28)} DE {g.c(MONTHS).upper()} DE {g.r(2015, 2024)}\n")
        f = g.r(0, 4)
        d_text = g.c(["CPF nº ", "CPF nº ", "CPF/MF nº ", "inscrito no CPF sob o nº ", "CPF ", "C.P.F. nº "])
        doc.t(f"O SECRETÁRIO, no uso de suas atribuições, resolve {g.c(['nomear', 'exonerar', 'designar'])} "
              f"{g.name().upper()}, ")
        kwd = d_text.strip()
        if g.p(0.08):
            d = g.mistyped()
            doc.t(d_text)
            doc.n(f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}", "mistyped-cpf", kwd, "mask")
        else:
            forms = ["mask", "mask", "spaced-dash", "dash"]
            put_cpf(g, doc, keyword=d_text.rstrip(), forms=forms)
        doc.t(f", matrícula {g.r(100000, 9999999)}, para o cargo de {g.c(['Assessor', 'Analista', 'Técnico'])}")
        if f == 0:
            doc.t(", conforme ")
            put_lookalike(g, doc, "process", 1.0)
        elif f == 1:
            doc.t(", com remuneração de ")
            put_lookalike(g, doc, "money")
        elif f == 2:
            doc.t(", a contar de ")
            put_lookalike(g, doc, "date", 0)
        doc.t(".\n")
        if g.p(0.5):
            doc.t("EXTRATO DE CONTRATO. Contratada: ")
            doc.t(f"{g.c(LAST).upper()} SERVIÇOS LTDA, ")
            put_lookalike(g, doc, "cnpj", 1.0)
            doc.t(". Valor: ")
            put_lookalike(g, doc, "money")
            doc.t(". Signatários: ")
            put_cpf(g, doc, keyword="CPF nº", forms=["mask", "dash", "spaced-dash"])
            doc.t(" e ")
            doc.t(f"{g.name()}, ")
            # already masked by the publisher: not a number at all
            d = g.cpf()
            doc.t(f"CPF ***.{d[3:6]}.{d[6:9]}-**")
            doc.t(". ")
            put_lookalike(g, doc, "process", 1.0)
            doc.t(".\n")
        doc.nl()
    return doc


def gen_pdf(g, n, crlf):
    name = "pdf-extract-crlf.txt" if crlf else "pdf-extract.txt"
    eol = "\r\n" if crlf else "\n"
    doc = Doc(name, eol)
    for i in range(n):
        doc.t(f"Página {i + 1}{eol}{eol}")
        doc.t(f"CONTRATO DE PRESTAÇÃO DE SERVIÇOS{eol}")
        doc.t(f"CONTRATANTE: {g.name().upper()}, brasileiro(a), residente à {g.c(STREETS)}, {g.r(1, 2999)},{eol}")
        kw = g.c(["CPF", "CPF nº", "CPF:", "CPF/MF", "inscrito no CPF sob o nº"])
        doc.t(f"{g.c(['portador(a) do', 'com', 'titular do'])} {kw}\u00a0" if g.p(0.5) else f"{kw} ")
        r = g.r(0, 5)
        if r <= 2:
            # broken across the line end
            d = g.cpf()
            doc.n(write_broken(g, d, eol), "cpf", kw, "linebreak")
        elif r == 3:
            put_cpf(g, doc, forms=["nbsp", "dash"])
            doc.items[-1]["keyword"] = kw
        else:
            put_cpf(g, doc, forms=["mask", "bare"], mistyped_prob=0.1)
            doc.items[-1]["keyword"] = kw
        doc.t(f", e do outro lado{eol}a CONTRATADA, ")
        prefix, text, kind, k = lookalike(g, "cnpj", 1.0)
        if g.p(0.3) and "/" in text:
            text = text.replace("/", "/" + eol, 1)
        doc.t(prefix)
        doc.n(text, kind, k)
        doc.t(f", CEP\u00a0")
        doc.n(g.cep(), "cep", "CEP")
        doc.t(f".{eol}Valor total: R$\u00a0")
        doc.n(g.money(), "money", "R$")
        doc.t(f" ({g.c(['mil', 'dois mil', 'dez mil'])} reais), pagos até ")
        doc.n(g.date(), "date")
        doc.t(f".{eol}")
        if g.p(0.5):
            doc.t("Chave de acesso da NF-e:" + eol)
            d = nfe_digits(g)
            grouped = " ".join(d[j:j + 4] for j in range(0, 44, 4))
            cut = 5 * g.r(3, 8) - 1
            doc.n(grouped[:cut] + eol + grouped[cut + 1:], "nfe", "Chave de acesso da NF-e")
            doc.t(eol)
        if g.p(0.5):
            doc.t("Testemunha: ")
            doc.t(f"{g.name()}, ")
            put_cpf(g, doc, keyword="CPF", forms=["mask", "nbsp", "dash", "bare"])
            doc.t(eol)
        if g.p(0.3):
            doc.t("Processo ")
            doc.n(g.process(), "process", "Processo")
            doc.t(f" – fls.\u00a0{g.r(1, 300)}{eol}")
        doc.t(eol)
    return doc


def gen_invisible(g, n):
    doc = Doc("invisible.txt")
    for i in range(n):
        f = g.r(0, 3)
        nm = g.name()
        if f == 0:
            doc.t(f"{nm} — ")
            put_cpf(g, doc, keyword=g.c(["CPF", "CPF:"]), forms=["invisible"])
        elif f == 1:
            doc.t(f"Cliente: {nm}; documento: \u200e")
            put_cpf(g, doc, forms=["invisible"])
            doc.t("\u200e;")
        elif f == 2:
            doc.t(f"<td>{nm}</td><td>")
            put_cpf(g, doc, forms=["invisible", "mask"])
            doc.t("</td><td>")
            put_lookalike(g, doc, g.c(["phone", "cep", "date"]), 0)
            doc.t("</td>")
        else:
            doc.t("Copiado do sistema: \ufeff")
            put_cpf(g, doc, forms=["invisible"])
            doc.t(f" ({g.c(CITIES)[0]})")
        doc.nl()
    return doc


def gen_odd(g, n):
    doc = Doc("forms.txt")
    for i in range(n):
        doc.t(f"Nome: {g.name()}\n")
        kw = g.c(["CPF", "CPF:", "CPF nº", "C.P.F.", "Cpf", "cpf:", "CPF n.", "CIC:", "Cadastro de Pessoa Física:"])
        form = g.c(["spaces", "slash", "dots", "spaced-dash", "partial", "bare", "mask", "nbsp"])
        glue = "" if g.p(0.1) and kw[-1] not in ".:" else " "
        if g.p(0.12):
            d = g.mistyped()
            text, form = write_cpf(g, d, [form])
            doc.t(kw + glue)
            doc.n(text, "mistyped-cpf", kw, form)
        elif g.p(0.15):
            # the same odd writings without a keyword
            d = g.cpf()
            doc.t("Documento: ")
            text, form = write_cpf(g, d, [form])
            doc.n(text, "cpf", None, form)
        else:
            put_cpf(g, doc, keyword=kw, forms=[form], glue=glue)
        doc.nl()
        doc.t("RG: " + f"{g.r(10, 99)}.{g.r(100, 999)}.{g.r(100, 999)}-{g.c('0123456789X')}\n")
        for kind in g.rng.sample(["phone", "cep", "date", "pis", "cnh", "titulo", "renavam", "bank"], 3):
            label = {"phone": "Contato", "cep": "Endereço", "date": "Nascimento", "pis": "Trabalho",
                     "cnh": "Habilitação", "titulo": "Eleitoral", "renavam": "Veículo", "bank": "Banco"}[kind]
            doc.t(f"{label}: ")
            put_lookalike(g, doc, kind, 0.9)
            doc.nl()
        doc.nl()
    return doc


GENRES = [
    # (builder, records at scale 1); the comment says roughly what each plants
    (lambda g, k: gen_csv(g, "clientes.csv", ",", 2200 * k), "csv ,"),
    (lambda g, k: gen_csv(g, "clientes-excel.csv", ";", 1200 * k, bom=True), "csv ;"),
    (lambda g, k: gen_csv(g, "export.tsv", "\t", 900 * k), "tsv"),
    (lambda g, k: gen_csv(g, "remessa.txt", "|", 700 * k), "pipe"),
    (lambda g, k: gen_sql(g, 2600 * k), "sql"),
    (lambda g, k: gen_json(g, 1200 * k), "json"),
    (lambda g, k: gen_jsonl(g, 1000 * k), "jsonl"),
    (lambda g, k: gen_access_log(g, 3000 * k), "access log"),
    (lambda g, k: gen_app_log(g, 3500 * k), "app log"),
    (lambda g, k: gen_lists(g, 500 * k), "lists"),
    (lambda g, k: gen_emails(g, 1000 * k), "e-mails and chats"),
    (lambda g, k: gen_gazette(g, 1300 * k), "gazette"),
    (lambda g, k: gen_pdf(g, 700 * k, False), "pdf"),
    (lambda g, k: gen_pdf(g, 300 * k, True), "pdf crlf"),
    (lambda g, k: gen_invisible(g, 900 * k), "invisible"),
    (lambda g, k: gen_odd(g, 1800 * k), "odd writings"),
]


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


# --------------------------------------------------------------------------
# Evaluation

LEVELS = {"low": 0, "medium": 1, "high": 2}
PATTERNS = {
    "purview-like": re.compile(r"\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b", re.ASCII),
    "word-boundary": re.compile(r"\b\d{11}\b|\b\d{3}\.\d{3}\.\d{3}-\d{2}\b", re.ASCII),
}


class Corpus:
    """The files and their truth, each item placed at its absolute byte offsets."""

    def __init__(self, root):
        self.root = Path(root)
        self.items = [json.loads(x) for x in open(self.root / "truth.jsonl", encoding="utf-8")]
        self.files = sorted({t["file"] for t in self.items})
        self.data, self.line_starts, self.starts, self.by_file = {}, {}, {}, {}
        bad = 0
        for name in self.files:
            data = (self.root / name).read_bytes()
            self.data[name] = data
            ls = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
            self.line_starts[name] = ls
        for t in self.items:
            raw = t["text"].encode()
            t["start"] = self.line_starts[t["file"]][t["line"] - 1] + t["column"] - 1
            t["end"] = t["start"] + len(raw)
            t["digit_pos"] = [t["start"] + i for i, b in enumerate(raw) if 48 <= b <= 57]
            if self.data[t["file"]][t["start"]:t["end"]] != raw:
                bad += 1
        if bad:
            sys.exit(f"detection.py: {bad} truth items do not match their files' bytes")
        for name in self.files:
            items = sorted((t for t in self.items if t["file"] == name), key=lambda t: t["start"])
            self.by_file[name] = items
            self.starts[name] = [t["start"] for t in items]

    def offset(self, name, line, column):
        return self.line_starts[name][line - 1] + column - 1

    def item_at(self, name, pos):
        """The planted item whose span holds byte `pos`, or None."""
        i = bisect.bisect_right(self.starts[name], pos) - 1
        if i >= 0:
            t = self.by_file[name][i]
            if t["start"] <= pos < t["end"]:
                return t
        return None


def score(corpus, reports):
    """reports: dicts with file, pos, digits, valid, level (0..2). Returns the figures per threshold."""
    cpfs = [t for t in corpus.items if t["kind"] == "cpf"]
    mistyped = [t for t in corpus.items if t["kind"] == "mistyped-cpf"]
    out = {}
    classified = []
    for r in reports:
        t = corpus.item_at(r["file"], r["pos"])
        exact = t is not None and t["start"] == r["pos"] and t["digits"] == r["digits"]
        classified.append((r, t, exact))
    for name, level in (("high", 2), ("medium", 1), ("low", 0)):
        found, good, counted, excused, errors = set(), 0, 0, 0, {}
        for r, t, exact in classified:
            if not r["valid"] or r["level"] < level:
                continue
            if exact and t["kind"] == "cpf":
                found.add(id(t))
                good += 1
                counted += 1
                continue
            kind = t["kind"] if t else "unplanted"
            if r["level"] == 0 and kind in EXCUSED_AT_LOW:
                excused += 1
                continue
            counted += 1
            errors[kind] = errors.get(kind, 0) + 1
        missed = [t for t in cpfs if id(t) not in found]
        out[name] = {"recall": len(found) / len(cpfs), "precision": good / counted if counted else 1.0,
                     "found": len(found), "reported": counted, "excused": excused, "errors": errors,
                     "missed_by_file": _count(missed, "file"), "missed_by_form": _count(missed, "form")}
    got = set()
    wrong_invalid = 0
    for r, t, exact in classified:
        if not r["valid"]:
            if exact and t["kind"] == "mistyped-cpf":
                got.add(id(t))
            else:
                wrong_invalid += 1
    out["mistyped_recall"] = len(got) / len(mistyped) if mistyped else None
    out["invalid_reports_not_mistyped"] = wrong_invalid
    return out


def _count(items, key):
    c = {}
    for t in items:
        c[t[key]] = c.get(t[key], 0) + 1
    return dict(sorted(c.items(), key=lambda kv: -kv[1]))


def redaction(corpus, outputs):
    """outputs: file -> redacted bytes (or None when the length changed). Counts what leaked or was hit."""
    res = {"cpf_exposed": 0, "mistyped_exposed": 0, "structured_hit": 0, "other_hit": 0,
           "hit_by_kind": {}, "length_changed": []}
    for name in corpus.files:
        before, after = corpus.data[name], outputs[name]
        if len(before) != len(after):
            res["length_changed"].append(name)
            continue
        for t in corpus.by_file[name]:
            if t["kind"] in ("cpf", "mistyped-cpf"):
                if any(after[p] == before[p] for p in t["digit_pos"]):
                    res["cpf_exposed" if t["kind"] == "cpf" else "mistyped_exposed"] += 1
            elif after[t["start"]:t["end"]] != before[t["start"]:t["end"]]:
                res["structured_hit" if t["kind"] in STRUCTURED else "other_hit"] += 1
                res["hit_by_kind"][t["kind"]] = res["hit_by_kind"].get(t["kind"], 0) + 1
    return res


def run_cpf(corpus, cpf):
    files = corpus.files
    base = [cpf, "find", "--json"]
    full = base + ["--include-invalid", "--confidence", "low"]
    p = subprocess.run(full + files, cwd=corpus.root, capture_output=True)
    v1 = p.returncode == 2 and b"unknown option" in p.stderr
    if v1:
        p = subprocess.run(base + files, cwd=corpus.root, capture_output=True)
    if p.returncode not in (0, 1):
        sys.exit(f"detection.py: {' '.join(base)} failed: {p.stderr.decode(errors='replace')}")
    reports = []
    for line in p.stdout.decode().splitlines():
        o = json.loads(line)
        src = os.path.normpath(o["source"])
        reports.append({"file": src, "pos": corpus.offset(src, o["line"], o["column"]),
                        "digits": o.get("cpf", ""), "valid": o.get("valid", True),
                        # no confidence (v1): counted at every threshold
                        "level": LEVELS.get(o.get("confidence", "high"), 2)})
    redact = [cpf, "redact"] + ([] if v1 else ["--confidence", "low"])
    outputs = {}
    for name in files:
        q = subprocess.run(redact + [name], cwd=corpus.root, capture_output=True)
        if q.returncode != 0:
            sys.exit(f"detection.py: {' '.join(redact)} {name} failed: {q.stderr.decode(errors='replace')}")
        outputs[name] = q.stdout
    return v1, reports, outputs


def run_pattern(corpus, regex):
    reports, outputs = [], {}
    for name in corpus.files:
        data = corpus.data[name]
        out = bytearray(data)
        for ln, start in enumerate(corpus.line_starts[name]):
            end = data.find(b"\n", start)
            raw = data[start:] if end < 0 else data[start:end]
            if not raw:
                continue
            line = raw.decode("utf-8", "surrogateescape")
            for m in regex.finditer(line):
                digits = "".join(ch for ch in m.group() if ch in DIGITS)
                if not passes(digits):
                    continue
                col = len(line[:m.start()].encode("utf-8", "surrogateescape"))
                pos = start + col
                reports.append({"file": name, "pos": pos, "digits": digits, "valid": True, "level": 1})
                for i, b in enumerate(m.group().encode("utf-8", "surrogateescape")):
                    if 48 <= b <= 57:
                        out[pos + i] = 42
        outputs[name] = bytes(out)
    return reports, outputs


def evaluate(args):
    corpus = Corpus(args.corpus)
    v1, reports, outputs = run_cpf(corpus, args.cpf)
    result = {"corpus": {"files": len(corpus.files), "bytes": sum(len(d) for d in corpus.data.values()),
                         "cpf": sum(t["kind"] == "cpf" for t in corpus.items),
                         "mistyped": sum(t["kind"] == "mistyped-cpf" for t in corpus.items),
                         "lookalikes": sum(t["kind"] not in ("cpf", "mistyped-cpf") for t in corpus.items)},
              "cpf": {"path": args.cpf, "v1_no_confidence": v1, "find": score(corpus, reports),
                      "redact": redaction(corpus, outputs)}, "patterns": {}}
    if v1:
        result["cpf"]["find"]["mistyped_recall"] = None
    for name, regex in PATTERNS.items():
        r, o = run_pattern(corpus, regex)
        result["patterns"][name] = {"regex": regex.pattern, "find": score(corpus, r), "redact": redaction(corpus, o)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print_table(result)


def print_table(res):
    c = res["corpus"]
    print(f"Corpus: {c['files']} files, {c['bytes'] / 1e6:.1f} MB, {c['cpf']} CPFs, {c['mistyped']} mistyped CPFs, "
          f"{c['lookalikes']} look-alikes.")
    cpf = res["cpf"]
    if cpf["v1_no_confidence"]:
        print("v1 scanner: no confidence (plain `find --json`, every report counted at every threshold; "
              "`redact` without --confidence)")
    print()
    print("| detector | threshold | recall | precision | reported | errors | excused | mistyped recall "
          "| CPFs exposed | mistyped exposed | structured hit | other hit |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

    def row(name, thr, f, red, lvl):
        s = f[lvl]
        mr = f["mistyped_recall"]
        red_cells = (f"{red['cpf_exposed']} | {red['mistyped_exposed']} | {red['structured_hit']} | {red['other_hit']}"
                     if red else " | | | ")
        print(f"| {name} | {thr} | {s['recall']:.3f} | {s['precision']:.3f} | {s['reported']} | "
              f"{sum(s['errors'].values())} | {s['excused']} | {'-' if mr is None else f'{mr:.3f}'} | {red_cells} |")

    for lvl in ("high", "medium", "low"):
        row(f"cpf find/redact", lvl + (" (default)" if lvl == "medium" else ""), cpf["find"],
            cpf["redact"] if lvl == "low" else None, lvl)
    for name, p in res["patterns"].items():
        row(name, "-", p["find"], p["redact"], "medium")
    print()
    print("Redaction columns: `cpf redact` at --confidence low (style full); patterns: their matches' digits "
          "turned into `*`.")
    if cpf["redact"]["length_changed"]:
        print(f"redact changed the length of: {', '.join(cpf['redact']['length_changed'])} (not compared)")
    med = cpf["find"]["medium"]
    print()
    print("cpf find at medium: CPFs missed by file:",
          ", ".join(f"{k} {v}" for k, v in med["missed_by_file"].items()) or "none")
    print("cpf find at medium: CPFs missed by form:",
          ", ".join(f"{k} {v}" for k, v in med["missed_by_form"].items()) or "none")
    print("cpf find at medium: errors by kind:", ", ".join(f"{k} {v}" for k, v in med["errors"].items()) or "none")
    low = cpf["find"]["low"]
    print("cpf find at low: errors by kind:", ", ".join(f"{k} {v}" for k, v in low["errors"].items()) or "none")
    print(f"cpf find: invalid reports that are not mistyped CPFs: {cpf['find']['invalid_reports_not_mistyped']}")
    print("cpf redact: look-alikes changed by kind:",
          ", ".join(f"{k} {v}" for k, v in cpf["redact"]["hit_by_kind"].items()) or "none")
    for name, p in res["patterns"].items():
        print(f"{name}: errors by kind:", ", ".join(f"{k} {v}" for k, v in p["find"]["medium"]["errors"].items())
              or "none", "| missed by form:",
              ", ".join(f"{k} {v}" for k, v in p["find"]["medium"]["missed_by_form"].items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="write a labelled corpus")
    g.add_argument("--out", required=True)
    g.add_argument("--seed", default="1")
    g.add_argument("--scale", type=int, default=1)
    e = sub.add_parser("evaluate", help="measure a cpf binary and two simple patterns on a corpus")
    e.add_argument("--corpus", required=True)
    e.add_argument("--cpf", required=True)
    e.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.command == "generate":
        generate(args)
    else:
        args.cpf = str(Path(args.cpf).resolve()) if os.sep in args.cpf else args.cpf
        evaluate(args)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `| head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
