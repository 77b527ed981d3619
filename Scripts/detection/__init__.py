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
    writings of CPFs; and OCR'd text (a gazette, court decisions, scanned
    forms) with noise on words and one or two digits of most CPFs turned
    into look-alike letters (form `ocr`, `digits` the digits as read), beside
    look-alike negatives written as plain text: product codes, plates
    (`ABC1D23`), alphanumeric CNPJs (`12.ABC.345/01DE-35`), hexadecimal
    hashes, words of O, l and I with dots and dashes, masks with three
    letters. Besides valid CPFs (made with the check-digit rule,
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

    A second table gives, per genre (file), recall and precision of `find`
    at each threshold and of the patterns. The text also breaks down, for
    `find` at its default threshold, recall by file and by form, and errors
    by look-alike kind. --json prints all the
    figures as one JSON object instead.
"""
