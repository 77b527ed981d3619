#!/bin/sh
# Runs the Spark recipes of docs/reference.md on a real Spark (local[2]):
# Scripts/spark-test.py, with pyspark and python-stdnum from a virtual
# environment kept outside the clone, made once per machine
# (${CPF_CI_CACHE:-$HOME/.cache/cpf-ci}/venv-spark; pyspark is a ~450 MB
# download). Spark needs Java 17 or later (`java`; on Debian,
# openjdk-17-jre-headless). Fails, never skips, when either is missing.
#
#   sh Scripts/spark-test.sh [CPF_BINARY] [spark-test.py options]
#
# CPF_BINARY is .build-static/cpf by default (Scripts/build-static.sh).
set -eu
cd "$(dirname "$0")/.."
binary=.build-static/cpf
case "${1:-}" in
"" | -*) ;;
*)
    binary=$1
    shift
    ;;
esac
venv="${CPF_CI_CACHE:-$HOME/.cache/cpf-ci}/venv-spark"
command -v java > /dev/null || { echo "spark-test: java is missing (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
if ! "$venv/bin/python" -c "import pyspark, stdnum" 2> /dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q pyspark==4.3.0 python-stdnum==2.2
fi
"$venv/bin/python" -c "import pyspark, stdnum" || { echo "spark-test: pyspark is missing from $venv" >&2; exit 1; }
exec "$venv/bin/python" Scripts/spark-test.py --cpf "$binary" "$@"
