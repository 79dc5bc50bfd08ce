#!/usr/bin/env bash
# THE test command (.ci/run calls exactly this): installs what is missing, builds everything in
# build/release, runs every ctest suite, then builds the core alone with AddressSanitizer +
# UndefinedBehaviorSanitizer in build/asan and runs the core suites again there. Ends with one line
# "N passed, N failed" (both runs added up) and a non-zero exit when anything failed.
#
#   bash scripts/test.sh            # from any directory
#   TESSERA_JOBS=1 bash scripts/test.sh
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
jobs=${TESSERA_JOBS:-$(nproc)}
# ccache keys on paths relative to the checkout, so a fresh clone in another folder (as CI makes)
# reuses what an earlier build of the same sources compiled.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}

bash scripts/setup-deps.sh || {
    echo "test: installing dependencies failed"
    echo "0 passed, 1 failed"
    exit 1
}

passed=0
failed=0

# run_suites NAME BUILD_DIR [cmake options…]: configure (once), build, ctest; adds to the counts. A
# configure or build failure counts as one failed test, since no suite of that build can run.
run_suites() {
    local name=$1 dir=$2
    shift 2
    echo "== $name: configure and build ($dir)"
    if [[ ! -f $dir/build.ninja ]] &&
        ! cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"; then
        echo "test: configuring $name failed"
        failed=$((failed + 1))
        return
    fi
    if ! cmake --build "$dir" -j "$jobs"; then
        echo "test: building $name failed"
        failed=$((failed + 1))
        return
    fi
    echo "== $name: ctest"
    local log=$dir/ctest.log
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" 2>&1 | tee "$log"
    # ctest ends with "N% tests passed, F tests failed out of T" (or "No tests were found").
    local summary
    summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
    if [[ -z $summary ]]; then
        echo "test: $name ran no test"
        failed=$((failed + 1))
        return
    fi
    local f t
    f=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
    t=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$summary")
    passed=$((passed + t - f))
    failed=$((failed + f))
}

run_suites "release" build/release

# halt_on_error makes any UBSan report fail the suite, as every ASan report already does.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
run_suites "core under ASan+UBSan" build/asan \
    -DTESSERA_SANITIZE=ON -DTESSERA_CORE_ONLY=ON -DTESSERA_BUILD_BENCH=OFF

# What CI leaves out, to stay within its 45 minutes (docs/RELIABILITY.md).
echo "test: left to scripts/sanitize.sh: widgets, app and plugin suites under ASan+UBSan, concurrency suites under TSan"
echo "test: left to scripts/fuzz.sh: fuzzing campaigns (test_fuzz_replay replays tests/fuzz/corpus and regressions here)"
echo "$passed passed, $failed failed"
((failed == 0))
