"""Run cpf inside Spark: ship the binary (and a key) to every executor,
pipe each partition through it, and fail the task when cpf fails.

    from pyspark.sql import SparkSession
    import cpf_spark

    spark = SparkSession.builder.getOrCreate()
    cpf_spark.ship(spark.sparkContext, "/path/to/cpf", key="/path/to/cpf.key")
    redacted = cpf_spark.pipe(spark.sparkContext.textFile("logs/"), "redact", "--line-local")
    verdicts = cpf_spark.pipe(rows, "check", "--annotate", "--field", "2",
                              "--delimiter", "tab", "--raw", "--exit-zero")
    pseudonyms = cpf_spark.pipe(cpfs, "pseudonymize", "--key-file", cpf_spark.KEY)

Why not RDD.pipe("cpf ...")? PySpark runs the command with an empty
environment (no PATH), the path sc.addFile gives differs from executor to
executor (SparkFiles.get must run on the executor), and without
checkCode=True a cpf that could not run (no binary, no key: exit 127 or 2)
silently gives an empty partition. pipe() here resolves the paths on the
executor and raises, with the end of cpf's standard error (which never
holds a CPF in clear), when cpf exits with anything but 0; and when the
partition's own rows raise (an upstream stage failed), it stops cpf and
raises that error, so the task fails rather than succeed with half a
partition.

Only the standard library and pyspark are used. See docs/reference.md,
"Spark, Hadoop and other partitioned pipelines".
"""

import collections
import os
import subprocess
import threading

__all__ = ["KEY", "ship", "pipe", "command"]

#: Stands for the path of the key shipped with ship(key=...) in pipe()'s arguments.
KEY = "{cpf-key}"

_BINARY_NAME = "cpf"
_KEY_NAME = "cpf.key"


def ship(sc, binary, key=None):
    """Sends the cpf binary (and the key file) to every executor (sc.addFile),
    and this module to their Python workers (sc.addPyFile).

    The binary should be the static one (Scripts/build-static.sh): an
    executor has no Swift runtime. The file names must be 'cpf' and, for the
    key, 'cpf.key'; copy them under those names first if they differ.
    """
    # The executors' Python workers import this module to run pipe()'s function.
    sc.addPyFile(os.path.abspath(__file__))
    for path, name in ((binary, _BINARY_NAME), (key, _KEY_NAME)):
        if path is None:
            continue
        if os.path.basename(path) != name:
            raise ValueError(f"cpf_spark.ship: {path} must be named {name}")
        if not os.path.isfile(path):
            raise FileNotFoundError(f"cpf_spark.ship: no such file: {path}")
        sc.addFile(path)


def command(*arguments):
    """The command line to run on this executor: the shipped binary's
    absolute path, then `arguments`, KEY replaced by the shipped key's path."""
    from pyspark import SparkFiles

    def shipped(name):
        path = SparkFiles.get(name)
        if not os.path.isfile(path):
            raise FileNotFoundError(
                f"cpf_spark: {name} was not shipped to this executor (call cpf_spark.ship first)")
        return path

    return [shipped(_BINARY_NAME)] + [shipped(_KEY_NAME) if a == KEY else a for a in arguments]


def _run(arguments, lines):
    """Feeds `lines` to cpf, yields its output lines, raises if it fails."""
    argv = command(*arguments)
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={})
    tail = collections.deque(maxlen=20)
    upstream = []  # what the partition's own iterator raised, if it did

    def feed():
        try:
            for line in lines:
                process.stdin.write((str(line).rstrip("\n") + "\n").encode("utf-8", "surrogateescape"))
        except BrokenPipeError:
            pass  # cpf ended early; its exit status says why
        except BaseException as error:  # noqa: BLE001 - raised again below, in the task's thread
            # The partition could not be read to its end: cpf must not finish
            # it as if it were whole, and the task must fail with this error.
            upstream.append(error)
            process.kill()
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    def drain():
        for line in process.stderr:
            tail.append(line.decode("utf-8", "replace").rstrip("\n"))

    threads = [threading.Thread(target=feed, daemon=True), threading.Thread(target=drain, daemon=True)]
    for thread in threads:
        thread.start()
    for line in process.stdout:
        yield line.rstrip(b"\n").decode("utf-8", "surrogateescape")
    status = process.wait()
    for thread in threads:
        thread.join()
    if upstream:
        raise upstream[0]
    if status != 0:
        raise RuntimeError(
            f"cpf {' '.join(arguments)} exited with status {status}: " + " | ".join(tail))


def pipe(rdd, *arguments):
    """Each partition of `rdd` (strings, one per line) through cpf, run with
    `arguments` from the shipped binary; an RDD of its output lines. The
    task fails when cpf exits with anything but 0 (pass --exit-zero for
    data that may be invalid)."""
    return rdd.mapPartitions(lambda lines: _run(arguments, lines))
