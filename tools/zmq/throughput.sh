#!/usr/bin/env bash
# Throughput of a ZMQ PUSH/PULL link on loopback, cf32, in Msps (docs/performance.md quotes its output).
#   tools/zmq/throughput.sh [ITEMS]      (default 2e9 items SigFlow→SigFlow; GNU Radio legs need gnuradio installed)
# SIGFLOW_JAVA_OPTS=-Dsigflow.chunkElements=N changes the frame size (one frame per work call).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
items=${1:-2e9}
bench="$root/tools/zmq/bench"
sigflow="$root/sigflow"
port=$((20000 + RANDOM % 20000))
addr="tcp://127.0.0.1:$port"

"$sigflow" validate "$bench/tx.graph" >/dev/null   # builds once, before anything is timed

echo "== SigFlow -> SigFlow ($items items)"
"$sigflow" run "$bench/rx.graph" --set "address='$addr'" > /tmp/sigflow-zmq-rx.$$ 2>&1 &
rx=$!
sleep 2
"$sigflow" run "$bench/tx.graph" --set "address='$addr'" --set "items=$items"
wait $rx; echo "receiver: $(tail -n1 /tmp/sigflow-zmq-rx.$$)"; rm -f /tmp/sigflow-zmq-rx.$$

if /usr/bin/python3 -c 'from gnuradio import zeromq' 2>/dev/null; then
  port=$((port + 1)); addr="tcp://127.0.0.1:$port"
  echo "== SigFlow -> GNU Radio"   # the sender waits for its peer, so nothing is lost to start-up
  "$sigflow" run "$bench/tx.graph" --set "address='$addr'" --set "items=1e12" --seconds 15 >/dev/null 2>&1 &
  tx=$!
  sleep 4
  /usr/bin/python3 "$root/tools/zmq/gr_peer.py" bench pull "$addr" --seconds 5
  wait $tx || true
  port=$((port + 1)); addr="tcp://127.0.0.1:$port"
  echo "== GNU Radio -> SigFlow"   # GNU Radio's push sink waits for its peer too
  /usr/bin/python3 "$root/tools/zmq/gr_peer.py" bench-send push "$addr" --seconds 15 &
  tx=$!
  sleep 3
  "$sigflow" run "$bench/rx.graph" --set "address='$addr'" --seconds 5
  wait $tx || true
else
  echo "(GNU Radio not installed: SigFlow <-> GNU Radio legs skipped)"
fi
