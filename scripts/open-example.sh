#!/usr/bin/env bash
# Opens the workbench on the built-in example project: installs what is missing, builds tessera and
# tessera-cli in build/release, then starts the GUI when a display is there, or else runs the same
# example headless through tessera-cli and says what it did.
#
#   bash scripts/open-example.sh     # from any directory
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=build/release
example=moons-mlp

bash scripts/setup-deps.sh
if [[ ! -f $build/build.ninja ]]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" -j "${TESSERA_JOBS:-$(nproc)}" --target tessera tessera-cli

if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]]; then
    echo "Starting Tessera on the example $example (an untitled copy: saving asks for a new file)"
    exec "$build/app/tessera" --example "$example"
fi

project=resources/examples/$example.tessera
out=$root/build/example-run/$example
echo "No display (\$DISPLAY and \$WAYLAND_DISPLAY are unset): training $project headless."
"$build/app/tessera-cli" validate "$project"
"$build/app/tessera-cli" train "$project" --out "$out"
echo "Outputs of the run are in $out:"
echo "  metrics.csv (one row per epoch), weights.safetensors, checkpoint, test_metrics.json"
