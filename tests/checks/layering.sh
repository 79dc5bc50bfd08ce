#!/usr/bin/env bash
# The layering rules of ARCHITECTURE.md, checked on the sources and on the built core library:
#   1. no file under core/ includes a Qt header (<Q…>, <q….h>, <qcustomplot.h>);
#   2. libtessera_core needs no Qt library (readelf -d NEEDED entries);
#   3. Eigen and oneTBB headers are included only under core/kernels and core/ml;
#   4. widgets/, app/ and plugins/ include nothing from core/kernels;
#   5. widgets/ includes nothing from app/;
#   6. a feature folder of widgets (widgets/designer/, widgets/training/, …) includes from widgets/
#      only widgets/common/ and itself, so each tab's views can change without touching another's.
# Prints every violation as file:line: rule, and exits 1 when there is one.
#
#   layering.sh SOURCE_DIR LIBTESSERA_CORE     check the project
#   layering.sh --self-test QT_LIBRARY          check that each rule catches a planted violation
set -uo pipefail

include='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]'

# grep_rule SRC ROOM REGEX MESSAGE [ALLOWED_PATH…]: prints file:line: MESSAGE for each include in
# SRC/ROOM matching REGEX, paths relative to SRC, except in files under an allowed path.
grep_rule() {
    local src=$1 room=$2 regex=$3 message=$4
    shift 4
    [[ -d $src/$room ]] || return 0
    local allowed
    allowed=$(printf '|^%s/' "$@")
    (cd "$src" && grep -rnE --include='*.h' --include='*.cpp' "$regex" "$room") |
        { if (($#)); then grep -vE "${allowed#|}"; else cat; fi; } |
        sed -E "s|^([^:]+:[0-9]+):.*|\1: $message|"
}

# feature_rule SRC: rule 6, for every folder under SRC/widgets except common/.
feature_rule() {
    local src=$1 dir feature
    for dir in "$src"/widgets/*/; do
        [[ -d $dir ]] || continue
        feature=$(basename "$dir")
        [[ $feature == common ]] && continue
        (cd "$src" && grep -rnE --include='*.h' --include='*.cpp' "${include}widgets/" "widgets/$feature") |
            grep -vE "^[^:]+:[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]widgets/(common|$feature)/" |
            sed -E "s|^([^:]+:[0-9]+):.*|\1: widgets/$feature includes another feature folder (only widgets/common and itself)|"
    done
}

check() {
    local src=$1 lib=$2 out
    out=$(
        grep_rule "$src" core "${include}(Q[A-Za-z]|q[a-z]+\.h>|qcustomplot\.h)" \
            "core includes a Qt header (core is plain C++)"
        if [[ ! -f $lib ]]; then
            echo "$lib: the core library to inspect does not exist"
        elif ! readelf -d "$lib" >/dev/null; then
            echo "$lib: readelf cannot read the core library"
        else
            readelf -d "$lib" | grep -E '\(NEEDED\).*libQt' |
                sed -E "s|.*\[(.*)\].*|$lib: links the Qt library \1 (core links no Qt)|"
        fi
        for room in core widgets app plugins; do
            grep_rule "$src" "$room" "${include}(Eigen/|unsupported/Eigen/|tbb/|oneapi/tbb)" \
                "includes Eigen or oneTBB outside core/kernels and core/ml" core/kernels core/ml
        done
        for room in widgets app plugins; do
            grep_rule "$src" "$room" "${include}core/kernels/" \
                "$room includes core/kernels (use core's public headers)"
        done
        grep_rule "$src" widgets "${include}app/" "widgets includes app (widgets know nothing of app)"
        feature_rule "$src"
    )
    [[ -z $out ]] && return 0
    echo "$out"
    return 1
}

self_test() {
    local qtlib=$1 tmp
    tmp=$(mktemp -d)
    trap "rm -rf '$tmp'" EXIT
    mkdir -p "$tmp"/{core/tensor,core/kernels,core/ml,core/ops,widgets,app}
    printf '#include <vector>\n#include <QString>\n' >"$tmp/core/tensor/a.h"
    printf '#include <qglobal.h>\n' >"$tmp/core/tensor/b.cpp"
    printf '#include <Eigen/Dense>\n' >"$tmp/core/kernels/ok.cpp"
    printf '#include <tbb/parallel_for.h>\n' >"$tmp/core/ml/ok.cpp"
    printf '\n\n#include <tbb/parallel_for.h>\n' >"$tmp/core/ops/c.cpp"
    printf '#include "core/kernels/gemm.h"\n' >"$tmp/widgets/d.cpp"
    printf '#include "core/tensor/tensor.h"\n' >"$tmp/app/ok.cpp"
    mkdir -p "$tmp"/widgets/{common,designer,training}
    printf '#include "app/main_window.h"\n' >"$tmp/widgets/common/e.cpp"
    printf '#include "widgets/common/x.h"\n#include "widgets/designer/y.h"\n' >"$tmp/widgets/designer/ok.cpp"
    printf '#include <QString>\n\n#include "widgets/designer/y.h"\n' >"$tmp/widgets/training/f.cpp"
    local out
    out=$(check "$tmp" "$qtlib" 2>/dev/null)
    local status=0
    for expected in core/tensor/a.h:2: core/tensor/b.cpp:1: core/ops/c.cpp:3: widgets/d.cpp:1: \
        widgets/common/e.cpp:1: widgets/training/f.cpp:3: "links the Qt library libQt6"; do
        if ! grep -qF "$expected" <<<"$out"; then
            echo "self-test: the violation at '$expected' was not reported"
            status=1
        fi
    done
    if grep -qE 'ok\.cpp' <<<"$out"; then
        echo "self-test: an allowed include was reported: $(grep ok.cpp <<<"$out")"
        status=1
    fi
    if ((status == 0)); then echo "self-test: every planted violation was reported, nothing else"; fi
    return $status
}

if [[ ${1:-} == --self-test ]]; then
    self_test "$2"
else
    check "$1" "$2" && echo "layering: no violation"
fi
