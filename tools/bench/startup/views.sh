#!/usr/bin/env bash
# Live-views benchmark (issue 10, point 3; a benchmark, not a test), side by side in one call: waterfall-2048.graph
# (full rate, no throttle, a 2048-bin waterfall asking for 60 frames/s) run ROUNDS times each
#   headless  ./sigflow run --seconds 10           (the sink publishes frames; nobody takes them, so no FFT runs)
#   designer  ./sigflow gui under xvfb-run, run with the views drawing (-Dsigflow.startupProbe=views: 3 s warm-up,
#             then 10 s measured)
#   hidden    the same designer run with the Problems tab in front of the views (-Dsigflow.probeViews=hidden):
#             the engine in the same process without views
# and prints the sources' rate of each (the engine's throughput), the designer's frames drawn and dropped and the
# CPU its FX and render threads spent per frame (ThreadCpu).
# Usage: tools/bench/startup/views.sh [ROUNDS]   (default 2)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
rounds=${1:-2}
graph="$here/waterfall-2048.graph"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for ((i = 1; i <= rounds; i++)); do
  echo "headless: $("$root/sigflow" run "$graph" --seconds 10 2>&1 | tail -n1)"
  SIGFLOW_JAVA_OPTS="-Dsigflow.startupProbe=views ${SIGFLOW_JAVA_OPTS:-}" xvfb-run -a -s '-screen 0 1600x1000x24' \
    "$root/sigflow" gui "$graph" 2>&1 | grep -E '^sigflow-views' || true
  echo "hidden: $(SIGFLOW_JAVA_OPTS="-Dsigflow.startupProbe=views -Dsigflow.probeViews=hidden ${SIGFLOW_JAVA_OPTS:-}" \
    xvfb-run -a -s '-screen 0 1600x1000x24' "$root/sigflow" gui "$graph" 2>&1 | grep -E '^sigflow-views' || true)"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
