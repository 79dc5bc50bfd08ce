#!/usr/bin/env bash
# Builds the .deb and .tar.gz with CPack and checks what the .deb holds and that its binaries run.
# Usage: deb_check.sh CMAKE_COMMAND BUILD_DIR WORK_DIR
set -euo pipefail
cmake_command=$1 build=$2 work=$3
cpack_command="$(dirname "$cmake_command")/cpack"
rm -rf "$work"
mkdir -p "$work"

(cd "$build" && "$cpack_command" -G "DEB;TGZ" -B "$work" >"$work/cpack.log" 2>&1) || {
    cat "$work/cpack.log"
    echo "FAIL: cpack did not build the packages"
    exit 1
}
deb=$(ls "$work"/tessera_*.deb)
ls "$work"/tessera-*.tar.gz >/dev/null
dpkg-deb -c "$deb" >"$work/contents.txt"

failed=0
for path in ./usr/bin/tessera ./usr/bin/tessera-cli \
            ./usr/lib/tessera/libtessera_core.so.0 ./usr/lib/tessera/libtessera_app.so.0 \
            ./usr/lib/tessera/libtessera_widgets.so.0 ./usr/lib/tessera/libtessera_plugins.so.0 \
            ./usr/lib/tessera/plugins/libtessera_example_plugin.so \
            ./usr/share/applications/org.tessera.Tessera.desktop \
            ./usr/share/icons/hicolor/scalable/apps/org.tessera.Tessera.svg \
            ./usr/share/metainfo/org.tessera.Tessera.metainfo.xml \
            ./usr/share/tessera/examples/moons-mlp.tessera \
            ./usr/share/tessera/translations/tessera_zh_CN.qm ./usr/share/tessera/translations/tessera_en.qm; do
    if ! grep -q " $path\( \|$\)" "$work/contents.txt"; then
        echo "FAIL: the .deb does not contain $path"
        failed=1
    fi
done
if grep -q "bad_metadata" "$work/contents.txt"; then
    echo "FAIL: the .deb contains the broken test plugin"
    failed=1
fi

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libtbb libc6; do
    case "$depends" in *"$lib"*) ;; *) echo "FAIL: Depends lacks $lib: $depends"; failed=1 ;; esac
done

# Unpack and run: tessera-cli with no display, the GUI offscreen (finding its plugin and examples).
root="$work/root"
dpkg-deb -x "$deb" "$root"
env -u DISPLAY -u QT_QPA_PLATFORM "$root/usr/bin/tessera-cli" validate "$root/usr/share/tessera/examples/"*.tessera \
    >"$work/validate.txt" || { echo "FAIL: the packaged tessera-cli cannot validate the packaged examples"; failed=1; }
"$root/usr/bin/tessera" --example moons-mlp --screenshot "$work/packaged.png" 2>"$work/gui.txt" ||
    { cat "$work/gui.txt"; echo "FAIL: the packaged tessera cannot render its window"; failed=1; }
[ -s "$work/packaged.png" ] || { echo "FAIL: no screenshot from the packaged tessera"; failed=1; }

if [ "$failed" = 0 ]; then
    echo "OK: $(basename "$deb") ($(wc -l <"$work/contents.txt") entries), Depends: $depends"
fi
exit "$failed"
