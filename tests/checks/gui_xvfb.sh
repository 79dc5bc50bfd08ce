#!/usr/bin/env bash
# Starts the real GUI under Xvfb twice: once with --screenshot (the window renders itself), once as
# a user would start it, grabbing the X screen with `import -window root` until the window is up.
# Both PNGs must have more than 50 distinct colours (a blank or half-drawn window has a handful).
# Usage: gui_xvfb.sh TESSERA_EXECUTABLE WORK_DIR
set -euo pipefail
tessera=$1 work=$2
rm -rf "$work"
mkdir -p "$work/config" "$work/data"
# The GUI must use X here, and must not touch the user's settings.
unset QT_QPA_PLATFORM
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"

xvfb-run -a -s "-screen 0 1280x800x24" bash -s "$tessera" "$work" <<'INNER'
set -u
tessera=$1 work=$2
"$tessera" --example moons-mlp --screenshot "$work/window.png" 2>"$work/screenshot.log" ||
    { cat "$work/screenshot.log"; echo "FAIL: tessera --screenshot failed under Xvfb"; exit 1; }

"$tessera" --example digits-cnn 2>"$work/gui.log" &
pid=$!
colours=0
# Wait for the window to be mapped and painted: at most 30 s, normally well under one.
for _ in $(seq 1 150); do
    if ! kill -0 "$pid" 2>/dev/null; then cat "$work/gui.log"; echo "FAIL: tessera exited early"; exit 1; fi
    # An empty Xvfb screen has one colour; it has many only once the window is mapped and painted.
    if import -window root "$work/screen.png" 2>/dev/null; then
        colours=$(identify -format %k "$work/screen.png")
        [ "$colours" -gt 50 ] && break
    fi
    sleep 0.2
done
kill "$pid"
wait "$pid" 2>/dev/null
echo "screen grab: $colours colours"
[ "$colours" -gt 50 ] || { echo "FAIL: the screen grab has only $colours colours"; exit 1; }
INNER

colours=$(identify -format %k "$work/window.png")
size=$(identify -format %wx%h "$work/window.png")
echo "--screenshot: $size, $colours colours"
[ "$size" = 1400x900 ] || { echo "FAIL: the screenshot is $size, not 1400x900"; exit 1; }
[ "$colours" -gt 50 ] || { echo "FAIL: the screenshot has only $colours colours"; exit 1; }
echo "OK"
