#!/usr/bin/env bash
# Builds the folder the GPU machine runs from (it has no JDK and no Maven): a stripped JDK 25 runtime, the engine's
# jars (JCuda's natives slimmed to the driver/runtime libraries), the test classes with the JUnit console launcher,
# the GPU bench graphs, the CuPy peer and tools/cuda/device-run.sh, and the ZMQ link benchmark (tools/zmq/zmq-run.sh,
# zmq-bench/). Usage: tools/cuda/bundle.sh [OUT_DIR]
# (default target/cuda-device; about 20 MB: the runtime, jars and test classes travel as bundle.tar.xz, and
# device-run.sh / link-run.sh unpack it on first start; MAKE_RUNTIME names the jlink script, default the shared one).
# Carry it with the device tool and start device-run.sh or link-run.sh there.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(realpath -m "${1:-target/cuda-device}") # absolute: the jar slimming below runs in another folder
mvn -q -o package -DskipTests -pl engine -am
rm -rf "$out"
mkdir -p "$out/lib" "$out/test"
mods=java.base,java.logging,jdk.incubator.vector,java.management,jdk.zipfs,jdk.httpserver,java.net.http
if [[ -n ${MAKE_RUNTIME:-} ]]; then
  "$MAKE_RUNTIME" "$out/jre" "${mods#java.base,java.logging,jdk.incubator.vector,}" >/dev/null
else # the modules file left uncompressed: xz packs it to 13 MB where jlink's zip-9 left 20 (the tree plus the bundle
  # must stay under the device tool's 64 MiB)
  jdk=$( (ls -d "${JAVA25_HOME:-/nonexistent}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25* 2>/dev/null || true) | head -1)
  "$jdk/bin/jlink" --add-modules "$mods" --strip-debug --no-header-files --no-man-pages --compress zip-0 \
    --output "$out/jre" 2>&1 | grep -v 'incubator modules' || true
fi
# strip the JVM's symbols (29 -> 25 MB); packed with the jars and test classes at the end
find "$out/jre" -name '*.so' -exec strip --strip-unneeded {} +
cp engine/target/sigflow-engine.jar "$out/lib/"
for j in engine/target/lib/*.jar; do
  case $(basename "$j") in
    jcuda-natives-*)
      tmp=$(mktemp -d)
      (cd "$tmp" && unzip -q "$OLDPWD/$j" && rm -f lib/libJNvPTXCompiler-* lib/libJNvrtc-* && zip -qr "$out/lib/$(basename "$j")" .)
      rm -rf "$tmp" ;;
    *) cp "$j" "$out/lib/" ;;
  esac
done
cp -r engine/target/test-classes "$out/test/classes"
rm -rf "$out/test/classes/reference" # numpy vectors: the gpu group compares against the CPU twins
rm -rf "$out/test/classes/grc" # GRC import fixtures: no GPU test reads them
# the JUnit console launcher is not a build dependency: fetch it once on a fresh machine
ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/*/junit-platform-console-standalone-*.jar >/dev/null 2>&1 \
  || mvn -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.11.4
console=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/*/junit-platform-console-standalone-*.jar | grep -v sources | tail -1)
cp "$console" "$out/test/junit-console.jar"
mkdir -p "$out/graphs"
cp sample-graphs/bench/cuda/*.graph sample-graphs/bench/source/*.graph sample-graphs/bench/mgpu/*.graph "$out/graphs/"
mkdir -p "$out/research/bench" # research graphs: WirelessHdOfdmGpuTest, device-run.sh's research mode
cp sample-graphs/research/*.graph "$out/research/"
cp sample-graphs/research/bench/*.graph "$out/research/bench/"
cp tools/research/gpu_round2.sh tools/research/gpu_round3.sh tools/research/chan_diag.sh tools/research/chan_pages.sh tools/research/chan_group.sh tools/research/chan_timeline.py tools/research/bench_line.py tools/research/wirelesshd_host_stream.py tools/research/fir_fft_host.sh tools/research/cpu_fft_ab.sh "$out/" # docs/research.md's GPU runs
cp tools/cuda/device-run.sh tools/cuda/link-run.sh tools/cuda/link-explore.sh tools/cuda/small-pages.sh tools/cuda/small_pages_report.py tools/cuda/link-source.sh tools/cuda/bundle-env.sh tools/cuda/link_source_report.py tools/cuda/link-variants.sh tools/cuda/link-deep.sh tools/cuda/mgpu-run.sh tools/cuda/packed-wires.sh tools/cuda/cupy_peer.py tools/cuda/pinned_kinds.py tools/cuda/link-pin.sh tools/cuda/link-writing-source.sh tools/cuda/writing_source_report.py tools/cuda/main-check.sh "$out/"
mkdir -p "$out/zmq-bench" # the ZMQ link benchmark (no GPU): bash zmq-run.sh there
cp tools/zmq/bench/rx.graph tools/zmq/bench/tx.graph "$out/zmq-bench/"
cp tools/zmq/zmq-run.sh "$out/"
# the runtime, jars and test classes travel as one bundle.tar.xz, the jars stored uncompressed inside it so xz packs
# them too (26 -> 20 MB: main's tracked tree plus the bundle must stay under the device tool's 64 MiB); the scripts
# unpack it on first start
for j in "$out"/lib/*.jar "$out/test/junit-console.jar"; do
  tmp=$(mktemp -d)
  (cd "$tmp" && unzip -q "$j" && rm -f "$j" && zip -q -0 -r -X "$j" .)
  rm -rf "$tmp"
done
XZ_OPT=-9 tar cJf "$out/bundle.tar.xz" -C "$out" jre lib test
rm -rf "$out/jre" "$out/lib" "$out/test"
du -sh "$out"
