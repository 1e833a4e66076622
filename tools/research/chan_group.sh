#!/usr/bin/env bash
# docs/research.md "One download for the channelizer's outputs (2026-11-27)": the 64-channel channelizer end to end
# (research/bench/channelizer_64_*.graph, 1.6e10 samples) with its 64 downloads grouped (the default) and as 64
# separate downloads (-Dsigflow.memory.groupDownloads=false), alternated, per host format and page size; TIMELINE=1
# adds one run per variant with -Dsigflow.cuda.timeline (chan_timeline.py summarises it: per page, what overlaps on
# the device and how late the host queued it); CUPY=1 adds CuPy channelize_poly end to end (cupy_peer.channelizer_host)
# in the same call. One call on the GPU machine from the folder tools/cuda/bundle.sh made (it copies this script).
# Usage: chan_group.sh [SAMPLES]; FORMATS (default "cs8 cf32"), PAGES (Mi samples, default "16 64"), REPEATS (2),
# VARIANTS (default "group single"; group1d: grouped with one copy per channel, -Dsigflow.memory.groupCopy2d=false;
# noslab: grouped, the CPU rings placed one by one, -Dsigflow.ringSlabs=false),
# TIMELINE_VARIANTS (the same default); JAVA_OPTS: more JVM options for every run (e.g. -Dsigflow.memory.dmaPieceBytes=N). Writes OUT/chan-group.tgz (bench reports, timelines).
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
samples=${1:-1.6e10}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
uptime
opts() {
  case $1 in
    single) echo -Dsigflow.memory.groupDownloads=false ;;
    group1d) echo -Dsigflow.memory.groupCopy2d=false ;; # grouped, one copy per channel (before 2D copies)
    noslab) echo -Dsigflow.ringSlabs=false ;; # grouped, 2D copies, rings where malloc puts them (before the slab)
  esac
}
for h in ${FORMATS:-cs8 cf32}; do
  for p in ${PAGES:-16 64}; do
    for r in $(seq "${REPEATS:-2}"); do
      for v in ${VARIANTS:-group single}; do
        f=$out/chan-$h-${p}Mi-$v-$r.json
        timeout 90 "${java[@]}" ${JAVA_OPTS:-} $(opts "$v") -cp "$cp" org.sigflow.cli.Main bench research/bench/channelizer_64_$h.graph --json \
          --samples "$samples" --set page_items=$((p << 20)) > "$f" 2>> "$out/stderr.log"
        python3 bench_line.py "$f" "$h ${p}Mi $v r$r" CHAN
      done
    done
    [[ -z ${TIMELINE:-} ]] && continue
    for v in ${TIMELINE_VARIANTS:-group single}; do
      t=$out/timeline-$h-${p}Mi-$v.txt
      timeout 90 "${java[@]}" ${JAVA_OPTS:-} $(opts "$v") -Dsigflow.cuda.timeline="$t" -cp "$cp" org.sigflow.cli.Main bench \
        research/bench/channelizer_64_$h.graph --json --samples "$samples" --set page_items=$((p << 20)) \
        > "$out/timeline-$h-${p}Mi-$v.json" 2>> "$out/stderr.log"
      python3 bench_line.py "$out/timeline-$h-${p}Mi-$v.json" "$h ${p}Mi $v timed" CHAN
      python3 chan_timeline.py "$t" "$h ${p}Mi $v"
    done
  done
done
[[ -n ${CUPY:-} ]] && PYTHONUNBUFFERED=1 python3 - <<'PY' 2>&1 | grep -v -i warning
import cupy_peer as p
b = p.pcie_bound()
print(f"PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32, {b / 2e6:.0f} cs8")
for h in ("cf32", "cs8"):
    for page in (1 << 22, 1 << 24):
        print(f"CUPY {h} in / {h} out, {page >> 20} Mi pages: {p.channelizer_host(h, h, page) / 1e6:.0f} Msps end to end")
PY
uptime
(cd "$out" && tar czf chan-group.tgz *.json timeline-*.txt 2>/dev/null; rm -f *.json timeline-*.txt)
