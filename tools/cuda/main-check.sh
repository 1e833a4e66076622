#!/usr/bin/env bash
# The check of merged main on the GPU machine, one call from the folder tools/cuda/bundle.sh made (docs/research.md
# and docs/performance.md quote its lines): the whole GPU test group; the 64-channel channelizer end to end (cs8 and
# cf32, 16 and 64 Mi pages, grouped downloads) with CuPy channelize_poly in the same call (chan_group.sh); the same
# channelizer on the CPU (channelizer_64_cpu) beside the GPU one, for the paper's GPU-vs-CPU figure; the FFT sweep's
# CUDA rows (fft_n_cuda, n = 64 ... 8192); then ROUNDS (default 3) of issue 5's link chains with the defaults
# (link-variants.sh) and the CuPy link peer with the PCIe bound. SKIP leaves phases out (tests chan cpuchan fft link).
# Writes $OUT (or ./out): check.txt (the summary) and raw.tgz (each phase's files).
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
skip=" ${SKIP:-} "
log() { tee -a "$out/check.txt"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | sed -n 's/^Model name: *//p'; uptime; } | log
if [[ $skip != *" tests "* ]]; then
  echo "== the GPU test group" | log
  timeout 240 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
    --select-package org.sigflow.blocks.cuda --select-package org.sigflow.blocks.memory --details=tree --disable-banner > "$out/gpu-tests.log" 2>&1
  grep -E "tests (found|successful|failed|aborted)|✘" "$out/gpu-tests.log" | log
fi
if [[ $skip != *" chan "* ]]; then
  echo "== the 64-channel channelizer, grouped downloads, CuPy beside" | log
  OUT=$out/chan FORMATS="cs8 cf32" PAGES="16 64" REPEATS=${CHAN_REPEATS:-2} VARIANTS=group CUPY=1 \
    timeout 200 bash chan_group.sh 1.6e10 2>&1 | grep -E "^CHAN|^CUPY|^PCIe" | log
fi
if [[ $skip != *" cpuchan "* ]]; then
  echo "== the same channelizer on the CPU (one block thread) and on the GPU (cf32 host stream), 2e9 / 1.6e10 samples" | log
  for g in channelizer_64_cpu:2e9 channelizer_64_cf32:1.6e10; do
    IFS=: read -r name n <<< "$g"
    timeout 90 "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "research/bench/$name.graph" --samples "$n" --json \
      > "$tmp/$name.json" 2>> "$out/stderr.log"
    python3 bench_line.py "$tmp/$name.json" "$name" CPUCHAN | log
  done
fi
if [[ $skip != *" fft "* ]]; then
  echo "== FFT sweep, CUDA rows (research/bench/fft_n_cuda, 1e9 samples)" | log
  for n in 64 128 256 512 1024 2048 4096 8192; do
    timeout 60 "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench research/bench/fft_n_cuda.graph --set n=$n \
      --samples 1e9 --json > "$out/fft-$n-cuda.json" 2>> "$out/stderr.log"
    python3 bench_line.py "$out/fft-$n-cuda.json" "fft $n" FFTCUDA | log
  done
fi
if [[ $skip != *" link "* ]]; then
  echo "== issue 5's link chains, defaults, ${ROUNDS:-3} rounds" | log
  BENCH_TIMEOUT=60 OUT=$out/link ROUNDS=${ROUNDS:-3} bash link-variants.sh "" 2>&1 | grep -E "^v1-|Msps" | log
  echo "== CuPy link peer and the PCIe bound (same call)" | log
  PYTHONUNBUFFERED=1 timeout 120 python3 -c "import cupy_peer; cupy_peer.link_peer()" 2>&1 | grep -v -i warning | log
fi
uptime | log
# the device tool brings back only a few files (in name order): everything but check.txt goes into one archive
(cd "$out" && tar czf raw.tgz --remove-files gpu-tests.log fft-*-cuda.json chan link stderr.log 2>/dev/null)
rm -rf "$tmp"
