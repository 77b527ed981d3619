"""Shared by the genres: check digits, names and places, the random source (Gen), a
document being written with its truth (Doc), CPFs and look-alikes written as people write them."""

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

    def n_read(self, text, digits, kind, keyword=None, form=None):
        """Plants a number whose digits are not all written as digits (an OCR reading): `digits` as read."""
        self.items.append({"file": self.name, "line": self.line, "column": self.col + 1,
                           "end_line": self.line, "text": text, "digits": digits,
                           "kind": kind, "keyword": keyword, "form": form, "passes": passes(digits)})
        self.t(text)

    def write(self, out):
        (out / self.name).write_bytes("".join(self.parts).encode())


# --------------------------------------------------------------------------
# OCR: letters that OCR writes for digits (docs/reference.md, "OCR readings"),
# and the noise it puts on words.

OCR_LETTERS = {"0": "OoDQ", "1": "lIi|!", "2": "Zz", "5": "Ss", "6": "Gb", "7": "T", "8": "B", "9": "gq"}
OCR_WORD_NOISE = [("m", "rn"), ("e", "c"), ("a", "o"), ("i", "í"), ("l", "I"), ("ç", "c"), ("ã", "a"), ("o", "0"),
                  ("s", "5"), ("h", "b"), ("u", "ü")]


def ocr_cpf(g, d, bare=False):
    """CPF digits d, the full mask (or bare), with one or two digits OCR'd into look-alike letters (those that have one)."""
    mask = list(d if bare else f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}")
    places = [i for i in (range(11) if bare else (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13)) if mask[i] in OCR_LETTERS]
    for i in g.rng.sample(places, min(len(places), 1 if g.p(0.6) else 2)):
        mask[i] = g.c(OCR_LETTERS[mask[i]])
    return "".join(mask)


def ocr_noise(g, text, prob=0.08):
    """Text with OCR errors on some letters (rn for m, c for e, 0 for o...), never next to a digit."""
    out = []
    for i, ch in enumerate(text):
        near_digit = (i and text[i - 1] in DIGITS) or (i + 1 < len(text) and text[i + 1] in DIGITS)
        swaps = [b for a, b in OCR_WORD_NOISE if a == ch]
        out.append(g.c(swaps) if swaps and not near_digit and g.p(prob) else ch)
    return "".join(out)


def ocr_negative(g):
    """Text that looks like an OCR'd CPF to a loose reader but is none: codes, plates, alphanumeric CNPJs, hashes."""
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    kind = g.r(0, 7)
    if kind == 0:  # a product code
        return f"código {g.c(letters)}{g.r(10, 99)}-{g.r(100, 999)}{g.c('OIlSB')}-{g.r(1, 9)}{g.c('ZGT')}"
    if kind == 1:  # a Mercosul plate
        return f"placa {''.join(g.c(letters) for _ in range(3))}{g.r(0, 9)}{g.c(letters)}{g.r(10, 99)}"
    if kind == 2:  # an alphanumeric CNPJ (2026)
        return (f"CNPJ {g.r(10, 99)}.{''.join(g.c(letters) for _ in range(3))}.{g.r(100, 999)}/"
                f"{g.r(10, 99)}{g.c(letters)}{g.c(letters)}-{g.r(10, 99)}")
    if kind == 3:  # a hexadecimal hash
        return "sha1 " + "".join(g.c("0123456789abcdef") for _ in range(40))
    if kind == 4:  # words of O, l and I with dots and dashes
        return ".".join("".join(g.c("OlI") for _ in range(3)) for _ in range(3)) + "-" + g.c(["lO", "OI", "Il"])
    if kind == 5:  # a mask with three letters: too many to read
        d = g.cpf()
        mask = list(f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}")
        for i in g.rng.sample([0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13], 3):
            mask[i] = g.c("OlSZB")
        return "ref. " + "".join(mask)
    if kind == 6:  # bare look-alikes of a valid CPF after a keyword that is no CPF's
        return f"{g.c(['protocolo', 'pedido', 'código'])} {ocr_cpf(g, g.cpf(), bare=True)}"
    return f"lote {g.c(letters)}{g.c('OI')}{g.r(100, 999)}.{g.r(100, 999)}-{g.c(letters)}{g.c('Sl')}"


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
