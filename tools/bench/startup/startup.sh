#!/usr/bin/env bash
# Start-up benchmark (issue 10, point 3; a benchmark, not a test): side by side, in one call, ROUNDS rounds of
#   cli-aot   ./sigflow run tiny.graph           (the launcher as shipped: with its AOT cache)
#   cli-plain SIGFLOW_AOT=off ./sigflow run ...   (no cache: as before)
#   grc       /usr/bin/python3 gr_tiny.py         (GNU Radio 3.10's generated-script peer), when GNU Radio imports
#   gui-aot / gui-plain: ./sigflow gui under xvfb-run until the window's first frame is drawn and the FX thread is
#             free again (-Dsigflow.startupProbe=exit prints the wall clock then) — with --gui only
# Each line: wall seconds from the command's start to its exit (gui: to the first frame), and CPU seconds (user+sys)
# of the whole command, which a loaded machine changes less than the wall time. Medians at the end.
# Usage: tools/bench/startup/startup.sh [ROUNDS] [--gui]     (the jars and caches are built first, untimed)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
rounds=${1:-5}
gui=${2:-}
tiny="$here/tiny.graph"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$root/sigflow" run "$tiny" >/dev/null # builds and trains when needed, untimed
[[ -z $gui ]] || SIGFLOW_JAVA_OPTS=-Dsigflow.startupProbe=exit xvfb-run -a "$root/sigflow" gui >/dev/null 2>&1
have_grc=$(/usr/bin/python3 -c 'from gnuradio import blocks' 2>/dev/null && echo yes || true)

# timed NAME COMMAND...: wall and CPU seconds of one run, appended to $out/NAME
timed() {
  local name=$1 t0 t1 cpu
  shift
  t0=$(date +%s%N)
  /usr/bin/time -f '%U %S' -o "$out/cpu" "$@" >/dev/null 2>&1 || true
  cpu=$(tail -n1 "$out/cpu")
  t1=$(date +%s%N)
  awk -v w=$(( (t1 - t0) / 1000000 )) -v c="$cpu" -v n="$name" \
    'BEGIN { split(c, a, " "); printf "%-10s wall %.2f s  cpu %.2f s\n", n, w / 1000, a[1] + a[2] }' | tee -a "$out/$name"
}

# gui_timed NAME ENV...: ./sigflow gui under xvfb-run until the first frame (the probe's wall clock)
gui_timed() {
  local name=$1 t0 frame cpu
  shift
  t0=$(date +%s%3N)
  # the probe ends the designer right after its first frame: the command's CPU time is that of the start
  frame=$(env "$@" SIGFLOW_JAVA_OPTS=-Dsigflow.startupProbe=exit /usr/bin/time -f '%U %S' -o "$out/cpu" \
    xvfb-run -a "$root/sigflow" gui 2>&1 >/dev/null | sed -n 's/^sigflow-startup: first-frame \([0-9]*\).*/\1/p')
  [[ -n $frame ]] || { echo "$name: no first frame reported" >&2; return 0; }
  cpu=$(tail -n1 "$out/cpu")
  # xvfb-run's own start of the X server is part of t0..frame: measured alone below and reported beside
  awk -v w=$(( frame - t0 )) -v c="$cpu" -v n="$name" \
    'BEGIN { split(c, a, " "); printf "%-10s wall %.2f s  cpu %.2f s (to the first frame)\n", n, w / 1000, a[1] + a[2] }' \
    | tee -a "$out/$name"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for ((i = 1; i <= rounds; i++)); do
  timed cli-aot "$root/sigflow" run "$tiny"
  SIGFLOW_AOT=off timed cli-plain "$root/sigflow" run "$tiny"
  [[ -z $have_grc ]] || timed grc /usr/bin/python3 "$here/gr_tiny.py"
  if [[ -n $gui ]]; then
    gui_timed gui-aot
    gui_timed gui-plain SIGFLOW_AOT=off
    timed xvfb-only xvfb-run -a true
  fi
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "medians:"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for f in "$out"/cli-* "$out"/grc "$out"/gui-* "$out"/xvfb-only; do
  [[ -f $f ]] || continue
  line="  $(basename "$f"): wall $(awk '{ print $3 }' "$f" | median) s"
  grep -q ' cpu ' "$f" && line+=", cpu $(awk '{ print $6 }' "$f" | median) s"
  echo "$line ($(wc -l <"$f") runs)"
done
