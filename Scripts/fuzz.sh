#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of CPFKit.
#
#   Scripts/fuzz.sh [TARGET|all] [SECONDS]      (default: all, 30 seconds each)
#
# A target is a file Fuzz/<Name>Fuzzer.swift defining
#     @_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt
# that imports the package's library targets it fuzzes (`@testable import
# CPFKit`, `@testable import CPFCommandLine`). Those targets, and the targets
# they depend on, are taken from Package.swift (`swift package dump-package`)
# and built as the package builds them, one module each from its folder
# Sources/<Target>, but with libFuzzer's coverage, AddressSanitizer and
# `-enable-testing` (so a fuzzer sees internal API), into
# .build-fuzz/modules/; the fuzzer is linked with them into
# .build-fuzz/<Name>Fuzzer. A module or a fuzzer is rebuilt only when a
# source (or a module it uses) is newer than it or its build command changed.
#
# Each target keeps its corpus in .build-fuzz/corpus/<Name>Fuzzer/, seeded
# with a few interesting inputs (and with the files of Fuzz/seeds/<Name>Fuzzer/
# when that folder exists); Fuzz/<Name>Fuzzer.dict, when it exists, is given
# to libFuzzer as a dictionary. Crash reproducers go to
# .build-fuzz/artifacts/<Name>Fuzzer/; rerun one with
#     .build-fuzz/<Name>Fuzzer .build-fuzz/artifacts/<Name>Fuzzer/crash-...
#
# Prints, per target, the runs and executions per second libFuzzer reports;
# exits 1 if any target crashed, timed out, ran out of memory or failed to
# build, 2 on a usage error. Non-interactive: fit for CI.
#
# Environment: SWIFTC (default: swiftc on PATH), FUZZ_JOBS (targets fuzzed at
# once, default one per processor), FUZZ_ARGS (extra libFuzzer
# flags, such as "-max_len=256" or "-runs=1000000"), FUZZ_TIMEOUT (seconds one
# input may take before it counts as a hang, default 10), FUZZ_CORPUS (the
# folder of the corpora, default .build-fuzz/corpus; CI keeps them outside
# the clone so that each run goes on from the last), FUZZ_MODULES (see below).
#
# FUZZ_MODULES=BIN links the fuzzers with the library targets SwiftPM built in
# BIN (what `swift build --show-bin-path` prints) instead of building them
# here, so that CI compiles the library once for its sanitized `cpf` and for
# its fuzzers. BIN must come from a build with the sanitizer, libFuzzer's
# coverage and testing enabled:
#     swift build --product cpf -c release --sanitize=address \
#         -Xswiftc -enable-testing -Xswiftc -sanitize-coverage=$(Scripts/fuzz.sh --coverage)
# `Scripts/fuzz.sh --coverage` prints the coverage kinds; a module built
# without them is refused. (AddressSanitizer's runtime answers the coverage
# calls with nothing in `cpf`; libFuzzer's answers them in a fuzzer.)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: Scripts/fuzz.sh [TARGET|all] [SECONDS]" >&2
    echo "targets: ${all_targets[*]:-(none found in Fuzz/)}" >&2
    exit 2
}

all_targets=()
for file in Fuzz/*Fuzzer.swift; do
    [[ -e "$file" ]] || continue
    name=${file#Fuzz/}
    all_targets+=("${name%.swift}")
done

# The coverage libFuzzer reads (what -sanitize=fuzzer gives a module on Linux).
coverage=edge,trace-cmp,inline-8bit-counters,pc-table
if [[ "${1:-}" == --coverage ]]; then
    echo "$coverage"
    exit 0
fi

[[ $# -le 2 ]] || usage
selected=${1:-all}
seconds=${2:-30}
[[ "$selected" != -h && "$selected" != --help ]] || usage
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || (( seconds < 1 )); then
    echo "fuzz.sh: SECONDS must be a positive whole number, not '$seconds'" >&2
    usage
fi
if (( ${#all_targets[@]} == 0 )); then
    echo "fuzz.sh: FAIL: no fuzz targets (Fuzz/*Fuzzer.swift) found" >&2
    exit 1
fi

targets=()
if [[ "$selected" == all ]]; then
    targets=("${all_targets[@]}")
else
    name=${selected#Fuzz/}
    name=${name%.swift}
    if [[ ! -f "Fuzz/$name.swift" || "$name" != *Fuzzer ]]; then
        echo "fuzz.sh: no fuzz target '$selected'" >&2
        usage
    fi
    targets=("$name")
fi

swiftc=${SWIFTC:-swiftc}
if ! command -v "$swiftc" >/dev/null 2>&1; then
    echo "fuzz.sh: FAIL: '$swiftc' not found; put the Swift toolchain on PATH or set SWIFTC" >&2
    exit 1
fi
if [[ -z "${ASAN_SYMBOLIZER_PATH:-}" ]]; then
    symbolizer="$(dirname "$(command -v "$swiftc")")/llvm-symbolizer"
    [[ -x "$symbolizer" ]] && export ASAN_SYMBOLIZER_PATH="$symbolizer"
fi
# The Swift runtime's crash backtracer must never wait for a key press.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-interactive=no}
read -r -a extra_args <<< "${FUZZ_ARGS:-}"
timeout_seconds=${FUZZ_TIMEOUT:-10}

out=.build-fuzz
mkdir -p "$out/logs"
corpora=${FUZZ_CORPUS:-$out/corpus}
# Every Swift file of the library, in its concept folders, in a stable order.
mkdir -p "$out/modules" "$out/lib"
toolchain_bin=$(dirname "$(command -v "$swiftc")")
clang=${CLANG:-$toolchain_bin/clang}
# `package` declarations are visible across the modules of one package only.
package_name=cpf

# The library targets of Package.swift: target_dependencies[NAME] lists the
# targets NAME depends on.
declare -A target_dependencies=()
while read -r name dependencies; do
    target_dependencies[$name]=$dependencies
done < <(swift package --scratch-path "$out/package" dump-package 2> /dev/null | python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    if target["type"] == "regular":
        names = [value[0] for dependency in target["dependencies"] for value in dependency.values()]
        print(target["name"], " ".join(names))
')
if (( ${#target_dependencies[@]} == 0 )); then
    echo "fuzz.sh: FAIL: no library targets found in Package.swift (swift package dump-package)" >&2
    exit 1
fi

# fresh OUTPUT STAMP COMMAND INPUT...: whether OUTPUT exists, was built by
# COMMAND and is newer than every INPUT.
fresh() {
    local output=$1 stamp=$2 command=$3
    shift 3
    [[ -e "$output" && -f "$stamp" && "$(cat "$stamp")" == "$command" ]] &&
        [[ -z "$(find "$@" -newer "$output" -print -quit)" ]]
}

# compile NAME LOG COMMAND...: runs a compiler command, showing its errors.
compile() {
    local name=$1 log=$2
    shift 2
    if ! "$@" > "$log" 2>&1; then
        echo "fuzz.sh: FAIL: $name does not build; the compiler said:" >&2
        grep -E "error:" "$log" | head -20 >&2 || tail -20 "$log" >&2
        echo "(full log: $log)" >&2
        return 1
    fi
    grep -E "warning:" "$log" >&2 || true
}

# build_module TARGET: builds a library target of the package, after the
# targets it depends on, unless it is up to date: a Swift target into
# .build-fuzz/lib/libTARGET.a and .build-fuzz/modules/TARGET.swiftmodule, a
# C target (one with an include/ folder) into .build-fuzz/lib/TARGET.o and a
# module map. Sets built_modules.
declare -A built_modules=()
build_module() {
    local target=$1 dependency
    [[ -n "${built_modules[$target]:-}" ]] && return 0
    if [[ -z "${target_dependencies[$target]+set}" ]]; then
        echo "fuzz.sh: FAIL: '$target' is not a library target of Package.swift" >&2
        return 1
    fi
    local -a inputs=()
    for dependency in ${target_dependencies[$target]}; do
        build_module "$dependency" || return 1
        inputs+=("$out/lib/$dependency".*)
    done
    local log="$out/logs/module-$target.build.log" output stamp
    local -a sources command
    if [[ -d "Sources/$target/include" ]]; then
        mapfile -t sources < <(find "Sources/$target" -name '*.c' | LC_ALL=C sort)
        output="$out/lib/$target.o"
        command=("$clang" -fsanitize=fuzzer-no-link,address -O1 -g -I "Sources/$target/include" -c "${sources[@]}" -o "$output")
        mkdir -p "$out/modules/$target"
        printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$target" "$PWD/Sources/$target/include" \
            > "$out/modules/$target/module.modulemap"
    else
        mapfile -t sources < <(find "Sources/$target" -name '*.swift' | LC_ALL=C sort)
        output="$out/lib/lib$target.a"
        command=("$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -enable-testing
            -package-name "$package_name" -module-name "$target" -emit-library -static -emit-module
            -emit-module-path "$out/modules/$target.swiftmodule" "${module_search[@]}" "${sources[@]}" -o "$output")
    fi
    stamp="$output.command"
    if fresh "$output" "$stamp" "${command[*]}" "${sources[@]}" "${inputs[@]}"; then
        built_modules[$target]=1
        return 0
    fi
    echo "== module $target: building"
    rm -f "$stamp"
    compile "module $target" "$log" "${command[@]}" || return 1
    echo "${command[*]}" > "$stamp"
    built_modules[$target]=1
}

# The folders where swiftc finds the modules (the C ones through their module maps).
module_search=(-I "$out/modules")
for name in "${!target_dependencies[@]}"; do
    [[ -d "Sources/$name/include" ]] && module_search+=(-I "$out/modules/$name")
done

# closure NAME...: the library targets among NAME... and those they depend
# on, directly or not, one a line.
closure() {
    local name
    for name in "$@"; do
        [[ -n "${target_dependencies[$name]+set}" ]] || continue
        echo "$name"
        # shellcheck disable=SC2086
        closure ${target_dependencies[$name]}
    done
}

# With FUZZ_MODULES, SwiftPM's modules and object files, each checked for the
# sanitizer's and libFuzzer's instrumentation.
prebuilt=${FUZZ_MODULES:-}
if [[ -n "$prebuilt" ]]; then
    if [[ ! -d "$prebuilt/Modules" ]]; then
        echo "fuzz.sh: FAIL: FUZZ_MODULES=$prebuilt is not a SwiftPM build folder (no Modules/ in it)" >&2
        exit 1
    fi
    module_search=(-I "$prebuilt/Modules")
    # The targets the fuzzers link: those they import, and theirs (not the
    # tests' support target, which a build of `cpf` alone does not make).
    mapfile -t linked < <(closure $(sed -n -E 's/^(@testable )?import ([A-Za-z0-9_]+).*/\2/p' Fuzz/*Fuzzer.swift) |
        LC_ALL=C sort -u)
    for name in "${linked[@]}"; do
        if [[ -d "Sources/$name/include" ]]; then
            module_search+=(-Xcc "-fmodule-map-file=$prebuilt/$name.build/module.modulemap")
        else
            symbols=$(nm -u "$prebuilt/$name.build/"*.o 2> /dev/null || true)
            if ! grep -q __sanitizer_cov_8bit_counters_init <<< "$symbols" || ! grep -q __asan_ <<< "$symbols"; then
                echo "fuzz.sh: FAIL: $prebuilt/$name.build was not built with AddressSanitizer and libFuzzer's" \
                    "coverage (swift build --sanitize=address -Xswiftc -sanitize-coverage=$coverage)" >&2
                exit 1
            fi
        fi
    done
fi

# build TARGET: builds the library targets the fuzzer imports (and theirs),
# then links .build-fuzz/TARGET, unless it is up to date.
build() {
    local target=$1 binary="$out/$1" log="$out/logs/$1.build.log" module
    local -a imported=() libraries=()
    mapfile -t imported < <(sed -n -E 's/^(@testable )?import ([A-Za-z0-9_]+).*/\2/p' "Fuzz/$target.swift" | LC_ALL=C sort -u)
    if [[ -z "$prebuilt" ]]; then
        for module in "${imported[@]}"; do
            [[ -n "${target_dependencies[$module]+set}" ]] || continue
            build_module "$module" || return 1
        done
    fi
    for module in $(closure "${imported[@]}" | LC_ALL=C sort -u); do
        if [[ -n "$prebuilt" ]]; then
            libraries+=("$prebuilt/$module.build/"*.o)
        else
            libraries+=("$out/lib/"*"$module".[ao])
        fi
    done
    local -a command=("$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld
        -package-name "$package_name" -module-name "$target" "${module_search[@]}" "Fuzz/$target.swift"
        "${libraries[@]}" -o "$binary")
    local stamp="$binary.command"
    if fresh "$binary" "$stamp" "${command[*]}" "Fuzz/$target.swift" "${libraries[@]}"; then
        echo "== $target: up to date"
        return 0
    fi
    echo "== $target: building"
    rm -f "$stamp"
    compile "$target" "$log" "${command[@]}" || return 1
    echo "${command[*]}" > "$stamp"
}

# seed TARGET: adds the starting inputs to the target's corpus. Generic
# inputs: a selector byte (options and cut points, for targets that read one)
# followed by CPF-like text, valid and invalid, with the characters the
# parsers treat specially.
seed() {
    local target=$1 corpus="$corpora/$1"
    mkdir -p "$corpus"
    if [[ -d "Fuzz/seeds/$target" ]]; then
        cp -n "Fuzz/seeds/$target"/* "$corpus"/ 2>/dev/null || true
    fi
    local -a texts=(
        '390.533.447-05' '39053344705' '390 533 447 05' ' \t390.533.447-05\r'
        '390.533.447-06' '231.002.999-00' '111.111.111-11' '00000000000' '5334403' '0'
        '390.533.447-05x' 'foo390.533.447-05' '390.533.447\t-05' '390.533.447 05\r\r'
        '390..533--447  05' '3905334470512345678901234' '1.2.3' '\xef\xbc\x93\xef\xbc\x99\xef\xbc\x90'
        '390.533.447\xe2\x80\x9305' '\xc2\xa0390.533.447-05' '390\xff533' '390.533.447-05\xf0\x9f'
        'CPF: 390.533.447-05, 12.345.678/0001-95 and cpf39053344705.' ''
    )
    local index=0 selector text
    for text in "${texts[@]}"; do
        for selector in '\x00' '\x01' '\x02' '\x05' '\x9b'; do
            printf "$selector$text" > "$corpus/seed-$index"
            index=$((index + 1))
        done
    done
}

# run TARGET: fuzzes it for the given time; prints runs and speed, or the crash.
run() {
    local target=$1 binary="$out/$1" corpus="$corpora/$1" artifacts="$out/artifacts/$1/"
    local log="$out/logs/$1.log"
    local -a dict=()
    [[ -f "Fuzz/$target.dict" ]] && dict=("-dict=Fuzz/$target.dict")
    mkdir -p "$artifacts"
    echo "== $target: fuzzing for $seconds s (log: $log)"
    local status=0
    "$binary" -max_total_time="$seconds" -timeout="$timeout_seconds" -print_final_stats=1 \
        -artifact_prefix="$artifacts" "${dict[@]}" "${extra_args[@]}" "$corpus" > "$log" 2>&1 || status=$?
    local runs rate
    runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *\([0-9]*\)/\1/p' "$log" | tail -1)
    if (( status == 0 )) && [[ -n "$runs" ]]; then
        local corpus_size
        corpus_size=$(find "$corpus" -type f | wc -l)
        echo "$target: $runs (${rate:-?} exec/s), corpus $corpus_size inputs, no crash"
        printf '%-24s ok     %s, %s exec/s\n' "$target" "$runs" "${rate:-?}" > "$out/results/$target"
        return 0
    fi
    echo "fuzz.sh: FAIL: $target crashed (libFuzzer exit status $status)" >&2
    local first
    first=$(grep -n -m1 -E 'Fatal error|Precondition failed|ERROR: AddressSanitizer|ERROR: libFuzzer|==ERROR' "$log" | cut -d: -f1 || true)
    if [[ -n "$first" ]]; then
        sed -n "$((first > 2 ? first - 2 : 1)),$((first + 30))p" "$log" >&2
    else
        tail -30 "$log" >&2
    fi
    local reproducer
    reproducer=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [[ -n "$reproducer" && -f "$reproducer" ]]; then
        echo "reproducer: $reproducer ($(wc -c < "$reproducer") bytes):" >&2
        od -An -tx1 -v "$reproducer" | head -20 >&2
        echo "rerun it with: $binary $reproducer" >&2
    fi
    echo "(full log: $log)" >&2
    printf '%-24s FAILED (exit %s), see %s\n' "$target" "$status" "$log" > "$out/results/$target"
    return 1
}

# Every target built first (the compiler uses the cores), then fuzzed
# FUZZ_JOBS at a time (default: one per processor; a fuzzer uses one), each
# one's messages printed whole when it ends.
rm -rf "$out/results"
mkdir -p "$out/results"
failed=0
ready=()
for target in "${targets[@]}"; do
    if ! build "$target"; then
        printf '%-24s FAILED to build, see %s\n' "$target" "$out/logs/$target.build.log" > "$out/results/$target"
        failed=1
        continue
    fi
    seed "$target"
    ready+=("$target")
done

jobs=${FUZZ_JOBS:-$(nproc 2> /dev/null || echo 1)}
if ! [[ "$jobs" =~ ^[0-9]+$ ]] || (( jobs < 1 )); then jobs=1; fi
# fuzz_one TARGET: runs it, its messages kept until it ends, its status in a file.
fuzz_one() {
    local status=0
    run "$1" > "$out/results/$1.messages" 2>&1 || status=$?
    echo "$status" > "$out/results/$1.status"
}
running=0
for target in "${ready[@]}"; do
    if (( running >= jobs )); then
        wait -n || true
        running=$((running - 1))
    fi
    fuzz_one "$target" &
    running=$((running + 1))
done
wait
for target in "${ready[@]}"; do
    cat "$out/results/$target.messages"
    [[ "$(cat "$out/results/$target.status" 2> /dev/null)" == 0 ]] || failed=1
done

echo "== fuzzing summary (at most $seconds s per target, $jobs at a time)"
for target in "${targets[@]}"; do
    cat "$out/results/$target" 2> /dev/null || printf '%-24s FAILED (no result)\n' "$target"
done
if (( failed )); then
    echo "fuzz.sh: FAIL: at least one fuzz target failed (see above)" >&2
    exit 1
fi
