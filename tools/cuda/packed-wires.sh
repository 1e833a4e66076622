#!/usr/bin/env bash
# Host-packed narrow wires from off-heap rings (issue 5, 2026-11-27), one call on the GPU machine from the folder
# tools/cuda/bundle.sh made: the memory nodes' GPU tests, the packer's rate per thread count (PackingBench: pack,
# unpack, both at once, plain copies as the host memory's bound), each null source alone into a null sink (off-heap
# and heap ring), then ROUNDS rounds (default 2) of multiply_const and the 512-point FFT stream on fp32 / fp16 / int16 /
# int8 wires (host-packed: a cf32 source, packed by memory_h2d, unpacked by memory_d2h), the narrow ones also as
# before (OLD: heap rings, whole-page copies), and the CuPy peer (PCIe bound, narrow wires) in the same call.
# Knobs: ROUNDS, SAMPLES (default 2e9), BENCH_SECONDS (PackingBench per case, default 0.3), THREADS (its list),
# OPTS (JVM options for the new path's chains), EXTRA (one more setting of it, runs named -extra-), VARIANTS (more
# settings, each NAME=OPTIONS with commas for spaces, runs named -NAME-), TRACE (1: one more int8 run per chain with
# -Dsigflow.memory.packTrace, its pack-trace lines in packed.txt), BENCH_PIN (1: PackingBench fp32/int8 at 8 threads, one team
# against two pinned), SKIP (words: tests bench sources old cupy).
# Writes $OUT (or ./out): packed.txt, runs.json, stderr.log.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
skip=" ${SKIP:-} "
log="$out/packed.txt"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc; uptime
  echo "siblings: $(cat /sys/devices/system/cpu/cpu*/topology/thread_siblings_list 2>/dev/null | tr '\n' ' ')"; } | tee "$log"
if [[ $skip != *" tests "* ]]; then
  timeout 150 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
    ${TESTS:---select-package org.sigflow.blocks.memory --select-class org.sigflow.blocks.cuda.GpuTwinTest} --include-tag gpu \
    --details=tree --disable-banner 2>&1 \
    | grep -E "tests (successful|failed|aborted)|✘|Exception|packed wire" | tee -a "$log"
fi
if [[ $skip != *" bench "* ]]; then
  echo "== PackingBench (Gsps of cf32 per node; fp32 = plain copies)" | tee -a "$log"
  timeout 120 "${java[@]}" -cp "test/classes:$cp" org.sigflow.blocks.memory.PackingBench "${BENCH_SECONDS:-0.3}" \
    "${THREADS:-1,2,4,8,12,15}" 2>> "$out/stderr.log" | tee -a "$log"
fi
if [[ ${BENCH_PIN:-0} == 1 ]]; then # the packers alone, one team against a team per direction pinned to half the cores
  for opts in "-Dsigflow.packingThreads.teams=1" "-Dsigflow.packingThreads.teams=2 -Dsigflow.packingThreads.pin=true"; do
    echo "== PackingBench $opts" | tee -a "$log"
    # shellcheck disable=SC2086
    timeout 60 "${java[@]}" $opts -Dbench.rings=16 -Dbench.formats=fp32,int8 -cp "test/classes:$cp" \
      org.sigflow.blocks.memory.PackingBench "${BENCH_SECONDS:-0.3}" 8 2>&1 | grep -E "ring|pinned" | tee -a "$log"
  done
fi
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
for wire in ("fp32", "fp16", "int16", "int8"):
    g = json.load(open("graphs/multiply_const.graph"))
    for b in g["blocks"]:
        if b["type"] in ("memory_h2d", "memory_d2h"):
            b["params"]["wire_format"] = wire
    json.dump(g, open(f"{tmp}/multiply_const_{wire}.graph", "w"), indent=1)
    g = json.load(open(f"graphs/wirelesshd_fft512_{wire}.graph"))
    json.dump(g, open(f"{tmp}/wirelesshd_fft512_{wire}.graph", "w"), indent=1)
g = json.load(open("graphs/null_source_cf32_v1.graph"))
for vl in ("1", "512"):
    for b in g["blocks"]:
        b["params"].update(type="cf32", vlen=vl)
    json.dump(g, open(f"{tmp}/src_{vl}.graph", "w"), indent=1)
PY
bench() { # name, graph, options...
  local name=$1 graph=$2
  shift 2
  echo "== $name" >> "$out/stderr.log"
  timeout "${BENCH_TIMEOUT:-60}" "${java[@]}" "$@" -cp "$cp" org.sigflow.cli.Main bench "$graph" \
    --samples "${SAMPLES:-2e9}" --json > "$tmp/b-$name.json" 2>> "$out/stderr.log"
}
if [[ $skip != *" sources "* ]]; then
  for vl in 1 512; do
    bench "source-offheap-v$vl" "$tmp/src_$vl.graph" -Dsigflow.memory.offHeapRings=always
    bench "source-heap-v$vl" "$tmp/src_$vl.graph" -Dsigflow.memory.offHeapRings=false
  done
fi
OLD="-Dsigflow.memory.packOffHeap=false -Dsigflow.memory.packPipelined=false"
for r in $(seq 1 "${ROUNDS:-2}"); do
  for chain in multiply_const wirelesshd_fft512; do
    for wire in fp32 fp16 int16 int8; do
      # shellcheck disable=SC2086
      bench "$chain-$wire-new-r$r" "$tmp/${chain}_$wire.graph" ${OPTS:-}
      if [[ $wire != fp32 && $skip != *" old "* ]]; then
        # shellcheck disable=SC2086
        bench "$chain-$wire-old-r$r" "$tmp/${chain}_$wire.graph" $OLD
      fi
      if [[ $wire != fp32 && -n ${EXTRA:-} ]]; then # one more setting of the new path
        # shellcheck disable=SC2086
        bench "$chain-$wire-extra-r$r" "$tmp/${chain}_$wire.graph" $EXTRA
      fi
      if [[ $wire != fp32 ]]; then
        for v in ${VARIANTS:-}; do
          o=${v#*=}
          # shellcheck disable=SC2086
          bench "$chain-$wire-${v%%=*}-r$r" "$tmp/${chain}_$wire.graph" ${o//,/ }
        done
      fi
    done
  done
done
if [[ ${TRACE:-0} == 1 ]]; then
  for chain in multiply_const wirelesshd_fft512; do
    # shellcheck disable=SC2086
    bench "$chain-int8-trace-r1" "$tmp/${chain}_int8.graph" ${OPTS:-} -Dsigflow.memory.packTrace=true
    sed -n "/== $chain-int8-trace-r1/,/^== /p" "$out/stderr.log" | grep -E "pack-trace|pinned" | tee -a "$log"
  done
fi
uptime | tee -a "$log"
python3 - "$tmp" "$out" <<'PY' | tee -a "$log"
import glob, json, os, sys
tmp, out = sys.argv[1:]
runs = {os.path.basename(f)[2:-5]: json.load(open(f)) for f in sorted(glob.glob(f"{tmp}/b-*.json")) if os.path.getsize(f)}
json.dump(runs, open(f"{out}/runs.json", "w"), indent=1)
fp32 = {}
for name, r in sorted(runs.items()):
    if "-fp32-" in name:
        fp32[name.replace("-fp32-", "-")] = r["msps"]
for name, r in sorted(runs.items()):
    b = {x["id"]: x for x in r["blocks"]}
    ns = f" {512e3 / r['msps']:.1f} ns/FFT" if "fft512" in name and r["msps"] else ""
    parts = name.split("-")  # chain-wire-setting-round: every setting against the round's fp32
    base = fp32.get(f"{parts[0]}-new-{parts[-1]}") if len(parts) == 4 else None
    ratio = f" = {r['msps'] / base:.2f}x fp32" if base and "-fp32-" not in name else ""
    busy = " ".join(f"{k} {b[k]['busy']:.2f}" for k in ("src", "h2d", "d2h", "sink") if k in b)
    print(f"{name}: {r['msps']:.0f} Msps{ns}{ratio}; busy {busy}")
PY
if [[ $skip != *" cupy "* ]]; then
  echo "== CuPy peer (same call)" | tee -a "$log"
  PYTHONUNBUFFERED=1 timeout 120 python3 -c "import cupy_peer as c
b = c.pcie_bound()
print(f'PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32')
print(f\"cupy multiply_const: {c.end_to_end(c.OPS['multiply_const']) / 1e6:.0f} Msps end to end\")
for w in c.WIRES:
    print(f'cupy wirelesshd_{w}: {c.wirelesshd(w):.1f} ns per 512-point FFT (host data already {w})')" 2>&1 | tee -a "$log"
fi
uptime | tee -a "$log"
rm -rf "$tmp"
