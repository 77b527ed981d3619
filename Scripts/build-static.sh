#!/bin/sh
# Builds the cpf binary to ship to machines that have no Swift runtime
# (Spark executors, Hadoop workers, containers FROM scratch): a release
# build linked statically, the Swift runtime and the C library included,
# checked with ldd, copied to .build-static/cpf (or $1).
#
#   sh Scripts/build-static.sh            # .build-static/cpf
#   sh Scripts/build-static.sh /tmp/cpf   # elsewhere
#
# Linux only: macOS has no static executables. It builds in its own
# scratch folder (.build-static), so the usual .build stays as it is; the
# first build is a whole release build (see CONTRIBUTING.md for its time).
set -eu
cd "$(dirname "$0")/.."
case "$(uname -s)" in
Linux) ;;
*)
    echo "build-static.sh: static executables are built on Linux only" >&2
    exit 1
    ;;
esac
scratch=.build-static
output=${1:-$scratch/cpf}
# The import check makes a target that imports one it does not depend on an
# error, as the layers want (docs/architecture.md).
swift build -c release --product cpf --scratch-path "$scratch" \
    --static-swift-stdlib -Xswiftc -static-executable --explicit-target-dependency-import-check error
built=$(swift build -c release --product cpf --scratch-path "$scratch" \
    --static-swift-stdlib -Xswiftc -static-executable --show-bin-path)/cpf
if [ "$built" != "$output" ]; then cp "$built" "$output"; fi
# ldd exits 1 on a static executable; what it prints is the answer.
linkage=$(ldd "$output" 2>&1 || true)
case "$linkage" in
*"not a dynamic executable"* | *"statically linked"*) ;;
*)
    echo "build-static.sh: $output is dynamically linked:" >&2
    echo "$linkage" >&2
    exit 1
    ;;
esac
"$output" check --quiet 390.533.447-05
echo "$output"
