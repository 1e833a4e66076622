#!/usr/bin/env bash
# Throughput of ZMQ PUSH/PULL links on loopback, cf32, in Msps, side by side in one command (docs/performance.md
# quotes its output): SigFlow -> SigFlow, SigFlow -> GNU Radio, GNU Radio -> SigFlow, and the machine's raw TCP
# loopback ceiling measured in the same run. (tools/zmq/zmq-run.sh measures SigFlow -> SigFlow against the raw
# JeroMQ ceiling at the same frame size, with each side's busiest threads; it also runs from the GPU bundle.)
#   tools/zmq/throughput.sh [ITEMS]   (default 1e9 items SigFlow -> SigFlow; GNU Radio legs need /usr/bin/python3
#                                      with gnuradio; each GNU Radio leg measures 8 s)
# SIGFLOW_JAVA_OPTS=-Dsigflow.chunkElements=N sets the sender's frame size (one frame per work call; default 32768
# floats = 128 KiB; 262144 = 1 MiB frames).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
items=${1:-1e9}
bench="$root/tools/zmq/bench"
sigflow="${SIGFLOW:-$root/sigflow}"   # SIGFLOW=/other/checkout/sigflow measures another build
port=$((20000 + RANDOM % 20000))

listening() { # waits (at most 120 s) until something listens on port $1
  for _ in $(seq 600); do
    ss -ltn 2>/dev/null | grep -q ":$1 " && return 0
    sleep 0.2
  done
  echo "nothing listens on port $1 after 120 s" >&2; return 1
}

"$sigflow" validate "$bench/tx.graph" >/dev/null   # builds once, before anything is timed
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
/usr/bin/python3 "$root/tools/zmq/loopback_ceiling.py" 5

sigflow_to_sigflow() { # $1: label; the receiver binds first, so the sender's time is the transfer's
  port=$((port + 1)); addr="tcp://127.0.0.1:$port"
  echo "== SigFlow -> SigFlow, $1 ($items items)"
  "$sigflow" run "$bench/rx.graph" --set "address='$addr'" --set bind=True > /tmp/sigflow-zmq-rx.$$ 2>&1 &
  rx=$!
  listening "$port"
  "$sigflow" run "$bench/tx.graph" --set "address='$addr'" --set bind=False --set "items=$items"
  wait $rx; echo "receiver: $(tail -n1 /tmp/sigflow-zmq-rx.$$)"; rm -f /tmp/sigflow-zmq-rx.$$
}
sigflow_to_sigflow "frames of the default chunk (${SIGFLOW_JAVA_OPTS:-128 KiB})"
SIGFLOW_JAVA_OPTS="${SIGFLOW_JAVA_OPTS:-} -Dsigflow.chunkElements=262144" sigflow_to_sigflow "1 MiB frames"

if /usr/bin/python3 -c 'from gnuradio import zeromq' 2>/dev/null; then
  port=$((port + 1)); addr="tcp://127.0.0.1:$port"
  echo "== SigFlow -> GNU Radio (GNU Radio's own count over 8 s after 1 s of warm-up)"
  "$sigflow" run "$bench/tx.graph" --set "address='$addr'" --set "items=1e12" --seconds 60 >/dev/null 2>&1 &
  tx=$!
  listening "$port"
  /usr/bin/python3 "$root/tools/zmq/gr_peer.py" bench pull "$addr" --seconds 8
  kill "$tx" 2>/dev/null; wait "$tx" || true
  port=$((port + 1)); addr="tcp://127.0.0.1:$port"
  echo "== GNU Radio -> SigFlow (SigFlow's count from its graph start)"
  /usr/bin/python3 "$root/tools/zmq/gr_peer.py" bench-send push "$addr" --seconds 90 &
  tx=$!
  listening "$port"
  "$sigflow" run "$bench/rx.graph" --set "address='$addr'" --seconds 40   # a loaded machine takes ~15 s to start it
  kill "$tx" 2>/dev/null; wait "$tx" || true
else
  echo "(GNU Radio not installed for /usr/bin/python3: SigFlow <-> GNU Radio legs skipped)"
fi
