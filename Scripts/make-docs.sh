#!/bin/sh
# Builds CPFKit's DocC documentation on Linux or macOS with the toolchain's
# own `docc` (no package plugin, so the package keeps no dependencies); a
# warning (a broken link, a symbol without documentation) fails it:
#
#   Scripts/make-docs.sh            # .build/docs/CPFKit.doccarchive
#   Scripts/make-docs.sh --preview  # served at http://localhost:8080/documentation/cpfkit
#
# The archive opens in Xcode, or is served by any static web server
# (`python3 -m http.server` in a folder made with `docc process-archive
# transform-for-static-hosting`).
set -eu
cd "$(dirname "$0")/.."
docc=$(command -v docc || xcrun --find docc 2> /dev/null || true)
if [ -z "$docc" ]; then
    echo "make-docs.sh: docc not found: it comes with the Swift toolchain (swift.org), put it on PATH" >&2
    exit 1
fi
graphs=.build/docs/symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs"
swift build --target CPFKit -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -emit-extension-block-symbols -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
set -- "${1:-}"
if [ "$1" = --preview ]; then
    exec "$docc" preview Sources/CPFKit/CPFKit.docc --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name CPFKit --fallback-bundle-identifier cpf.CPFKit
fi
"$docc" convert Sources/CPFKit/CPFKit.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name CPFKit --fallback-bundle-identifier cpf.CPFKit \
    --output-path .build/docs/CPFKit.doccarchive --warnings-as-errors
echo .build/docs/CPFKit.doccarchive
