#!/usr/bin/env bash
# Checks what the compiler cannot: that no Swift target but CPFSystem imports
# the C library (Glibc, Musl, Darwin) or the C target CSystemShims, and that
# nothing under Sources re-exports a module (`@_exported import`).
#
#   Scripts/check-layers.sh
#
# Imports between the package's own targets are checked by the compiler
# itself, with `swift build --explicit-target-dependency-import-check error`
# (as .ci/run builds): a target may import only the targets Package.swift
# lists as its dependencies. Exits 1 and names the files on a violation.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
if found=$(grep -rlE '^\s*(@[a-zA-Z_]+\s+)*import\s+(Glibc|Musl|Darwin|CSystemShims)\b' Sources --include='*.swift' |
    grep -v '^Sources/CPFSystem/'); then
    echo "check-layers: only Sources/CPFSystem may import the C library or CSystemShims; these do:" >&2
    echo "$found" >&2
    status=1
fi
if found=$(grep -rlE '@_exported\s+import' Sources --include='*.swift'); then
    echo "check-layers: no @_exported import under Sources; found in:" >&2
    echo "$found" >&2
    status=1
fi
(( status == 0 )) && echo "check-layers: ok"
exit $status
