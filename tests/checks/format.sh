#!/usr/bin/env bash
# Fails when a project source (*.h, *.cpp under core app widgets plugins tests bench) differs from
# what clang-format makes of it with the repository's .clang-format; prints each offending line.
#
#   format.sh SOURCE_DIR             check the project
#   format.sh --self-test SOURCE_DIR  check that a badly formatted file is caught
set -uo pipefail

check() {
    local src=$1 dirs=()
    for d in core app widgets plugins tests bench; do [[ -d $src/$d ]] && dirs+=("$d"); done
    local files
    mapfile -t files < <(cd "$src" && find "${dirs[@]}" -type f \( -name '*.h' -o -name '*.cpp' \) | sort)
    if ((${#files[@]} == 0)); then
        echo "format: no source file found under $src"
        return 1
    fi
    if (cd "$src" && "${CLANG_FORMAT:-clang-format}" --style="file:$src/.clang-format" --dry-run --Werror "${files[@]}"); then
        echo "format: ${#files[@]} files follow .clang-format"
        return 0
    fi
    echo "format: run clang-format -i on the files above"
    return 1
}

if [[ ${1:-} == --self-test ]]; then
    src=$2
    tmp=$(mktemp -d)
    trap "rm -rf '$tmp'" EXIT
    cp "$src/.clang-format" "$tmp/"
    mkdir -p "$tmp/core"
    printf 'int  f( int x ){return x;}\n' >"$tmp/core/bad.cpp"
    if out=$(check "$tmp" 2>&1) || ! grep -q 'core/bad.cpp:1' <<<"$out"; then
        echo "self-test: a badly formatted file was not reported"
        echo "$out"
        exit 1
    fi
    echo "self-test: the badly formatted file was reported"
else
    check "$1"
fi
