#!/usr/bin/env bash
# The link with more in flight (issue 5, 2026-11-27), one call on the GPU machine from the folder tools/cuda/bundle.sh
# made: the memory nodes' GPU tests, each null source alone (the chains' source bound), then REPEATS rounds (default 3) of the host -> GPU -> host chains with the
# memory nodes as now (paced DMA waiter, two copy streams, pieces queued across the ring's end, 32 MiB chunks on
# untouched rings), with 16 MiB chunks, and as before (blocking waiter, one stream, no wrap, 16 MiB), interleaved, each with the
# DMA trace (stderr.log); then the host-packed fp16/int16/int8 wires from a cf32 source, the CuPy peer and the PCIe
# bound. Writes $OUT (or ./out): deep.txt, var/ (variants.txt, variants.json, stderr.log), packed/, cupy.txt.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } | tee "$out/deep.txt"
timeout 120 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
  --select-package org.sigflow.blocks.memory --include-tag gpu --details=summary --disable-banner 2>&1 \
  | grep -E "tests (successful|failed|aborted)|✘|Exception" | tee -a "$out/deep.txt"
echo "== each null source alone into a null sink, on the off-heap ring it has beside a memory node" | tee -a "$out/deep.txt"
for t in cf32:1 cf32:512 cs16:512 cs8:512; do
  IFS=: read -r ty vl <<< "$t"
  python3 -c "import json; g = json.load(open('graphs/null_source_cf32_v1.graph'))
for b in g['blocks']: b['params'].update(type='$ty', vlen='$vl')
json.dump(g, open('$tmp/src.graph', 'w'), indent=2)"
  timeout 60 "${java[@]}" -Dsigflow.memory.offHeapRings=always -cp "$cp" org.sigflow.cli.Main bench "$tmp/src.graph" \
    --samples "${SAMPLES:-4e9}" --json 2>> "$out/stderr.log" \
    | python3 -c "import json, sys; r = json.load(sys.stdin); print('source $ty vlen $vl alone:', round(r['msps']), 'Msps')" \
    | tee -a "$out/deep.txt"
done
T=-Dsigflow.memory.dmaTrace=true
BENCH_TIMEOUT=60 OUT=$out/var ROUNDS=${REPEATS:-3} bash link-variants.sh "$T" "$T -Dsigflow.untouchedRingChunkBytes=16777216" \
  "$T -Dsigflow.memory.dmaWait=blocking -Dsigflow.memory.dmaStreams=1 -Dsigflow.memory.dmaWrap=false -Dsigflow.untouchedRingChunkBytes=16777216" \
  | tee -a "$out/deep.txt"
BENCH_TIMEOUT=60 OUT=$out/packed ROUNDS=1 CHAINS="wirelesshd_fft512_fp16 wirelesshd_fft512_int16 wirelesshd_fft512_int8" \
  bash link-variants.sh "$T" | tee -a "$out/deep.txt"
echo "== CuPy peer and PCIe bound (same call)" | tee -a "$out/deep.txt"
PYTHONUNBUFFERED=1 python3 -c "import cupy_peer; cupy_peer.link_peer()" 2>&1 | tee "$out/cupy.txt" | tee -a "$out/deep.txt"
uptime | tee -a "$out/deep.txt"
rm -rf "$tmp"
