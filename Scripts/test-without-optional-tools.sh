#!/usr/bin/env bash
# Runs `swift test` as a newcomer's machine would, without the optional tools
# the README lists: each one found in /usr/bin, /usr/local/bin, /bin or
# /usr/sbin is hidden behind an empty file that is not executable, in a
# private mount namespace (so only this run sees it), and CPF_DOCS_PYTHON is
# unset. Every test that needs a hidden tool must skip, saying so; any
# failure is a test that forgot to ask. Linux, as root (unshare, mount).
#
#     Scripts/test-without-optional-tools.sh [swift test options]
#
# The tests are built first (`swift build --build-tests`), with the tools.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=(tmux strace zsh fish groff man col inotifywait inotifywatch setfacl getfacl setfattr getfattr
    zip unzip pdftotext pdftoppm pdfinfo soffice libreoffice qpdf xz bzip2 java tesseract)
if [[ "${1:-}" != --inside ]]; then
    [[ "$(uname -s)" == Linux && "$(id -u)" == 0 ]] || { echo "run it as root on Linux" >&2; exit 2; }
    swift build --build-tests
    exec unshare --mount --propagation private "$0" --inside "$@"
fi
shift
empty=$(mktemp)
chmod 644 "$empty"
for tool in "${tools[@]}"; do
    for folder in /usr/bin /usr/local/bin /bin /usr/sbin; do
        if [[ -f "$folder/$tool" ]]; then mount --bind "$empty" "$folder/$tool"; fi
    done
done
for tool in "${tools[@]}"; do
    if [[ -x "$(command -v "$tool" 2> /dev/null)" ]]; then
        echo "still installed: $tool ($(command -v "$tool"))" >&2
        exit 2
    fi
done
unset CPF_DOCS_PYTHON CPF_BINARY
swift test --skip-build "$@"
