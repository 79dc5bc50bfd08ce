#!/usr/bin/env bash
# The sanitizer runs that do not fit CI's 45 minutes (docs/RELIABILITY.md), for a person or a nightly
# job: the WHOLE test suite (core, widgets, app, plugins, checks) built with AddressSanitizer +
# UndefinedBehaviorSanitizer in build/sanitize, then the concurrency suites built with
# ThreadSanitizer in build/tsan (training controller pause/step/stop, autosave during training,
# the trainer, the profiler, the parallel kernels). CI (scripts/test.sh) keeps the core suites under
# ASan+UBSan and the fuzz corpus replay. Ends with "N passed, N failed".
#
#   bash scripts/sanitize.sh              # both
#   bash scripts/sanitize.sh asan         # or: tsan
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
jobs=${TESSERA_JOBS:-$(nproc)}
which=${1:-all}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root/..}

# The suites that run threads against each other: what TSan is for.
tsan_suites='^(test_training_controller|test_autosave|test_training_page|test_run_inspection|test_trainer|test_profiler|test_profile_events|test_gemm|test_elementwise_paths|test_cli_train)$'

passed=0
failed=0
run() {
    local name=$1 dir=$2 regex=$3
    shift 3
    echo "== $name ($dir)"
    if [[ ! -f $dir/build.ninja ]] && ! cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_BENCH=OFF "$@"; then
        failed=$((failed + 1))
        return
    fi
    if ! nice -n 5 cmake --build "$dir" -j "$jobs"; then
        failed=$((failed + 1))
        return
    fi
    local log=$dir/ctest.log
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" ${regex:+-R "$regex"} 2>&1 | tee "$log"
    local summary f t
    summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
    if [[ -z $summary ]]; then
        failed=$((failed + 1))
        return
    fi
    f=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
    t=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$summary")
    passed=$((passed + t - f))
    failed=$((failed + f))
}

if [[ $which == all || $which == asan ]]; then
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        run "whole suite under ASan+UBSan" build/sanitize "" -DTESSERA_SANITIZE=ON
fi
if [[ $which == all || $which == tsan ]]; then
    # second_deadlock_stack: both stacks of a lock-order report; halt_on_error: a race fails its suite.
    TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1} \
        run "concurrency suites under TSan" build/tsan "$tsan_suites" -DTESSERA_TSAN=ON
fi
echo "$passed passed, $failed failed"
((failed == 0))
