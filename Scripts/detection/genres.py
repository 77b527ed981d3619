"""The genres of the corpus: one builder per kind of file, and GENRES, the list `generate` writes."""

from .common import *  # noqa: F401,F403 (the genres use the shared helpers)


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


def put_ocr_cpf(g, doc, keyword, clean_prob=0.3, bare_prob=0.3):
    """keyword + a CPF as OCR left it: the full mask (or, after the keyword, bare) with one or two letters, or now
    and then clean."""
    d = g.cpf()
    doc.t(keyword + " ")
    if g.p(clean_prob):
        doc.n(f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}", "cpf", keyword, "mask")
    elif g.p(bare_prob):
        doc.n_read(ocr_cpf(g, d, bare=True), d, "cpf", keyword, "ocr-bare")
    else:
        doc.n_read(ocr_cpf(g, d), d, "cpf", keyword, "ocr")


def gen_ocr_gazette(g, n):
    """An official gazette scanned and OCR'd: noise on words, letters among the digits of CPFs."""
    doc = Doc("ocr-gazette.txt")
    doc.t(ocr_noise(g, "DIÁRIO OFICIAL DO MUNICÍPIO\nAtos do Poder Executivo\n\n"))
    for _ in range(n):
        doc.t(ocr_noise(g, f"PORTARIA Nº {g.r(1, 9)}.{g.r(100, 999)}, DE {g.r(1, 28)} DE "
                           f"{g.c(MONTHS).upper()} DE {g.r(2015, 2024)}\n"))
        doc.t(ocr_noise(g, f"O PREFEITO MUNICIPAL resolve {g.c(['nomear', 'exonerar', 'designar'])} "
                           f"{g.name().upper()}, "))
        put_ocr_cpf(g, doc, g.c(["inscrito no CPF", "titular do CPF", "CPF", "CPF nº", "CPF/MF nº"]))
        doc.t(ocr_noise(g, f", matrícula {g.r(100000, 9999999)}, para o cargo de "
                           f"{g.c(['Assessor', 'Analista', 'Técnico'])}, "))
        doc.t(ocr_negative(g))
        doc.t(".\n")
        if g.p(0.4):
            doc.t(ocr_noise(g, "EXTRATO DE CONTRATO. Contratada: ") + f"{g.c(LAST).upper()} LTDA, ")
            put_lookalike(g, doc, "cnpj", 1.0)
            doc.t(ocr_noise(g, ". Signatário: ") + f"{g.name()}, ")
            put_ocr_cpf(g, doc, "CPF")
            doc.t(".\n")
        doc.nl()
    return doc


def gen_ocr_court(g, n):
    """Court decisions OCR'd: parties with CPFs, process numbers, money, noise on words."""
    doc = Doc("ocr-decisoes.txt")
    for _ in range(n):
        doc.t(ocr_noise(g, f"PROCESSO Nº "))
        put_lookalike(g, doc, "process", 0)
        doc.t(ocr_noise(g, f"\nAUTOR: {g.name().upper()}, brasileiro, portador do RG {g.r(1000000, 99999999)}, "))
        put_ocr_cpf(g, doc, g.c(["inscrito no CPF sob o nº", "CPF", "CPF nº"]))
        doc.t(ocr_noise(g, f", residente na {g.c(STREETS)}, {g.r(1, 3000)}.\nRÉU: {g.c(LAST).upper()} S.A., "))
        put_lookalike(g, doc, "cnpj", 1.0)
        doc.t(ocr_noise(g, ". SENTENÇA. Julgo procedente o pedido e condeno o réu ao pagamento de "))
        put_lookalike(g, doc, "money")
        doc.t(ocr_noise(g, f". Anexo: ") + ocr_negative(g) + ".\n\n")
    return doc


def gen_ocr_form(g, n):
    """Scanned forms OCR'd: one field a line, labels noisy, CPFs with letters, codes beside them."""
    doc = Doc("ocr-formularios.txt")
    for _ in range(n):
        doc.t(ocr_noise(g, f"Nome: {g.name()}\n", 0.12))
        put_ocr_cpf(g, doc, ocr_noise(g, "CPF:", 0.0) if g.p(0.7) else "CPF")
        doc.t("\n")
        doc.t(ocr_noise(g, "Data de nascimento: ", 0.12))
        put_lookalike(g, doc, "date", 0)
        doc.t("\n" + ocr_noise(g, "Telefone: ", 0.12))
        put_lookalike(g, doc, "phone", 0)
        doc.t("\n" + ocr_noise(g, "Observações: ", 0.12) + ocr_negative(g) + "\n")
        if g.p(0.3):
            # a CPF with no keyword, the full mask alone on its line
            d = g.cpf()
            doc.n_read(ocr_cpf(g, d), d, "cpf", None, "ocr")
            doc.t("\n")
        doc.t("-" * 20 + "\n")
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
    # OCR'd text (issue 27): letters among the digits, noise on words, look-alike codes
    (lambda g, k: gen_ocr_gazette(g, 900 * k), "ocr gazette"),
    (lambda g, k: gen_ocr_court(g, 700 * k), "ocr court decisions"),
    (lambda g, k: gen_ocr_form(g, 900 * k), "ocr forms"),
]
