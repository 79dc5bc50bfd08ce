#!/usr/bin/env bash
# Installs what Tessera needs on Debian 12 and is not there yet: the Debian packages listed in
# TOOLCHAIN.md and the project-local onnxruntime-node (tools/onnxruntime). Does nothing, quickly, when
# everything is present, so the test and example commands can call it every time.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

packages=(
    # build
    build-essential cmake ninja-build ccache pkgconf qt6-base-dev qt6-svg-dev qt6-tools-dev
    qt6-l10n-tools libqcustomplot-dev libeigen3-dev libtbb-dev libgraphviz-dev libonnx-dev
    libprotobuf-dev dpkg-dev file clang-format graphviz
    # GUI tests and screenshots
    xvfb xauth imagemagick fonts-dejavu-core fonts-noto-cjk
    # fuzzing (scripts/fuzz.sh): clang with libFuzzer and the sanitizer runtimes
    clang libclang-rt-14-dev
    # references for conformance tests and benchmarks
    python3-torch python3-sklearn python3-onnx python3-numpy python3-xgboost libopenblas0-pthread libopenblas-dev
    # pandas DataFrames with string columns for the conformance cases of tables (tests/core/ml/conformance)
    python3-pandas
    # the LAPACK that NumPy/SciPy use, linked by core/ml/base/lapack.cpp
    liblapack-dev
)

# dpkg-query prints "ii " for an installed package and fails (or prints another state) otherwise.
missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
    [[ $status == ii* ]] || missing+=("$p")
done

# node and npm may come from another source (e.g. NodeSource's nodejs, which bundles npm and conflicts
# with Debian's npm package), so the commands are what counts, not the Debian package names.
if ! command -v npm >/dev/null || ! command -v node >/dev/null; then
    missing+=(nodejs npm)
fi

if ((${#missing[@]})); then
    echo "setup-deps: installing ${missing[*]}"
    sudo=()
    if ((EUID != 0)); then sudo=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q "${missing[@]}" </dev/null
fi

# onnxruntime-node for the ONNX conformance tests, pinned by tools/onnxruntime/package-lock.json. The
# plain install would try to download a CUDA add-on; the CPU runtime is inside the npm package.
ort="$root/tools/onnxruntime"
if ! grep -qs '"version": "1.30.0"' "$ort/node_modules/onnxruntime-node/package.json"; then
    echo "setup-deps: installing onnxruntime-node into tools/onnxruntime"
    (cd "$ort" && ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error </dev/null)
fi
