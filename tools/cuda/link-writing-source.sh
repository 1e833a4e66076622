#!/usr/bin/env bash
# A writing source's rate through the link (issue 5, 2026-11-27), one call on the GPU machine from the folder
# tools/cuda/bundle.sh made. Per round, each case's source alone into a null sink (s0: as now; s2: its thread pinned,
# -Dsigflow.sourceCpu=0) and its host -> GPU -> host chain in the variants below, interleaved, so each chain has its
# source alone of the same round beside it. Sources that write every sample: the null source rewriting its ring every
# call (-Dsigflow.nullSource.rewrite=true, memset) for cf32 (multiply_const_cuda) and cs8 (the 512-point FFT stream),
# and file_source replaying a cf32 file from the page cache (pread + copy into the ring) into multiply_const_cuda.
# The source alone runs on the ring it writes beside a memory node (off-heap, the nodes' 4 MiB chunk).
# Env: TESTS (set: GpuZeroCopyTest first), ROUNDS (3), LOOP_S (time for the rounds, then the report; default 200),
# CASES ("mc cs8 file"), FILE_SAMPLES (2e9), VARIANTS (chain variants, name=JVM options comma-separated; given, every
# case runs all of them; default below, per case), ALONE (the source-alone variants, s<k>; a chain variant v<k> is
# also set against s<k> of its round).
# Writes $OUT (or ./out): writing-source.txt, writing-source.json.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  lscpu | grep -E 'Model name|^CPU\(s\)|Thread\(s\) per core|NUMA node|L2|L3'; ldd --version | head -1
  cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } | tee "$out/writing-source.txt"
if [[ -n ${TESTS:-} ]]; then # the zero-copy GPU tests first (exact results; huge-page rings among them)
  timeout 150 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
    --select-class org.sigflow.blocks.memory.GpuZeroCopyTest --include-tag gpu --details=summary --disable-banner 2>&1 \
    | grep -E "tests (successful|failed|aborted)|✘|Exception" | tee -a "$out/writing-source.txt"
fi
old=-Dsigflow.nullSource.rewrite=true
given=${VARIANTS:+1}
VARIANTS=${VARIANTS:-"v0= v2=-Dsigflow.sourceCpu=0 v4=-Dsigflow.untouchedRingChunkBytes=0 v5=-Dsigflow.memory.chunkBytes=8388608"}
ALONE=${ALONE:-"s0= s2=-Dsigflow.sourceCpu=0"}
if [[ " ${CASES:-file} " == *" file "* ]]; then # 512 MiB of cf32, read once here so it sits in the page cache
  head -c 512M /dev/urandom > "$tmp/iq.cf32"
  cat "$tmp/iq.cf32" > /dev/null
fi
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
def save(g, name): json.dump(g, open(f"{tmp}/{name}.graph", "w"), indent=1)
alone = json.load(open("graphs/null_source_cf32_v1.graph"))
for ty, vl in (("cf32", "1"), ("cs8", "512")):
    for b in alone["blocks"]: b["params"].update(type=ty, vlen=vl)
    save(alone, f"alone-{ty}")
file = {"file": f"'{tmp}/iq.cf32'", "format": "cf32_le", "type": "cf32", "repeat": "true", "vlen": "1"}
for b in alone["blocks"]: b["params"].update(type="cf32", vlen="1")
alone["blocks"][0].update(type="file_source", params=file)
save(alone, "alone-file")
chain = json.load(open("graphs/multiply_const.graph"))
chain["blocks"][0].update(type="file_source", params=file)
save(chain, "chain-file")
PY
declare -A CHAIN=([mc]=graphs/multiply_const.graph [cs8]=graphs/wirelesshd_fft512_cs8_host.graph [file]="$tmp/chain-file.graph")
declare -A SOLO=([mc]="$tmp/alone-cf32.graph" [cs8]="$tmp/alone-cs8.graph" [file]="$tmp/alone-file.graph")
declare -A CH=([mc]=1048576 [cs8]=4194304 [file]=1048576) # the memory nodes' 4 MiB per call, in elements
declare -A N=([mc]=4e9 [cs8]=1.2e10 [file]=${FILE_SAMPLES:-2e9})
declare -A VARS=([mc]="v0 v2 v4 v5" [cs8]="v0 v2 v4" [file]="v0 v2")
if [[ -n $given ]]; then names=$(for v in $VARIANTS; do printf '%s ' "${v%%=*}"; done); VARS=([mc]=$names [cs8]=$names [file]=$names); fi
bench() { # name graph samples [JVM options...]
  local name=$1 g=$2 n=$3; shift 3
  echo "== $name" >> "$out/stderr.log"
  timeout 60 "${java[@]}" "$@" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$n" --json > "$tmp/b-$name.json" 2>> "$out/stderr.log"
}
opts() { # the JVM options of variant $1
  local v
  for v in $VARIANTS $ALONE; do [[ ${v%%=*} == "$1" ]] && { echo "${v#*=}" | tr ',' ' '; return; }; done
}
end=$((SECONDS + ${LOOP_S:-200}))
for r in $(seq 1 "${ROUNDS:-3}"); do
  for c in ${CASES:-mc cs8 file}; do
    (( SECONDS < end )) || break 2
    src=(-Dsigflow.chunkElements=${CH[$c]} -Dsigflow.memory.offHeapRings=always "$old")
    alone=($ALONE)
    # shellcheck disable=SC2046
    bench "r$r-$c-${alone[0]%%=*}" "${SOLO[$c]}" "${N[$c]}" "${src[@]}" $(opts "${alone[0]%%=*}")
    for v in ${VARS[$c]}; do
      # shellcheck disable=SC2046
      bench "r$r-$c-$v" "${CHAIN[$c]}" "${N[$c]}" "$old" $(opts "$v")
    done
    for a in "${alone[@]:1}"; do
      # shellcheck disable=SC2046
      bench "r$r-$c-${a%%=*}" "${SOLO[$c]}" "${N[$c]}" "${src[@]}" $(opts "${a%%=*}")
    done
  done
  uptime | tee -a "$out/writing-source.txt"
done
echo "variants: $VARIANTS; alone: $ALONE" | tee -a "$out/writing-source.txt"
python3 writing_source_report.py "$tmp" "$out" | tee -a "$out/writing-source.txt"
rm -rf "$tmp"
