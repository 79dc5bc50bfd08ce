#!/usr/bin/env bash
# Fuzzing campaigns with libFuzzer (docs/RELIABILITY.md). Builds the clang fuzz build in build/fuzz when
# needed, then runs one target (project, csv, onnx, safetensors, checkpoint, npy, script) for SECONDS on
# one core, starting from tests/fuzz/corpus/TARGET and tests/fuzz/regressions/TARGET. New coverage goes
# to build/fuzz/corpus/TARGET; crashes, timeouts and out-of-memory inputs to build/fuzz/findings/TARGET.
#
#   bash scripts/fuzz.sh npy 600                 # ten minutes of the .npy fuzzer
#   bash scripts/fuzz.sh merge npy               # minimise build/fuzz/corpus/npy into tests/fuzz/corpus/npy
#   FUZZ_ARGS="-timeout=5" bash scripts/fuzz.sh script 3600
#
# Limits every campaign applies (the issue's targets): 1 s per input, 1 GiB per allocation, 2 GiB of
# memory in all. The last line prints executions, coverage (edges) and findings for the table in
# docs/RELIABILITY.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=build/fuzz
targets=(project csv onnx safetensors checkpoint npy script)

usage() {
    echo "usage: scripts/fuzz.sh TARGET SECONDS | scripts/fuzz.sh merge TARGET   (TARGET: ${targets[*]})" >&2
    exit 2
}
known() {
    local t
    for t in "${targets[@]}"; do [[ $t == "$1" ]] && return 0; done
    return 1
}

(($# == 2)) || usage
mode=run
if [[ $1 == merge ]]; then
    mode=merge
    shift
    set -- "$1" 0
fi
target=$1
seconds=$2
known "$target" || usage
[[ $seconds =~ ^[0-9]+$ ]] || usage

export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root/..}
if [[ ! -f $build/build.ninja ]]; then
    CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_FUZZ=ON \
        -DTESSERA_BUILD_TESTS=OFF
fi
nice -n 5 cmake --build "$build" --target "fuzz_$target" -j "${TESSERA_JOBS:-2}"

fuzzer=$build/tests/fuzz/fuzz_$target
work=$build/corpus/$target
findings=$build/findings/$target
mkdir -p "$work" "$findings" "tests/fuzz/corpus/$target"
# Shape: a report stops at the first finding, and the stack trace goes with the input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if [[ $mode == merge ]]; then
    fresh=$(mktemp -d)
    "$fuzzer" -merge=1 -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 "$fresh" \
        "tests/fuzz/corpus/$target" "$work"
    rm -f "tests/fuzz/corpus/$target"/*
    cp "$fresh"/* "tests/fuzz/corpus/$target"/
    rm -rf "$fresh"
    echo "fuzz: tests/fuzz/corpus/$target holds $(ls "tests/fuzz/corpus/$target" | wc -l) inputs"
    exit 0
fi

dirs=("$work" "tests/fuzz/corpus/$target")
[[ -d tests/fuzz/regressions/$target ]] && dirs+=("tests/fuzz/regressions/$target")
log=$build/fuzz-$target.log
# Without -jobs libFuzzer runs in this one process on one core (the machine is shared).
set +e
# shellcheck disable=SC2086 # FUZZ_ARGS is a list of options
"$fuzzer" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$findings/" ${FUZZ_ARGS:-} "${dirs[@]}" 2>&1 | tee "$log" |
    grep -E '^#[0-9]+.*(INITED|DONE|pulse)|ERROR|SUMMARY|^stat::|Test unit written'
status=${PIPESTATUS[0]}
set -e
execs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
edges=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
found=$(find "$findings" -type f | wc -l)
echo "fuzz $target: ${seconds} s, $execs executions, $edges edges, $found findings in $findings (exit $status)"
exit "$status"
