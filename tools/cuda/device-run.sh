#!/usr/bin/env bash
# Runs on the GPU machine from the folder tools/cuda/bundle.sh made: the gpu test group (JUnit console launcher),
# then `sigflow bench` on each GPU chain and the CuPy peer on the same chains. Writes logs to $OUT (or ./out).
# Usage: device-run.sh [SAMPLES]   (default 2e9 per bench chain)
set -uo pipefail
cd "$(dirname "$0")"
out=${OUT:-out}
mkdir -p "$out"
samples=${1:-2e9}
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/device.txt"
lscpu | grep -E 'Model name|^CPU\(s\)' | tee -a "$out/device.txt"

echo "== gpu test group"
"${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
  --select-package org.sigflow.blocks.cuda --include-tag gpu --details=tree --disable-banner 2>&1 | tee "$out/gpu-tests.log"
tests=${PIPESTATUS[0]}

echo "== sigflow bench (samples $samples)"
for g in graphs/*.graph; do
  n=$(basename "$g" .graph)
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$samples" --json > "$out/bench-$n.json" 2> "$out/bench-$n.err"
  echo "$n: $(python3 -c "import json,sys; r=json.load(open('$out/bench-$n.json')); print(r['msps'], 'Msps end to end;', ', '.join(f\"{b['id']} {b.get('gpu_msps', b['msps'])}\" for b in r['blocks']))" 2>&1) $(head -c 300 "$out/bench-$n.err")"
done

echo "== CuPy peer"
python3 cupy_peer.py 2>&1 | tee "$out/cupy.txt"
exit "$tests"
