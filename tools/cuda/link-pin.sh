#!/usr/bin/env bash
# Ring memory kind and thread placement (issue 5, branch pinmem), one call on the GPU machine from the folder
# tools/cuda/bundle.sh made: the zero-copy GPU tests (exact results, threads pinned too), pinned_kinds.py (copy
# throughput by host memory kind), then REPEATS rounds (default 3) of the host -> GPU -> host chains with the memory
# nodes as now, their threads and DMA waiters pinned to a CPU each (own), and each node with its waiter on one CPU
# (pair), interleaved; then the CuPy peer and the PCIe bound. Writes $OUT (or ./out): pin.txt, var/, kinds.txt, cupy.txt.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
{ nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader; uptime; } | tee "$out/pin.txt"
timeout 120 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
  --select-class org.sigflow.blocks.memory.GpuZeroCopyTest --include-tag gpu --details=summary --disable-banner 2>&1 \
  | grep -E "tests (successful|failed|aborted)|✘|Exception" | tee -a "$out/pin.txt"
echo "== pinned_kinds.py" | tee -a "$out/pin.txt"
ROUNDS=${KIND_ROUNDS:-3} timeout 90 python3 pinned_kinds.py 2>&1 | tee "$out/kinds.txt" | grep -E 'summary|depth|one way|bound|register|^NVIDIA' | tee -a "$out/pin.txt"
BENCH_TIMEOUT=60 OUT=$out/var ROUNDS=${REPEATS:-3} bash link-variants.sh "" "-Dsigflow.memory.pinThreads=own" \
  "-Dsigflow.memory.pinThreads=pair" | tee -a "$out/pin.txt"
grep -h 'pinned to\|not pinned' "$out/var/stderr.log" | sort | uniq -c | tee -a "$out/pin.txt"
echo "== CuPy peer and PCIe bound (same call)" | tee -a "$out/pin.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 -c "import cupy_peer; cupy_peer.link_peer()" 2>&1 | tee "$out/cupy.txt" | tee -a "$out/pin.txt"
uptime | tee -a "$out/pin.txt"
rm -rf "$tmp"
