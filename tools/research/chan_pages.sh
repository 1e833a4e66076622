#!/usr/bin/env bash
# docs/research.md "The channelizer's downloads (2026-11-27)": the 64-channel channelizer end to end on long runs
# (1.6e10 samples: start-up and teardown, about 0.1-0.2 s, are then a few percent) at 16 Mi and 64 Mi pages, beside
# CuPy channelize_poly end to end (cupy_peer.channelizer_host) at 4, 16 and 64 Mi pages, same call. One call on the GPU
# machine from the folder tools/cuda/bundle.sh made (copy this script there). Writes OUT/pages.tgz (bench reports).
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null; uptime
for h in cf32 cs16 cs8; do
  for p in 16 64; do
    for r in 1 2; do
      [[ $h == cs16 && $r == 2 ]] && continue
      f=$out/pages-$h-${p}Mi-$r.json
      "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench research/bench/channelizer_64_$h.graph --json --samples 1.6e10 \
        --set page_items=$((p << 20)) > "$f" 2>> "$out/stderr.log"
      python3 bench_line.py "$f" "$h ${p}Mi pages r$r" CHAN
    done
  done
done
PYTHONUNBUFFERED=1 python3 - <<'PY' 2>&1 | grep -v Warning
import cupy as cp, cupy_peer as p
b = p.pcie_bound()
print(f"PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32, {b / 2e6:.0f} cs8")
for r in range(2):
    for h in ("cf32", "cs16", "cs8"):
        for page in (1 << 22, 1 << 24, 1 << 26):
            try:
                print(f"CUPY r{r + 1} {h} in / {h} out, {page >> 20} Mi pages: {p.channelizer_host(h, h, page) / 1e6:.0f} Msps end to end")
            except Exception as e:
                print(f"CUPY r{r + 1} {h} {page >> 20} Mi: failed {type(e).__name__}: {e}")
PY
uptime
(cd "$out" && tar czf pages.tgz pages-*.json && rm -f pages-*.json)
