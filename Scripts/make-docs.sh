#!/bin/sh
# Builds the DocC documentation of the libraries, CPFKit and CPFTextField,
# on Linux or macOS with the toolchain's own `docc` (no package plugin, so
# the package keeps no dependencies); a warning (a broken link, a symbol
# without documentation) fails it:
#
#   Scripts/make-docs.sh                     # .build/docs/CPFKit.doccarchive and CPFTextField.doccarchive
#   Scripts/make-docs.sh --preview [TARGET]  # one library (CPFKit by default), served at
#                                            # http://localhost:8080/documentation/cpfkit (or cpftextfield)
#
# Each archive holds one library: CPFTextField's pages name CPFKit's types
# in code voice, not as links. The archives open in Xcode, or are served by
# any static web server (`python3 -m http.server` in a folder made with
# `docc process-archive transform-for-static-hosting`).
set -eu
cd "$(dirname "$0")/.."
docc=$(command -v docc || xcrun --find docc 2> /dev/null || true)
if [ -z "$docc" ]; then
    echo "make-docs.sh: docc not found: it comes with the Swift toolchain (swift.org), put it on PATH" >&2
    exit 1
fi
targets="CPFKit CPFTextField"
preview=
if [ "${1:-}" = --preview ]; then
    preview=${2:-CPFKit}
    case " $targets " in
    *" $preview "*) ;;
    *)
        echo "make-docs.sh: no documentation for '$preview'; one of: $targets" >&2
        exit 2
        ;;
    esac
fi

# The debug build, then the public symbols of every target extracted from
# it, each run afresh, into the folder beside the build's.
swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols
extracted="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
# One folder of graphs per library: TARGET.symbols.json, and
# TARGET@OTHER.symbols.json for its extensions of another module's types.
graphs=.build/docs/symbol-graphs
rm -rf "$graphs"
for target in $targets; do
    mkdir -p "$graphs/$target"
    for graph in "$extracted/$target".symbols.json "$extracted/$target"@*.symbols.json; do
        if [ -e "$graph" ]; then cp "$graph" "$graphs/$target/"; fi
    done
    if [ ! -e "$graphs/$target/$target.symbols.json" ]; then
        echo "make-docs.sh: no symbol graph of $target in $extracted" >&2
        exit 1
    fi
done

if [ -n "$preview" ]; then
    exec "$docc" preview "Sources/$preview/$preview.docc" --additional-symbol-graph-dir "$graphs/$preview" \
        --fallback-display-name "$preview" --fallback-bundle-identifier "cpf.$preview"
fi
for target in $targets; do
    "$docc" convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs/$target" \
        --fallback-display-name "$target" --fallback-bundle-identifier "cpf.$target" \
        --output-path ".build/docs/$target.doccarchive" --warnings-as-errors
    echo ".build/docs/$target.doccarchive"
done
