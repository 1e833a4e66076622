#!/usr/bin/env bash
# docs/research.md piece 2 on one machine: FIR of 4 ... 2048 taps and FFT of 64 ... 8192 points, GNU Radio 3.10 (the
# packed C++ peer, tools/research/gr_peer_bundle.sh), SigFlow's CPU blocks (sigflow bench on research/bench/fir_n,
# fft_n) and SigFlow's CUDA blocks (graphs/fir_filter_64 with ntaps swept, research/bench/fft_n_cuda; on a machine
# without a GPU they run on the CPU fallback), one after the other in one call. Runs from the folder
# tools/cuda/bundle.sh made; GR_PEER names the GNU Radio pack's runner (default ./gr-peer.sh; the pack may lie in
# another folder: with main's tree, the SigFlow bundle and the pack together pass the device tool's 64 MiB, a first
# call can leave the pack on the machine); without it the GNU Radio phase is left out. Writes
# $OUT/fir_fft_host.json (raw figures of every run) for `fir_fft_sweep.py --host`.
# Usage: bash fir_fft_host.sh [CPU_SAMPLES [GPU_SAMPLES [REPEAT [GR_MAX_SECONDS]]]]
# (default 1e8 1e9 1 3: samples per CPU and per CUDA run, CPU runs per point (median), and the time after which a
# GNU Radio run stops early: its direct-form FIR does only a few Msps at 2048 taps)
set -uo pipefail
cd "$(dirname "$0")"
source bundle-env.sh # unpacks the runtime; sets out, tmp, java, cp
cpu_samples=${1:-1e8} gpu_samples=${2:-1e9} repeat=${3:-1} gr_max=${4:-3}
taps="4 8 16 32 64 128 256 512 1024 2048"
sizes="64 128 256 512 1024 2048 4096 8192"
csv() { echo "$1" | tr ' ' ','; }
{
  echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo none)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$tmp/machine.txt"
start=$SECONDS
merge() { # the figures so far into $OUT/fir_fft_host.json (after each phase: a run cut short keeps them)
python3 - "$tmp" "$out/fir_fft_host.json" "$cpu_samples" "$gpu_samples" "$repeat" "$gr_max" <<'EOF'
import datetime, glob, json, os, sys
tmp, dest = sys.argv[1], sys.argv[2]
lines = dict(l.split(": ", 1) for l in open(os.path.join(tmp, "machine.txt")).read().splitlines())
data = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": lines["machine"], "gpu": lines["gpu"], "load_before": lines["load before"],
        "load_after": " ".join(open("/proc/loadavg").read().split()[:3]),
        "cpu_samples": float(sys.argv[3]), "gpu_samples": float(sys.argv[4]), "repeat": int(sys.argv[5]),
        "gnuradio_max_seconds": float(sys.argv[6]), "sigflow_cpu": {"fir": {}, "fft": {}}, "cuda": {}}
if os.path.exists(os.path.join(tmp, "gnuradio.json")):
    data["check"] = open(os.path.join(tmp, "check.txt")).read()
    data["gnuradio"] = json.load(open(os.path.join(tmp, "gnuradio.json")))
for f in sorted(glob.glob(os.path.join(tmp, "*-*.json"))):
    key = os.path.basename(f)[:-5]
    try:
        r = json.load(open(f))
    except ValueError:  # a failed run (its message is in stderr.log)
        continue
    if key.startswith("cpu-"):
        _, kind, size, _ = key.split("-")
        data["sigflow_cpu"][kind].setdefault(size, []).append(r["msps"])
    elif key.endswith("-cuda"):
        data["cuda"][key] = r
json.dump(data, open(dest, "w"), indent=1)
print("wrote", dest)
EOF
}

gr_peer=$(realpath -m "${GR_PEER:-./gr-peer.sh}")
if [[ -f $gr_peer ]]; then
  echo "== GNU Radio output against numpy"
  python3 "$(dirname "$gr_peer")/gr_peer_check.py" "$gr_peer" | tee "$tmp/check.txt"
  echo "== GNU Radio 3.10 (packed C++ peer), $cpu_samples samples per run, median of $repeat"
  "$gr_peer" bench --samples "$cpu_samples" --taps "$(csv "$taps")" --sizes "$(csv "$sizes")" --repeat "$repeat" \
    --max-seconds "$gr_max" > "$tmp/gnuradio.json"
  echo "GNU Radio done at $((SECONDS - start)) s"
else
  echo "== no GNU Radio peer at $gr_peer: GNU Radio left out"
fi
merge

bench() { # KEY GRAPH VAR VALUE SAMPLES: one sigflow bench run into $tmp/KEY.json
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$2" --samples "$5" --set "$3=$4" --json > "$tmp/$1.json" 2>> "$out/stderr.log"
  echo "$1: $(python3 -c "import json; r = json.load(open('$tmp/$1.json')); k = [b.get('gpu_msps') for b in r['blocks'] if b['id'] == 'dut']
print(r['msps'], 'Msps' + (f'; kernel {k[0]} Msps' if k and k[0] else ''))" 2>&1)"
}
echo "== SigFlow CPU blocks, $cpu_samples samples per run"
for r in $(seq "$repeat"); do
  for t in $taps; do bench "cpu-fir-$t-$r" research/bench/fir_n.graph ntaps "$t" "$cpu_samples"; done
  for n in $sizes; do bench "cpu-fft-$n-$r" research/bench/fft_n.graph n "$n" "$cpu_samples"; done
done
echo "SigFlow CPU done at $((SECONDS - start)) s"
merge

echo "== SigFlow CUDA blocks end to end, $gpu_samples samples per run"
for t in $taps; do bench "fir-$t-cuda" graphs/fir_filter_64.graph ntaps "$t" "$gpu_samples"; done
for n in $sizes; do bench "fft-$n-cuda" research/bench/fft_n_cuda.graph n "$n" "$gpu_samples"; done
echo "CUDA done at $((SECONDS - start)) s; load after: $(cut -d' ' -f1-3 /proc/loadavg)"

merge
rm -rf "$tmp"
