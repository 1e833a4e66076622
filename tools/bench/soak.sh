#!/usr/bin/env bash
# Soak run (a benchmark, not in CI): runs a graph headless for a while and samples the JVM's resident memory every
# PERIOD seconds, to see that it stays flat after warm-up and that no samples are lost (the summary's item count).
# Usage: tools/bench/soak.sh [GRAPH] [SECONDS] [PERIOD]
#   default GRAPH: sample-graphs/throttled-live-views.graph (the live-views sample, headless: its display sinks still
#   compute frames); for a full-rate chain use sample-graphs/bench/fir_filter_64.graph. Default 3600 s, every 30 s.
# Output: "t_s rss_mb" lines, then the run's summary; a copy of the graph runs from a temp folder.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
graph=${1:-$root/sample-graphs/throttled-live-views.graph}
seconds=${2:-3600}
period=${3:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$graph" "$work/"
"$root/sigflow" run "$work/$(basename "$graph")" --seconds "$seconds" >"$work/summary.txt" 2>&1 &
launcher=$!
start=$(date +%s)
echo "t_s rss_mb"
while kill -0 "$launcher" 2>/dev/null; do
  sleep "$period"
  pid=$(pgrep -f "org.sigflow.cli.Main run $work" | head -n1 || true)
  [[ -n $pid ]] || continue
  rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status" 2>/dev/null || true)
  [[ -n $rss ]] && echo "$(( $(date +%s) - start )) $rss"
done
wait "$launcher" || true
cat "$work/summary.txt"
