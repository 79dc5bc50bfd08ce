#!/usr/bin/env bash
# No .cpp or .h file under core/, widgets/ or app/ is longer than 650 lines: past that a file does two
# things and is split where they part (docs/architecture.md). Prints every file over the limit with its
# length and exits 1 when there is one.
#
#   source_size.sh SOURCE_DIR       check the project
#   source_size.sh --self-test      check that a planted long file is reported and a short one is not
set -uo pipefail

limit=650

check() {
    local src=$1 out
    out=$(cd "$src" && find core widgets app -type f \( -name '*.cpp' -o -name '*.h' \) -print0 2>/dev/null |
        xargs -0 -r wc -l | awk -v limit=$limit '$2 != "total" && $1 > limit {
            printf "%s: %d lines (at most %d; split it where it does two things)\n", $2, $1, limit }')
    [[ -z $out ]] && return 0
    echo "$out"
    return 1
}

self_test() {
    local tmp status=0 out
    tmp=$(mktemp -d)
    trap "rm -rf '$tmp'" EXIT
    mkdir -p "$tmp"/{core/ops,widgets/designer,app}
    seq 1 651 >"$tmp/widgets/designer/long.cpp"
    seq 1 650 >"$tmp/core/ops/ok.h"
    seq 1 900 >"$tmp/app/notes.txt"
    out=$(check "$tmp")
    if ! grep -qF "widgets/designer/long.cpp: 651 lines" <<<"$out"; then
        echo "self-test: the 651-line file was not reported"
        status=1
    fi
    if grep -qE 'ok\.h|notes\.txt' <<<"$out"; then
        echo "self-test: a file within the rule was reported: $out"
        status=1
    fi
    if ((status == 0)); then echo "self-test: the long file was reported, nothing else"; fi
    return $status
}

if [[ ${1:-} == --self-test ]]; then
    self_test
else
    check "$1" && echo "source_size: every file within $limit lines"
fi
