#!/usr/bin/env bash
# Memory-node settings side by side in one call on the GPU machine (from the folder tools/cuda/bundle.sh made): each
# argument is one variant's JVM options ("" = the defaults); every variant runs the host -> GPU -> host chains
# (multiply_const, fft_1024, the 512-point FFT stream fp32 / cs16 / cs8), ROUNDS times interleaved (default 2).
# BENCH_TIMEOUT=s ends a bench that runs longer. Writes $OUT (or ./out)/variants.txt and variants.json. Usage: link-variants.sh "" "-Dsigflow.memory.chunkBytes=16777216" ...
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uptime; } | tee "$out/variants.txt"
chains="multiply_const fft_1024 wirelesshd_fft512_fp32 wirelesshd_fft512_cs16_host wirelesshd_fft512_cs8_host"
for r in $(seq 1 "${ROUNDS:-2}"); do
  v=0
  for opts in "$@"; do
    v=$((v + 1))
    echo "v$v = [$opts]" > "$tmp/v$v.name"
    for g in ${CHAINS:-$chains}; do
      echo "== v$v-$g-r$r" >> "$out/stderr.log" # names the -Dsigflow.memory.dmaTrace lines that follow
      # shellcheck disable=SC2086
      ${BENCH_TIMEOUT:+timeout $BENCH_TIMEOUT} "${java[@]}" $opts -cp "$cp" org.sigflow.cli.Main bench "graphs/$g.graph" --samples "${SAMPLES:-4e9}" --json \
        > "$tmp/b-v$v-$g-r$r.json" 2>> "$out/stderr.log"
    done
  done
done
uptime | tee -a "$out/variants.txt"
python3 - "$tmp" "$out" <<'PY' | tee -a "$out/variants.txt"
import glob, json, os, re, sys
tmp, out = sys.argv[1:]
runs = {os.path.basename(f)[2:-5]: json.load(open(f)) for f in sorted(glob.glob(f"{tmp}/b-*.json")) if os.path.getsize(f)}
json.dump(runs, open(f"{out}/variants.json", "w"), indent=1)
for f in sorted(glob.glob(f"{tmp}/v*.name")):
    print(open(f).read().strip())
for name, r in sorted(runs.items()):
    b = {x["id"]: x for x in r["blocks"]}
    ns = f" {512e3 / r['msps']:.1f} ns/FFT" if "fft512" in name and r["msps"] else ""
    print(f"{name}: {r['msps']:.0f} Msps{ns}; " + " ".join(f"{k} {b[k]['busy']:.2f}" for k in ("src", "h2d", "d2h") if k in b))
PY
rm -rf "$tmp"
