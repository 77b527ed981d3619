#!/usr/bin/env python3
"""Measure how well `cpf find` and `cpf redact` detect CPFs in realistic text.

    Scripts/detection.py generate --out DIR [--seed S] [--scale K]
    Scripts/detection.py evaluate --corpus DIR --cpf PATH [--json]

The code is the package Scripts/detection/: common.py (check digits, the
random source, CPFs and look-alikes as people write them), genres.py (one
builder per kind of file), generator.py (`generate`), evaluator.py
(`evaluate`); its __init__.py says what each command does and measures.
This file only runs it (as does `python3 -m detection` from Scripts/).
"""


if __name__ == "__main__":
    # Scripts/ is sys.path[0]: `detection` is the package beside this file.
    from detection.__main__ import run

    run()
