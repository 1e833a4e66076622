#!/usr/bin/env bash
# Live-views benchmark (issue 10, point 3; a benchmark, not a test), side by side in one call: waterfall-2048.graph
# (full rate, no throttle, a 2048-bin waterfall asking for 60 frames/s) run ROUNDS times each
#   headless  ./sigflow run --seconds 10           (the sink publishes frames; nobody takes them, so no FFT runs)
#   designer  ./sigflow gui under xvfb-run, run with the views drawing (-Dsigflow.startupProbe=views: 3 s warm-up,
#             then 10 s measured); under software drawing a docked waterfall's picture is drawn in a window of its
#             own over its place (views/SurfaceOverlay)
#   inplace   the same, the picture drawn in the main window (-Dsigflow.viewOverlay=off: what docked cost before)
#   hidden    the same designer run with the Problems tab in front of the views (-Dsigflow.probeViews=hidden):
#             the engine in the same process without views
#   tick      hidden, but one pixel changes on every pulse (-Dsigflow.probeViews=tick): what JavaFX's software
#             pipeline spends to present a frame at all (it copies and uploads the whole window per frame), the
#             floor under any view drawing at 60 frames/s
#   popped    the views each in a window of their own (POP_SIZE, default 800x450; -Dsigflow.probeViews=popped): only
#             that window's pixels are copied and uploaded per frame, the main window repaints when it changes
# and prints the sources' rate of each (the engine's throughput), the designer's frames drawn and dropped, the CPU
# its FX and render threads spent per frame, the whole process's and the X server's CPU (ThreadCpu), and at the end
# the engine's loss beside the views against the hidden run (median of the rounds).
# GRAPH=spectrum-waterfall-2048.graph runs the same with a 2048-bin spectrum docked beside the waterfall (a line plot
# redrawn per frame, its plot area in a window of its own like the waterfall's picture: views/PlotSurface).
# Usage: [POP_SIZE=WxH] [GRAPH=name.graph] tools/bench/startup/views.sh [ROUNDS]   (default 2)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
rounds=${1:-2}
graph="$here/${GRAPH:-waterfall-2048.graph}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# designer MODE: one designer run of the graph, its probe line prefixed with MODE
designer() {
  local mode=$1 extra=""
  [[ $mode == views ]] || extra="-Dsigflow.probeViews=$mode -Dsigflow.probePopSize=${POP_SIZE:-800x450}"
  [[ $mode != inplace ]] || extra="-Dsigflow.viewOverlay=off"
  echo "$mode: $(SIGFLOW_JAVA_OPTS="-Dsigflow.startupProbe=views $extra ${SIGFLOW_JAVA_OPTS:-}" \
    xvfb-run -a -s '-screen 0 1600x1000x24' "$root/sigflow" gui "$graph" 2>&1 | grep -E '^sigflow-views' || true)"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for ((i = 1; i <= rounds; i++)); do
  echo "headless: $("$root/sigflow" run "$graph" --seconds 10 2>&1 | tail -n1)"
  designer views
  designer inplace
  designer popped
  designer hidden
  designer tick
done | tee "$out"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# the engine's rate beside the views against the hidden run, round by round, and the median loss
python3 - "$out" <<'PY'
import re, statistics, sys
rate = lambda l: float(re.search(r'sources ([0-9.]+) M items/s', l).group(1)) if 'sources' in l else None
lines = open(sys.argv[1]).read().splitlines()
hidden = [rate(l) for l in lines if l.startswith('hidden:')]
for mode in ('views', 'inplace', 'popped'):
    shown = [rate(l) for l in lines if l.startswith(mode + ':')]
    losses = [100 * (1 - v / h) for v, h in zip(shown, hidden) if v and h]
    if losses:
        print('engine beside the views (%s) vs hidden: ' % mode + ', '.join('%+.1f %%' % -x for x in losses)
              + '; median loss %.1f %% (goal <= 5 %%)' % statistics.median(losses))
PY
