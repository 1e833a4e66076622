#!/usr/bin/env bash
# SigFlow's CPU FFT chain (research/bench/fft_n.graph: null_source -> stream_to_vector(n) -> fft(n, rectangular)
# -> null_sink) in several JVM-option variants, interleaved, with GNU Radio's stream_to_vector + fft_vcc beside, in
# one command: each round runs every size in every variant, then GNU Radio; prints per size the median Msps and
# the FFT block's own work rate and busy fraction, and the ratios to GNU Radio. docs/performance.md, "CPU FFT
# against FFTW (2026-11-27)".
# Runs in the repository (./sigflow; GNU Radio through /usr/bin/python3 tools/research/gnuradio_fir_fft.py) or in the
# folder tools/cuda/bundle.sh made (bundle-env.sh there; GNU Radio through GR_PEER, the packed C++ peer's runner,
# tools/research/gr_peer_bundle.sh; left out without it).
# Usage: bash cpu_fft_ab.sh SAMPLES ROUNDS SIZES VARIANT...   e.g.
#   bash tools/research/cpu_fft_ab.sh 2e8 3 64,1024,8192 old=-Dsigflow.fft.transpose=false new=
# (a VARIANT is NAME=JVM options, space-separated inside one word with commas: a=-Dx=1,-Dy=2). Writes
# $OUT/cpu_fft_ab.json (default ./out) with every run's report.
set -uo pipefail
samples=$1 rounds=$2 sizes=$3
shift 3
variants=("$@")
here=$(cd "$(dirname "$0")" && pwd)
if [[ -f bundle-env.sh ]]; then
  source bundle-env.sh # java, cp, out, tmp
  graph=research/bench/fft_n.graph
  sigflow() { local opts=$1; shift; "${java[@]}" ${opts//,/ } -cp "$cp" org.sigflow.cli.Main "$@"; }
  gr() { [[ -n ${GR_PEER:-} ]] && "$GR_PEER" bench --samples "$samples" --sizes "$sizes" --repeat 1 --max-seconds 5; }
else
  root=$(cd "$here/../.." && pwd)
  out=${OUT:-out}
  mkdir -p "$out"
  tmp=$(mktemp -d)
  graph=$root/sample-graphs/research/bench/fft_n.graph
  sigflow() { local opts=$1; shift; SIGFLOW_JAVA_OPTS="${opts//,/ }" "$root/sigflow" "$@"; }
  gr() { /usr/bin/python3 "$root/tools/research/gnuradio_fir_fft.py" --samples "$samples" --sizes "$sizes" --repeat 1; }
fi
machine="$(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "machine: $machine; load before: $load_before"
sigflow "" bench "$graph" --set n=64 --samples 1e7 > /dev/null 2>&1 # builds and caches once, outside the timing
for r in $(seq "$rounds"); do
  for n in ${sizes//,/ }; do
    for v in "${variants[@]}"; do
      name=${v%%=*}
      sigflow "${v#*=}" bench "$graph" --set "n=$n" --samples "$samples" --json > "$tmp/$name-$n-$r.json" 2>> "$tmp/stderr.log"
    done
  done
  gr > "$tmp/gr-$r.json" 2>> "$tmp/stderr.log"
  echo "round $r done; load $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 - "$tmp" "$out/cpu_fft_ab.json" "$sizes" "$rounds" "$machine" "$load_before" "$samples" "${variants[@]}" <<'EOF'
import json, os, statistics, sys
tmp, dest, sizes, rounds = sys.argv[1], sys.argv[2], sys.argv[3].split(","), int(sys.argv[4])
machine, load_before, samples, variants = sys.argv[5], sys.argv[6], float(sys.argv[7]), sys.argv[8:]
names = [v.split("=", 1)[0] for v in variants]
def load(p):
    try:
        return json.load(open(p))
    except (OSError, ValueError):
        return None
runs = {nm: {n: [load(os.path.join(tmp, f"{nm}-{n}-{r}.json")) for r in range(1, rounds + 1)] for n in sizes} for nm in names}
gr = [load(os.path.join(tmp, f"gr-{r}.json")) for r in range(1, rounds + 1)]
def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None
def dut(rep, key):
    return next((b[key] for b in rep["blocks"] if b["id"] == "dut"), None) if rep else None
table = {"machine": machine, "samples": samples, "variants": variants, "load_before": load_before.split(),
         "load_after": open("/proc/loadavg").read().split()[:3], "sizes": {}}
print("| n | " + " | ".join(f"{nm} Msps (fft work Msps, busy)" for nm in names) + " | GNU Radio Msps | "
      + " | ".join(f"{nm} / GR" for nm in names) + " |")
print("|---" * (2 + 2 * len(names)) + "|")
for n in sizes:
    g = med([(x or {}).get("fft", {}).get(n) for x in gr])
    row, ratios, entry = [], [], {"gnuradio": g, "gnuradio_runs": [(x or {}).get("fft", {}).get(n) for x in gr]}
    for nm in names:
        rs = runs[nm][n]
        e2e, work, busy = med([r and r["msps"] for r in rs]), med([dut(r, "msps") for r in rs]), med([dut(r, "busy") for r in rs])
        entry[nm] = {"msps": e2e, "fft_work_msps": work, "fft_busy": busy, "runs": [r and r["msps"] for r in rs]}
        row.append(f"{e2e:.0f} ({work:.0f}, {busy:.2f})" if e2e else "-")
        ratios.append(f"{e2e / g:.2f}x" if e2e and g else "-")
    table["sizes"][n] = entry
    print(f"| {n} | " + " | ".join(row) + f" | {'-' if g is None else round(g)} | " + " | ".join(ratios) + " |")
json.dump({"table": table, "runs": runs, "gnuradio": gr}, open(dest, "w"), indent=1)
print("wrote", dest)
EOF
