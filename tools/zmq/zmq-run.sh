#!/usr/bin/env bash
# ZMQ link throughput on loopback, cf32, side by side in one command: the raw JeroMQ ceiling at SigFlow's frame size
# (JeromqCeiling with direct buffers at both ends: only the kernel's copies and JeroMQ's framing) and SigFlow ->
# SigFlow (PUSH -> PULL, tools/zmq/bench graphs: zeros from null_source through head into zmq_push_sink,
# zmq_pull_source into null_sink), each ROUNDS times, with the CPU seconds of each process's busiest threads (what
# bounds the link) and SigFlow's ratio to the ceiling of the same round.
#   from the GPU bundle (tools/cuda/bundle.sh):   bash zmq-run.sh [ITEMS] [ROUNDS]      (default 1e10 items, 2 rounds)
#   from a checkout:                              tools/zmq/zmq-run.sh [ITEMS] [ROUNDS]
# Every leg binds its receiver first, so the sender's clock times the transfer; SigFlow's figure is the sender's
# "completed" rate (from its graph start), the receiver's is printed beside it. Writes $OUT/zmq.txt when OUT is set.
# OTHER_CP=CLASSPATH (and OTHER_OPTS=JVM options) adds a SigFlow -> SigFlow leg run on another build, e.g. main's;
# RAW_HEAP=1 adds the raw leg with JeroMQ's plain heap API (slow on the receiving side: a new array per frame).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
items=${1:-1e10}
rounds=${2:-2}
frame=$((1 << 20)) # SigFlow's frame: ZmqSink.MAX_FRAME_BYTES
jopts=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC)
if [[ -f $here/jre.tar.gz || -x $here/jre/bin/java ]]; then # the bundle
  cd "$here"
  [[ -x jre/bin/java ]] || tar xzf jre.tar.gz
  java=jre/bin/java
  cp=$(ls lib/*.jar | tr '\n' ':')
  graphs=zmq-bench
else # a checkout: the launcher builds, then the same java command as the bundle's
  root=$(cd "$here/../.." && pwd)
  "$root/sigflow" validate "$root/tools/zmq/bench/tx.graph" >/dev/null || exit 1
  java=$(ls -d ${SIGFLOW_JAVA_HOME:-} ${JAVA_HOME:-} /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25* 2>/dev/null \
    | while read -r d; do [[ -x $d/bin/java ]] && echo "$d/bin/java" && break; done)
  cp="$root/engine/target/sigflow-engine.jar:$(ls "$root"/engine/target/lib/*.jar | tr '\n' ':')"
  graphs="$root/tools/zmq/bench"
fi
port=$((20000 + RANDOM % 20000))
log=${OUT:+$OUT/zmq.txt}
log=${log:-/dev/null}
[[ -n ${OUT:-} ]] && mkdir -p "$OUT"
say() { echo "$@" | tee -a "$log"; }

listening() { # waits (at most 60 s) until something listens on port $1 (read from /proc: no ss needed)
  local hex; hex=$(printf '%04X' "$1")
  for _ in $(seq 300); do
    cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p=":$hex" '$2 ~ p"$" && $4 == "0A" { f = 1 } END { exit !f }' \
      && return 0
    sleep 0.2
  done
  echo "nothing listens on port $1 after 60 s" >&2
  return 1
}

threads() { # threads PID: CPU seconds of the process's four busiest threads, sampled until it exits
  local pid=$1 t s r v tid
  declare -A cpu name
  while kill -0 "$pid" 2>/dev/null; do
    for t in /proc/"$pid"/task/*; do
      s=$(cat "$t/stat" 2>/dev/null) || continue
      tid=${t##*/}
      r=${s##*) }
      read -r -a f <<< "$r"
      v=$((f[11] + f[12]))
      if (( ${cpu[$tid]:-0} <= v )); then cpu[$tid]=$v; name[$tid]=$(cat "$t/comm" 2>/dev/null); fi
    done
    sleep 0.5
  done
  for tid in "${!cpu[@]}"; do echo "${cpu[$tid]} ${name[$tid]}"; done | sort -rn | head -4 \
    | awk '{ printf "%s %.1f s, ", substr($0, index($0, $2)), $1 / 100 }'
}

run_java() { exec "$java" "${jopts[@]}" ${leg_opts:-} -cp "${leg_cp:-$cp}" "$@" 2> >(grep -v "incubator modules" >&2); }

raw() { # raw MODE: the JeroMQ ceiling, one process per side
  port=$((port + 1))
  local addr="tcp://127.0.0.1:$port" rx
  run_java org.sigflow.blocks.zmq.JeromqCeiling pull "$addr" "$1" > /tmp/zmq-run-rx.$$ &
  rx=$!
  listening "$port" || return
  run_java org.sigflow.blocks.zmq.JeromqCeiling push "$addr" "$items" "$frame" "$1" &
  local tx=$!
  local tt; tt=$(threads $tx)
  wait $tx; wait $rx
  say "  $(cat /tmp/zmq-run-rx.$$)"
  ceiling=$(sed -n 's/.* = \([0-9.]*\) Msps.*/\1/p' /tmp/zmq-run-rx.$$)
  say "    sender threads: $tt"
}

sigflow() { # SigFlow -> SigFlow
  port=$((port + 1))
  local addr="tcp://127.0.0.1:$port" rx tx rt tt
  run_java org.sigflow.cli.Main run "$graphs/rx.graph" --set "address='$addr'" --set bind=True \
    > /tmp/zmq-run-rx.$$ 2>&1 &
  rx=$!
  listening "$port" || return
  threads $rx > /tmp/zmq-run-rxt.$$ &
  rt=$!
  run_java org.sigflow.cli.Main run "$graphs/tx.graph" --set "address='$addr'" --set bind=False \
    --set "items=$items" > /tmp/zmq-run-tx.$$ 2>&1 &
  tx=$!
  tt=$(threads $tx)
  wait $tx; wait $rx; wait $rt
  say "  sender:   $(tail -n1 /tmp/zmq-run-tx.$$)"
  local msps; msps=$(tail -n1 /tmp/zmq-run-tx.$$ | sed -n 's/.*(\([0-9.]*\) M items\/s).*/\1/p')
  [[ -n $msps && -n ${ceiling:-} ]] && say "  ratio to the raw JeroMQ ceiling of this round: $(awk "BEGIN { printf \"%.2f\", $msps / $ceiling }")"
  say "  receiver: $(tail -n1 /tmp/zmq-run-rx.$$)"
  say "    sender threads:   $tt"
  say "    receiver threads: $(cat /tmp/zmq-run-rxt.$$)"
}

say "ZMQ link throughput, $items cf32 items per leg, frames of $frame bytes; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
say "$(lscpu 2>/dev/null | grep -m1 'Model name' | tr -s ' ')"
for r in $(seq "$rounds"); do
  if [[ ${RAW_HEAP:-0} == 1 ]]; then say "== round $r: raw JeroMQ, plain API (heap frames)"; raw heap; fi
  say "== round $r: raw JeroMQ, direct buffers at both ends"; raw direct
  say "== round $r: SigFlow -> SigFlow"; sigflow
  if [[ -n ${OTHER_CP:-} ]]; then
    say "== round $r: SigFlow -> SigFlow, other build (${OTHER_OPTS:-})"
    leg_cp=$OTHER_CP leg_opts=${OTHER_OPTS:-} sigflow
  fi
done
say "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f /tmp/zmq-run-*.$$
