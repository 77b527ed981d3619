#!/usr/bin/env python3
"""Fail if a line of the given Swift files is longer than 120 characters.

swift-format breaks code at 120 columns but leaves string literals and
comments as they are; this check holds them to the same width (help texts
are multi-line literals with line continuations). Characters are counted,
not bytes, so a Portuguese help text is measured as it is seen.

Usage: Scripts/check-width.py FILE...
"""
import sys

LIMIT = 120


def main(paths):
    long_lines = 0
    for path in paths:
        with open(path, encoding="utf-8") as source:
            for number, line in enumerate(source, 1):
                width = len(line.rstrip("\n"))
                if width > LIMIT:
                    long_lines += 1
                    print(f"{path}:{number}: {width} characters (at most {LIMIT})")
    if long_lines:
        print(f"{long_lines} lines over {LIMIT} characters", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
