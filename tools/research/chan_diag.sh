#!/usr/bin/env bash
# docs/research.md "The channelizer's downloads (2026-11-27)": where the 64-channel channelizer's end-to-end time goes,
# one call on the GPU machine from the folder tools/cuda/bundle.sh made (copy this script there). Usage:
# chan_diag.sh [SAMPLES] (VARIANTS=quick: fewer lines). Per host format (cf32, cs8), twice: the bench as committed and
# a longer run (a fixed start-up cost shows as a rate that grows with the run), each also with the downloads' rings as
# before (-Dsigflow.memory.d2hRingCap=false); then deeper device rings (-Dsigflow.cuda.ringPages=6); with SAMPLE=1
# HostSampler's stack samples of the upload, the channelizer and two downloads (call 1 of docs/research.md ran an
# earlier form: 64 Mi / 4 Mi pages instead of the ring-cap lines, the stack samples always).
# Writes OUT/reports.tgz (every bench report), OUT/stderr.log, OUT/sample-<h>.txt.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
samples=${1:-4e9}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
uptime
G=research/bench
b() { # name graph [bench options...]; JVM options in $JOPTS
  local name=$1 g=$2; shift 2
  local t0=$(date +%s.%N)
  "${java[@]}" ${JOPTS:-} -cp "$cp" org.sigflow.cli.Main bench "$g" --json "$@" > "$out/$name.json" 2>> "$out/stderr.log"
  python3 bench_line.py "$out/$name.json" "$name" CHAN
  python3 - "$out/$name.json" "$t0" <<'PY'
import json, sys, time
try:
    r = json.load(open(sys.argv[1]))
except Exception:
    sys.exit()
b = r["blocks"]; d = [x for x in b if x["id"].startswith("d2h")]
h = next(x for x in b if x["id"] == "h2d"); u = next(x for x in b if x["id"] == "dut")
print(f"     {r['seconds']:.3f} s measured ({time.time() - float(sys.argv[2]):.1f} s command); h2d copy_ms "
      f"{h.get('copy_ms', 0):.0f}; dut busy {u['busy']:.2f} kernel_ms {u.get('kernel_ms', 0):.0f}; d2h busy mean "
      f"{sum(x['busy'] for x in d) / len(d):.2f}, copy_ms mean {sum(x.get('copy_ms', 0) for x in d) / len(d):.0f}")
PY
}
for h in cf32 cs8; do
  g=$G/channelizer_64_$h.graph
  for r in 1 2; do
    b "base-$h-$r" "$g" --samples "$samples"
    b "long-$h-$r" "$g" --samples 1.6e10
    [[ ${VARIANTS:-} == quick ]] && continue
    JOPTS=-Dsigflow.memory.d2hRingCap=false b "nocap-$h-$r" "$g" --samples "$samples"
    JOPTS=-Dsigflow.memory.d2hRingCap=false b "nocap-long-$h-$r" "$g" --samples 1.6e10
  done
  [[ ${VARIANTS:-} == quick ]] && continue
  JOPTS=-Dsigflow.cuda.ringPages=6 b "ring6-long-$h" "$g" --samples 1.6e10
done
[[ -n ${SAMPLE:-} ]] && for h in cf32 cs8; do
  timeout 60 "${java[@]}" -Dsampler.threads=sigflow-h2d,sigflow-dut,sigflow-d2h0,sigflow-d2h63,sigflow-dma-wait-h2d,main \
    -Dsampler.depth=6 -cp "test/classes:$cp" org.sigflow.blocks.memory.HostSampler bench "$G/channelizer_64_$h.graph" \
    --samples "$samples" --json > "$out/sampled-$h.json" 2> "$out/sample-$h.txt"
  echo "== stack samples, $h"; grep -v WARNING "$out/sample-$h.txt" | head -100
done
uptime
(cd "$out" && tar czf reports.tgz *.json && rm -f *.json)
