#!/usr/bin/env python3
"""Runs every Spark recipe of docs/reference.md on a real Spark (pyspark,
local[2]) over generated data, and compares each with the whole-file run of
the same cpf command. Fails (exit 1) on the first difference.

    python3 Scripts/spark-test.py --cpf .build-static/cpf [--rows N]
    python3 Scripts/spark-test.py --cpf .build-static/cpf --bench --rows 2000000

Scripts/spark-test.sh installs pyspark into a cache and runs this with it.
With --bench, it also times cpf beside regexp_replace and a python-stdnum
UDF on the same column and counts the CPFs each leaves visible.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integrations", "spark"))
import cpf_spark  # noqa: E402


def check_digits(base):
    digits = [int(c) for c in base]
    first = sum(d * w for d, w in zip(digits, range(10, 1, -1))) * 10 % 11 % 10
    second = sum(d * w for d, w in zip(digits + [first], range(11, 1, -1))) * 10 % 11 % 10
    return f"{base}{first}{second}"


def masked(cpf):
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def random_cpf(rng):
    while True:
        base = f"{rng.randrange(10**9):09d}"
        if len(set(base)) > 1:
            return check_digits(base)


def mistyped(cpf):
    last = (int(cpf[-1]) + 1) % 10
    return cpf[:-1] + str(last)


def written_as(cpf, turn):
    """A CPF as people write it in free text: mostly masked or bare, sometimes
    with spaces, dots only, a spaced or long dash."""
    forms = [
        masked(cpf), masked(cpf), masked(cpf), masked(cpf), cpf, cpf, f"{cpf[:9]}-{cpf[9:]}",
        f"{cpf[:3]} {cpf[3:6]} {cpf[6:9]} {cpf[9:]}", f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}.{cpf[9:]}",
        f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]} - {cpf[9:]}", f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}\u2013{cpf[9:]}",
    ]
    return forms[turn % len(forms)]


def generate(directory, rows, rng):
    """customers.tsv: id, cpf (valid masked or bare, mistyped, empty, N/A,
    9 digits), account (11 digits that are no CPF), note (free text, a CPF in
    some). log.txt: free text lines, some with a CPF, some with one broken
    across two lines, some without."""
    tsv = os.path.join(directory, "customers.tsv")
    log = os.path.join(directory, "log.txt")
    with open(tsv, "w") as out:
        for index in range(rows):
            cpf = random_cpf(rng)
            kind = index % 10
            value = (
                masked(cpf) if kind < 4 else cpf if kind < 6 else mistyped(cpf) if kind == 6
                else "" if kind == 7 else "N/A" if kind == 8 else cpf[:9])
            account = random_cpf(rng)
            account = mistyped(account)  # 11 digits, never a valid CPF
            other = random_cpf(rng)
            written = written_as(other, index // 3)
            note = (f"cliente pediu 2a via, cpf {written}, conta {account}" if index % 3 == 0
                    else f"doc {written} conta {account}" if index % 3 == 1 else f"sem documento, conta {account}")
            # The CPF in the note, for the benchmark's count of what is left visible (not an input of cpf).
            secret = other if index % 3 != 2 else ""
            out.write(f"{index}\t{value}\t{account}\t{note}\t{secret}\n")
    with open(log, "w") as out:
        for index in range(rows):
            cpf = random_cpf(rng)
            kind = index % 7
            if kind == 0:
                out.write(f"{index} login ok cpf={masked(cpf)} ip 10.0.0.{index % 256}\n")
            elif kind == 1:
                out.write(f"{index} pedido de {cpf} recusado\n")
            elif kind == 2:
                out.write(f"{index} endereco atualizado: rua {index}, cpf {masked(cpf)[:8]}\n")
                out.write(f"{masked(cpf)[8:]} confirmado\n")
            elif kind == 3:
                out.write(f"{index} sem dados pessoais\n")
            else:
                out.write(f"{index} tel 11 9{index % 10000:04d}-{index % 9999:04d} conta {mistyped(cpf)}\n")
    return tsv, log


class Failed(Exception):
    pass


def expect(condition, what):
    if not condition:
        raise Failed(what)
    print(f"  ok: {what}")


def whole(cpf, arguments, path):
    """The whole-file run: its output lines and exit status."""
    with open(path, "rb") as source:
        done = subprocess.run([cpf] + arguments, stdin=source, capture_output=True)
    return done.stdout.decode("utf-8", "surrogateescape").split("\n")[:-1], done.returncode


def fails(action):
    try:
        action()
    except Exception as error:  # noqa: BLE001 - any failure of the job is the answer
        import re
        lines = [line.strip() for line in str(error).splitlines()]
        # The line that says why, rather than the worker's traceback.
        for wanted in (lambda line: "exited with status" in line,
                       lambda line: re.match(r"^[\w.]+(Error|Exception): ", line)):
            for line in lines:
                if wanted(line):
                    return line[:200]
        return lines[0][:200] if lines else type(error).__name__
    return None


def recipes(spark, cpf, directory, tsv, log, partitions):
    sc = spark.sparkContext
    key = os.path.join(directory, "cpf.key")
    subprocess.run([cpf, "pseudonymize", "--new-key-file", key], check=True)
    shipped = os.path.join(directory, "ship")
    os.mkdir(shipped)
    shutil.copy(cpf, os.path.join(shipped, "cpf"))
    shutil.copy(key, os.path.join(shipped, "cpf.key"))
    cpf_spark.ship(sc, os.path.join(shipped, "cpf"), key=os.path.join(shipped, "cpf.key"))
    lines = sc.textFile(log, partitions)
    rows = sc.textFile(tsv, partitions)
    expect(lines.getNumPartitions() >= 2 and rows.getNumPartitions() >= 2, "the inputs are split into partitions")

    print("RDD.pipe, an absolute path, checkCode=True")
    arguments = ["redact", "--line-local"]
    redacted = lines.pipe(" ".join([cpf] + arguments), checkCode=True).collect()
    expected, _ = whole(cpf, arguments, log)
    expect(redacted == expected, "redact --line-local: the partitions give the whole file's lines")
    left = subprocess.run(
        [cpf, "find", "--line-local", "--confidence", "low", "--include-invalid", "--count"],
        input="\n".join(redacted).encode(), capture_output=True)
    expect(left.returncode == 1 and not left.stdout, "redact --line-local leaves no CPF on any line")

    print("cpf_spark.pipe: the binary and key shipped with sc.addFile")
    arguments = ["check", "--annotate", "--field", "2", "--delimiter", "tab", "--raw", "--exit-zero"]
    checked = cpf_spark.pipe(rows, *arguments).collect()
    expected, status = whole(cpf, arguments, tsv)
    expect(status == 0 and checked == expected, "check --annotate: the same verdicts as the whole file")
    arguments = ["pseudonymize", "--key-file", cpf_spark.KEY, "--field", "2", "--delimiter", "tab", "--raw",
                 "--exit-zero", "-q"]
    pseudonyms = cpf_spark.pipe(rows, *arguments).collect()
    expected, _ = whole(cpf, [a if a != cpf_spark.KEY else key for a in arguments], tsv)
    expect(pseudonyms == expected, "pseudonymize --field 2: the same pseudonyms in every partition")
    arguments = ["find", "--per-line", "--exit-zero"]
    found = cpf_spark.pipe(lines, *arguments)
    joined = lines.zip(found).collect()
    expected, _ = whole(cpf, arguments, log)
    expect([f for _, f in joined] == expected, "find --per-line: one array per row, the whole file's")
    import json

    def holds(line, matches):
        digits = "".join(c for c in line if c.isdigit())
        return all(match["cpf"] in digits for match in json.loads(matches))
    expect(all(holds(line, matches) for line, matches in joined) and any(m != "[]" for _, m in joined),
           "find --per-line joins back to its rows (zip): each row holds the CPFs found for it")

    def shipped_key_run(_):
        import subprocess as run
        argv = cpf_spark.command("pseudonymize", "--key-file", cpf_spark.KEY, "390.533.447-05")
        done = run.run(argv, capture_output=True)
        return [(oct(os.stat(argv[3]).st_mode & 0o777), done.returncode, done.stderr.decode())]
    mode, status, complaint = sc.parallelize([0], 1).flatMap(shipped_key_run).collect()[0]
    expect(status == 0 and complaint == "",
           f"the key as sc.addFile leaves it (mode {mode}) is used with no warning")

    print("DataFrames: df.rdd.map(lambda r: r[...]) through cpf, zipped back")
    from pyspark.sql.types import StructType, StructField, StringType
    schema = StructType([StructField(n, StringType()) for n in ("id", "cpf", "account", "note", "secret")])
    frame = spark.read.csv(tsv, sep="\t", schema=schema)
    values = frame.rdd.map(lambda row: "\\N" if row["cpf"] is None else row["cpf"])
    formatted = cpf_spark.pipe(values, "format", "--field", "1", "--raw", "--exit-zero", "-q")
    result = frame.rdd.zip(formatted).map(
        lambda pair: (pair[0]["id"], None if pair[1] == "\\N" else pair[1])).toDF(["id", "cpf"])
    got = [row["cpf"] for row in result.collect()]
    expected, _ = whole(cpf, ["format", "--field", "2", "--delimiter", "tab", "--raw", "-q"], tsv)
    expected = [line.split("\t")[1] or None for line in expected]
    expect(got == expected, "format of a DataFrame column (NULL as \\N): the whole file's values")

    print("Spark SQL: TRANSFORM with ROW FORMAT DELIMITED (tabs)")
    frame.createOrReplaceTempView("customers")
    query = f"""
        SELECT TRANSFORM (id, cpf)
          ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
          USING '{cpf} check --annotate --field 2 --delimiter tab --raw --exit-zero'
          AS (id STRING, cpf STRING, valid STRING, reason STRING)
          ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
        FROM customers"""
    verdicts = {row["id"]: (row["valid"], row["reason"]) for row in spark.sql(query).collect()}
    expected, _ = whole(cpf, ["check", "--annotate", "--field", "2", "--delimiter", "tab", "--exit-zero"], tsv)
    reference = {}
    for line in expected:
        fields = line.split("\t")
        empty = fields[1] == ""
        reference[fields[0]] = (None, None) if empty else (fields[-2], fields[-1])
    differing = [(k, verdicts.get(k), reference.get(k)) for k in reference if verdicts.get(k) != reference.get(k)]
    expect(not differing and len(verdicts) == len(reference),
           f"check --annotate through TRANSFORM: the whole file's verdicts, NULL for NULL {differing[:3]}")
    query = f"""
        SELECT TRANSFORM (id, cpf)
          ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
          USING '{cpf} format --field 2 --delimiter tab --raw --exit-zero -q'
          AS (id STRING, cpf STRING)
          ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
        FROM customers"""
    got = {row["id"]: row["cpf"] for row in spark.sql(query).collect()}
    expected, _ = whole(cpf, ["format", "--field", "2", "--delimiter", "tab", "--raw", "-q"], tsv)
    expect(got == {line.split("\t")[0]: line.split("\t")[1] or None for line in expected},
           "format through TRANSFORM: invalid values pass, the query succeeds")

    print("Spark SQL: TRANSFORM without ROW FORMAT (U+0001 in)")
    query = f"""
        SELECT TRANSFORM (id, cpf)
          USING '{cpf} check --annotate --field 2 --delimiter soh --raw --exit-zero'
          AS (id STRING, cpf STRING, valid STRING, reason STRING)
        FROM customers"""
    plain = {row["id"]: (row["valid"], row["reason"]) for row in spark.sql(query).collect()}
    expect(plain == reference, "TRANSFORM without ROW FORMAT, --delimiter soh: the whole file's verdicts")

    print("Partitions with nothing to find, or only invalid values, succeed")
    empty = sc.parallelize(["nada aqui", "N/A", ""], 2)
    expect(cpf_spark.pipe(empty, "find", "--per-line", "--exit-zero").collect() == ["[]", "[]", "[]"],
           "find --per-line --exit-zero on partitions with no CPF")
    invalid = sc.parallelize(["123", "abc"], 2)
    expect(len(invalid.pipe(f"{cpf} check --exit-zero -q", checkCode=True).collect()) == 0,
           "check --exit-zero on partitions of invalid values")

    print("What cannot run fails the job")
    error = fails(lambda: lines.pipe("/nonexistent/cpf redact", checkCode=True).collect())
    expect(error is not None, f"a missing binary fails the job ({error})")
    error = fails(lambda: invalid.pipe(f"{cpf} check -q", checkCode=True).collect())
    expect(error is not None, "without --exit-zero, invalid data fails the task (exit 1)")
    error = fails(lambda: cpf_spark.pipe(rows, "pseudonymize", "--key-file", "/nonexistent/cpf.key").collect())
    expect(error is not None and "status 2" in error, f"a missing key fails the job ({error})")
    broken = sc.parallelize(range(10), 2).map(lambda i: f"x {i}" if i != 7 else 1 // 0)
    error = fails(lambda: cpf_spark.pipe(broken, "redact").collect())
    expect(error is not None and "ZeroDivisionError" in error,
           f"an upstream error in a partition fails the job, not half a partition ({error})")
    error = fails(lambda: rows.pipe(f"{cpf} pseudonymize --key-file /nonexistent/cpf.key", checkCode=True).collect())
    expect(error is not None, "a missing key fails RDD.pipe with checkCode=True")
    query = """SELECT TRANSFORM (id, cpf) USING '/nonexistent/cpf check --annotate --field 2 --raw'
               AS (id STRING, cpf STRING, valid STRING, reason STRING) FROM customers"""
    error = fails(lambda: spark.sql(query).collect())
    expect(error is not None, f"a missing binary fails a TRANSFORM query ({error})")


def bench(spark, cpf, directory, tsv):
    """Hides the CPFs of the note column three ways and counts what each leaves."""
    from pyspark.sql import functions
    from pyspark.sql.types import StructType, StructField, StringType
    schema = StructType([StructField(n, StringType()) for n in ("id", "cpf", "account", "note", "secret")])
    frame = spark.read.csv(tsv, sep="\t", schema=schema)
    frame.createOrReplaceTempView("customers")
    pattern = r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}"

    def stdnum_mask(text):
        import re
        from stdnum.br import cpf as stdnum_cpf
        if text is None:
            return None
        return re.sub(pattern, lambda m: "***" if stdnum_cpf.is_valid(m.group(0)) else m.group(0), text)

    methods = {
        "cpf redact (TRANSFORM)": lambda: spark.sql(f"""
            SELECT TRANSFORM (id, account, note, secret)
              ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
              USING '{cpf} redact --field 3 --delimiter tab --raw --line-local'
              AS (id STRING, account STRING, note STRING, secret STRING)
              ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'
            FROM customers"""),
        "regexp_replace": lambda: frame.select(
            "id", "account", functions.regexp_replace("note", pattern, "***").alias("note"), "secret"),
        "python-stdnum UDF": lambda: frame.select(
            "id", "account", functions.udf(stdnum_mask, StringType())("note").alias("note"), "secret"),
    }
    print(f"{frame.count()} rows, {sum(1 for r in frame.select('secret').collect() if r[0])} CPFs in the notes")
    print("| method | seconds | CPFs left visible | account numbers changed |")
    print("|---|---:|---:|---:|")
    for name, make in methods.items():
        output = os.path.join(directory, "bench-" + name.split()[0].replace("-", ""))
        start = time.monotonic()
        make().write.mode("overwrite").option("sep", "\t").csv(output)
        seconds = time.monotonic() - start
        visible = changed = 0
        for part in sorted(os.listdir(output)):
            if not part.startswith("part-"):
                continue
            for line in open(os.path.join(output, part), encoding="utf-8"):
                fields = line.rstrip("\n").split("\t")
                note_digits = "".join(c for c in fields[2] if c.isdigit())
                if fields[3] and fields[3] in note_digits:
                    visible += 1
                if fields[1] not in fields[2]:
                    changed += 1
        print(f"| {name} | {seconds:.1f} | {visible} | {changed} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpf", required=True, help="the cpf binary (the static one)")
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("--bench", action="store_true")
    parser.add_argument("--seed", type=int, default=26)
    options = parser.parse_args()
    cpf = os.path.abspath(options.cpf)
    if not os.access(cpf, os.X_OK):
        sys.exit(f"spark-test: no cpf binary at {cpf}")
    # The executors' Python workers run this interpreter (python-stdnum is in its environment).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    started = time.monotonic()
    spark = (SparkSession.builder.master("local[2]").appName("cpf-spark-test")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    directory = tempfile.mkdtemp(prefix="cpf-spark-")
    try:
        tsv, log = generate(directory, options.rows, random.Random(options.seed))
        if options.bench:
            bench(spark, cpf, directory, tsv)
        else:
            recipes(spark, cpf, directory, tsv, log, options.partitions)
    except Failed as failure:
        print(f"spark-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    finally:
        spark.stop()
        shutil.rmtree(directory, ignore_errors=True)
    print(f"spark-test: passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
