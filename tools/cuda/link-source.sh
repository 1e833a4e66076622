#!/usr/bin/env bash
# The GPU link without the source bound (issue 5, 2026-11-27), one call on the GPU machine from the folder
# tools/cuda/bundle.sh made: REPEATS rounds (default 3) of each null source alone (off-heap ring of the memory nodes'
# chunk, as beside a memory node) and of the host -> GPU -> host chains, each with the null source as it is now (an
# off-heap ring zeroed on its first lap only) and as before (-Dsigflow.nullSource.rewrite=true: memset every call),
# then the CuPy peer (pinned, three streams, non-blocking downloads) and the PCIe bound. The rounds measure how much a
# chain and its source vary within one machine (issue 5: cs8 and fft_1024 varied 0.65-0.99 between machines).
# Writes $OUT (or ./out): link-source.txt (the summary), link-source.json (every bench report), cupy.txt.
# Usage: link-source.sh [JAVA_OPTS...]
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
java+=("$@")
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  lscpu | grep -E 'Model name|^CPU\(s\)|NUMA node'; uptime; } | tee "$out/link-source.txt"
bench() { # name graph samples [JVM options...]
  local name=$1 g=$2 n=$3; shift 3
  "${java[@]}" "$@" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$n" --json > "$tmp/b-$name.json" 2>> "$out/stderr.log"
}
for t in cf32:1:1048576 cf32:512:1048576 cs16:512:2097152 cs8:512:4194304; do # the memory nodes' 4 MiB per call
  IFS=: read -r ty vl ch <<< "$t"
  python3 -c "import json; g = json.load(open('graphs/null_source_cf32_v1.graph'))
for b in g['blocks']: b['params'].update(type='$ty', vlen='$vl')
json.dump(g, open('$tmp/src-$ty-$vl.graph', 'w'), indent=2)"
done
old=-Dsigflow.nullSource.rewrite=true
for r in $(seq 1 "${REPEATS:-3}"); do
  echo "== round $r"
  for t in cf32:1:1048576 cf32:512:1048576 cs16:512:2097152 cs8:512:4194304; do
    IFS=: read -r ty vl ch <<< "$t"
    src=(-Dsigflow.chunkElements=$ch -Dsigflow.memory.offHeapRings=always)
    bench "r$r-source_${ty}_v$vl" "$tmp/src-$ty-$vl.graph" "${SAMPLES:-4e9}" "${src[@]}"
    bench "r$r-source_${ty}_v${vl}_rewrite" "$tmp/src-$ty-$vl.graph" "${SAMPLES:-4e9}" "${src[@]}" "$old"
  done
  bench "r$r-multiply_const" graphs/multiply_const.graph "${SAMPLES:-4e9}"
  bench "r$r-multiply_const_rewrite" graphs/multiply_const.graph "${SAMPLES:-4e9}" "$old"
  bench "r$r-fft_1024" graphs/fft_1024.graph "${SAMPLES:-4e9}"
  bench "r$r-fft_1024_rewrite" graphs/fft_1024.graph "${SAMPLES:-4e9}" "$old"
  for w in fp32 cs16_host cs8_host; do
    bench "r$r-wirelesshd_$w" "graphs/wirelesshd_fft512_$w.graph" "${SAMPLES:-4e9}"
    bench "r$r-wirelesshd_${w}_rewrite" "graphs/wirelesshd_fft512_$w.graph" "${SAMPLES:-4e9}" "$old"
  done
done
uptime | tee -a "$out/link-source.txt"
python3 link_source_report.py "$tmp" "$out" | tee -a "$out/link-source.txt"
echo "== CuPy peer and PCIe bound (same call)" | tee -a "$out/link-source.txt"
PYTHONUNBUFFERED=1 python3 -c "import cupy_peer; cupy_peer.link_peer()" 2>&1 | tee "$out/cupy.txt" | tee -a "$out/link-source.txt"
rm -rf "$tmp"
