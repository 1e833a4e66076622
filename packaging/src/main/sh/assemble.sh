#!/usr/bin/env bash
# Called by packaging/pom.xml (-Ppackage) between jlink and jpackage:
#  0. puts JavaFX's natives into the desktop runtime's lib/ (jlink left them out of the javafx.graphics module);
#  1. slims JCuda's natives jar in the jpackage input (the engine uses only the driver/runtime libraries; NvPTXCompiler
#     and NVRTC are 24 MB);
#  2. assembles the headless runtime image around the jlinked runtime (TARGET/headless/NAME/runtime), makes its AOT
#     cache (lib/sigflow.aot: a training run of tools/bench/startup/tiny.graph on that runtime; docs/performance.md)
#     and tars it.
# Usage: assemble.sh TARGET_DIR NAME SOURCE_DIR
set -euo pipefail
target=$1 name=$2 src=$3
input=$target/input

for j in "$target"/javafx/*.jar; do # the platform jars hold the natives, the classifier-less ones are empty
  if unzip -Z1 "$j" '*.so' >/dev/null 2>&1; then unzip -q -o -j "$j" '*.so' -d "$target/runtime-desktop/lib"; fi
done

for j in "$input"/jcuda-natives-*.jar; do
  zip -q -d "$j" 'lib/libJNvPTXCompiler-*' 'lib/libJNvrtc-*' >/dev/null || true
done

image=$target/headless/$name
mkdir -p "$image/lib" "$image/bin" "$image/sample-graphs"
for j in "$input"/*.jar; do
  case $(basename "$j") in
    app-*) ;; # the designer: not on a server
    *) cp "$j" "$image/lib/" ;;
  esac
done
cp "$src/headless/bin/sigflow" "$image/bin/"
cp "$src/headless/README.txt" "$image/"
cp -r "$input/sample-graphs/." "$image/sample-graphs/"
# The class path as bin/sigflow spells it (the jars in name order): the cache is valid for that class path only,
# wherever the image is unpacked. A failed training run leaves no cache, and the launcher starts without one.
jars=("$image"/lib/*.jar)
cp_line=$(IFS=:; echo "${jars[*]}")
"$image/runtime/bin/java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC \
  -Xss4m -XX:AOTCacheOutput="$image/lib/sigflow.aot" -cp "$cp_line" org.sigflow.cli.Main run \
  "$src/../../../tools/bench/startup/tiny.graph" >/dev/null 2>&1 || rm -f "$image/lib/sigflow.aot"
tar --owner=0 --group=0 --numeric-owner -C "$target/headless" -czf "$target/$name.tar.gz" "$name"
echo "headless image: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1) packed, $(du -sh "$image" | cut -f1) unpacked)"
