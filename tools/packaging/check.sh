#!/usr/bin/env bash
# Checks the built installers the way a user meets them (docs/packaging.md). Not part of `mvn verify`: run it on
# demand after `mvn -B -Ppackage -DskipTests package -pl packaging -am` (or pass --build to do that first).
#  - the .deb, unpacked with dpkg -x into a scratch root: control fields, postinst (xdg-mime / desktop entries),
#    the designer's .desktop entry (MimeType=application/x-sigflow-graph, Exec with %f), the MIME type's glob,
#    gio typing a .graph with the MIME database built from it, the jlinked runtime's modules; its `sigflow`
#    launcher runs fm-loopback.graph (exit 0, output written); its designer is started under Xvfb through the
#    .desktop Exec line with a .graph (as a file manager would), must open a window titled after the graph and
#    still run 3 s later, must load JavaFX's natives from its runtime, and is photographed (OUT/designer.png);
#  - the headless tarball, unpacked alone: size, runtime without JavaFX, bin/sigflow runs fm-loopback.graph with a
#    fake `java` first on PATH that fails if anything calls it (the system java must not be used).
# Needs: dpkg-deb, Xvfb, xwininfo (x11-utils), import (imagemagick); uses gio and update-mime-database where present.
# Usage: tools/packaging/check.sh [--build] [OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ ${1:-} == --build ]]; then
  shift
  mvn -B -q -o -Ppackage -DskipTests package -pl packaging -am
fi
out=$(realpath -m "${1:-packaging/target/check}")
target=packaging/target
deb=$(ls "$target"/jpackage/sigflow_*.deb 2>/dev/null | head -1) || true
tgz=$(ls "$target"/sigflow-headless-*.tar.gz 2>/dev/null | head -1) || true
[[ -n $deb && -n $tgz ]] || { echo "check.sh: build the packages first (--build)" >&2; exit 2; }
for tool in dpkg-deb Xvfb xwininfo import; do
  command -v $tool >/dev/null || { echo "check.sh: $tool is missing (apt-get install dpkg xvfb x11-utils imagemagick)" >&2; exit 2; }
done

failures=0
pass() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@" >/dev/null 2>&1; then pass "$what"; else fail "$what"; fi; }

rm -rf "$out"
mkdir -p "$out/fakebin"
scratch=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap cleanup EXIT
# Anything that falls back to the system java fails loudly.
printf '#!/bin/sh\necho "system java was called: $0 $*" >&2\nexit 99\n' > "$out/fakebin/java"
chmod +x "$out/fakebin/java"
userenv=(env -i HOME="$scratch/home" PATH="$out/fakebin:/usr/bin:/bin" LANG=C.UTF-8)
mkdir -p "$scratch/home"

echo "== .deb: $deb ($(du -h "$deb" | cut -f1))"
root=$scratch/root
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$scratch/control"
app=$root/opt/sigflow
check "package name sigflow, depends on xdg-utils" grep -qE '^Package: sigflow$' "$scratch/control/control"
grep -qE '^Depends:.*xdg-utils' "$scratch/control/control" && pass "Depends: $(sed -n 's/^Depends: //p' "$scratch/control/control")" || fail "Depends lacks xdg-utils"
check "launchers bin/sigflow-designer and bin/sigflow" test -x "$app/bin/sigflow-designer" -a -x "$app/bin/sigflow"
desktop=$app/lib/sigflow-sigflow-designer.desktop
check "designer .desktop: MimeType=application/x-sigflow-graph" grep -qx 'MimeType=application/x-sigflow-graph;\?' "$desktop"
check "designer .desktop: Exec passes the file (%f)" grep -qx 'Exec=/opt/sigflow/bin/sigflow-designer %f' "$desktop"
check "CLI .desktop hidden from menus" grep -qx 'NoDisplay=true' "$app/lib/sigflow-sigflow.desktop"
check "MIME type: *.graph is application/x-sigflow-graph" \
  grep -q '<mime-type type="application/x-sigflow-graph">' "$app/lib/sigflow-sigflow-designer-MimeInfo.xml"
check "MIME type glob *.graph" grep -q 'glob pattern="\*.graph"' "$app/lib/sigflow-sigflow-designer-MimeInfo.xml"
check "postinst registers the MIME type" grep -q 'xdg-mime install /opt/sigflow/lib/sigflow-sigflow-designer-MimeInfo.xml' "$scratch/control/postinst"
check "postinst installs the menu entry" grep -q 'xdg-desktop-menu install /opt/sigflow/lib/sigflow-sigflow-designer.desktop' "$scratch/control/postinst"
check "postinst links /usr/bin/sigflow" grep -q 'ln -sf /opt/sigflow/bin/$l /usr/bin/$l' "$scratch/control/postinst"
# The MIME database built from the package's MimeInfo.xml (what xdg-mime install does) types a .graph file
if command -v update-mime-database >/dev/null && command -v gio >/dev/null; then
  mkdir -p "$scratch/xdg/mime/packages"
  cp "$app/lib/sigflow-sigflow-designer-MimeInfo.xml" "$scratch/xdg/mime/packages/"
  update-mime-database "$scratch/xdg/mime"
  cp "$app/lib/app/sample-graphs/fm-loopback.graph" "$scratch/typed.graph"
  type=$(env -i HOME="$scratch/home" XDG_DATA_DIRS="$scratch/xdg:/usr/share" gio info -a standard::content-type \
    "$scratch/typed.graph" | sed -n 's/.*standard::content-type: //p')
  [[ $type == application/x-sigflow-graph ]] && pass "gio types a .graph as $type" || fail "gio types a .graph as '$type'"
fi
if command -v desktop-file-validate >/dev/null; then check "desktop-file-validate" desktop-file-validate "$desktop"; fi
mods=$("$app/lib/runtime/bin/java" --list-modules | sed 's/@.*//' | sort | tr '\n' ' ')
echo "  runtime modules: $mods"
for m in javafx.controls jdk.incubator.vector; do
  [[ " $mods " == *" $m "* ]] && pass "runtime has $m" || fail "runtime lacks $m"
done
check "sample graphs installed" test -f "$app/lib/app/sample-graphs/fm-loopback.graph"
echo "  installed size: $(du -sh "$app" | cut -f1)"

# The CLI launcher on a copy of the samples (a user's writable folder: outputs go next to the graph).
cp -r "$app/lib/app/sample-graphs" "$scratch/deb-samples"
if "${userenv[@]}" "$app/bin/sigflow" run "$scratch/deb-samples/fm-loopback.graph" >"$out/deb-run.log" 2>&1; then
  pass "deb: sigflow run fm-loopback.graph exits 0 ($(tail -1 "$out/deb-run.log"))"
else
  fail "deb: sigflow run fm-loopback.graph failed (exit $?, $out/deb-run.log)"
fi
check "deb: fm-demod.f32 written" test -s "$scratch/deb-samples/fm-demod.f32"

# The designer under Xvfb, started the way a file manager opens a .graph: the .desktop Exec line with %f.
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
sleep 2
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
exec_line=${exec_line//\/opt\/sigflow/$app}
exec_line=${exec_line//%f/$scratch/deb-samples/fm-loopback.graph}
# shellcheck disable=SC2086
"${userenv[@]}" DISPLAY="$display" JAVA_TOOL_OPTIONS=-Djavafx.verbose=true $exec_line >"$out/designer.log" 2>&1 &
designer=$!
pids+=($designer)
title=""
for _ in $(seq 1 30); do
  sleep 1
  title=$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -o '"[^"]*FM loopback[^"]*"' | head -1) || true
  [[ -n $title ]] && break
done
sleep 3 # let it paint
if kill -0 "$designer" 2>/dev/null; then pass "designer is running"; else fail "designer exited ($out/designer.log)"; fi
[[ -n $title ]] && pass "designer window $title (the .graph from the Exec line is open)" || fail "no designer window titled after the graph"
# JavaFX's natives load from the runtime's lib/ (jlink moved them there), not unpacked from resources
check "designer: JavaFX natives from lib/runtime/lib" bash -c "grep -q 'Loaded .*/lib/runtime/lib/libglass.so' '$out/designer.log' && ! grep -q 'from resource' '$out/designer.log'"
DISPLAY=$display import -window root "$out/designer.png" && pass "screenshot $out/designer.png" || fail "screenshot"
kill "$designer" 2>/dev/null || true

echo "== headless image: $tgz ($(du -h "$tgz" | cut -f1) packed)"
mkdir -p "$scratch/headless"
tar -C "$scratch/headless" -xzf "$tgz"
img=$(ls -d "$scratch"/headless/sigflow-headless-*)
size_mb=$(du -sm "$img" | cut -f1)
echo "  unpacked: ${size_mb} MB"
(( size_mb <= 50 )) && pass "unpacked image within 50 MB" || fail "unpacked image is ${size_mb} MB (> 50)"
hmods=$("$img/runtime/bin/java" --list-modules | sed 's/@.*//' | sort | tr '\n' ' ')
echo "  runtime modules: $hmods"
[[ $hmods != *javafx* && $hmods != *java.desktop* ]] && pass "headless runtime without JavaFX/AWT" || fail "headless runtime has desktop modules"
check "JCuda natives slimmed to driver/runtime" bash -c "unzip -l '$img'/lib/jcuda-natives-*.jar | grep -q libJCudaDriver && ! unzip -l '$img'/lib/jcuda-natives-*.jar | grep -qE 'NvPTX|Nvrtc'"
if "${userenv[@]}" "$img/bin/sigflow" run "$img/sample-graphs/fm-loopback.graph" >"$out/headless-run.log" 2>&1; then
  pass "headless: bin/sigflow run fm-loopback.graph exits 0 ($(tail -1 "$out/headless-run.log"))"
else
  fail "headless: bin/sigflow run fm-loopback.graph failed (exit $?, $out/headless-run.log)"
fi
check "headless: fm-demod.f32 written" test -s "$img/sample-graphs/fm-demod.f32"
check "headless: no incubator warning on stderr" bash -c "! grep -q 'incubator' '$out/headless-run.log'"
check "headless: bin/sigflow validate fm-channelizer.graph" "${userenv[@]}" "$img/bin/sigflow" validate "$img/sample-graphs/fm-channelizer.graph"

echo
if (( failures )); then echo "check.sh: $failures check(s) failed"; exit 1; fi
echo "check.sh: all checks passed"
