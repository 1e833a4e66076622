#!/usr/bin/env bash
# Pan/zoom benchmark of the designer (issue 10, point 3; a benchmark, not a test): opens an N-block chain
# (chain_graph.py) in ./sigflow gui under xvfb-run, then pans and zooms the canvas on every pulse for 10 s
# (-Dsigflow.startupProbe=fps) and prints the frame rate, the longest frame and the frames later than 1/55 s.
# JavaFX paces pulses at 60 per second: 60 fps is the ceiling. Under Xvfb JavaFX draws in software (Prism sw).
# Usage: tools/bench/startup/pan_zoom.sh [N]   (default 500)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
n=${1:-500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/chain_graph.py" "$n" "$work/chain-$n.graph"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $n blocks"
SIGFLOW_JAVA_OPTS="-Dsigflow.startupProbe=fps ${SIGFLOW_JAVA_OPTS:-}" xvfb-run -a -s '-screen 0 1600x1000x24' \
  "$root/sigflow" gui "$work/chain-$n.graph" 2>&1 | grep -E '^sigflow(-fps|:)' || true
