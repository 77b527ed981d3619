"""The command line: `python3 -m detection` from Scripts/, or Scripts/detection.py."""

import argparse
import os
import sys
from pathlib import Path

from . import __doc__ as usage
from .evaluator import evaluate
from .generator import generate


def main():
    ap = argparse.ArgumentParser(description=usage.split("\n")[0])
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


def run():
    try:
        main()
    except BrokenPipeError:  # `| head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    run()
