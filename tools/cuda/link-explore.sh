#!/usr/bin/env bash
# Issue 5 (gpulink, 2026-11-26 evening): the variants measured before choosing the defaults, one call on the GPU
# machine from the folder tools/cuda/bundle.sh made. Usage: link-explore.sh [tests] [1|2] (round 1: fill, chunk,
# piece and small-page rings; round 2, after round 1's choices: pages per call, the grouped FFT streams, wires). Each line: a name, the options, then the bench report's
# end-to-end Msps and the busy of src/h2d/d2h. Writes $OUT/explore.txt and explore.json.
#   fill:  -Dsigflow.fill=java|memset (how null_source zeroes an off-heap ring)
#   chunk: -Dsigflow.memory.chunkElements (elements; default now 4 MiB of the host type's bytes)
#   piece: -Dsigflow.memory.dmaPieceBytes (a fixed DMA piece instead of half a chunk, at least 1 MiB)
#   small: -Dsigflow.memory.zeroCopyMinPage=0 (zero-copy at 4 Ki pages), -Dsigflow.cuda.smallPages=off (3-page rings)
set -uo pipefail
cd "$(dirname "$0")"
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out/x"
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | grep -E 'Model name|^CPU\(s\)|L2|L3'; uptime; } | tee "$out/explore.txt"
if [[ ${1:-} == tests ]]; then
  timeout 200 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
    ${TESTS_SELECT:---select-package org.sigflow.blocks.memory --select-class org.sigflow.blocks.cuda.FusedChainGpuTest} \
    --details=summary --disable-banner > "$out/gpu-tests.log" 2>&1
  tail -15 "$out/gpu-tests.log" | tee -a "$out/explore.txt"
  shift
fi
round=${1:-1}
run() { # name samples graph [java options...] [-- bench args]
  local name=$1 n=$2 g=$3; shift 3
  local o=() a=()
  while (( $# )) && [[ $1 != -- ]]; do o+=("$1"); shift; done
  [[ ${1:-} == -- ]] && { shift; a=("$@"); }
  timeout 40 "${java[@]}" "${o[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$n" --json "${a[@]}" \
    > "$out/x/$name.json" 2>> "$out/stderr.log"
  python3 - "$out/x/$name.json" "$name" "${o[*]} ${a[*]}" <<'PY' | tee -a "$out/explore.txt"
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print(sys.argv[2], "FAILED", sys.argv[3]); sys.exit()
b = {x["id"]: x for x in r["blocks"]}
busy = " ".join(f"{k} {b[k]['busy']:.2f}" for k in ("src", "frames", "h2d", "d2h") if k in b)
gpu = " ".join(f"{k} {b[k]['gpu_msps']:.0f}" for k in sorted(b) if b[k].get("gpu_msps"))
print(f"{sys.argv[2]:34s} {r['msps']:9.1f} Msps  busy {busy}  gpu_msps {gpu}  [{sys.argv[3].strip()}]")
PY
}
sample() { # name graph threads depth: HostSampler's stack samples of those threads during a 4 Ki-page bench run
  timeout 60 "${java[@]}" -Dsampler.threads=$3 -Dsampler.depth=$4 -cp "test/classes:$cp" \
    org.sigflow.blocks.memory.HostSampler bench "$2" --samples 4e8 --json --set page_items=4096 \
    > "$out/x/$1.json" 2> "$out/$1.txt"
  grep -v WARNING "$out/$1.txt" | tee -a "$out/explore.txt"
}
src() { # type vlen chunkElements -> a graph of the null source alone
  python3 -c "import json; g = json.load(open('graphs/null_source_cf32_v1.graph'))
for b in g['blocks']: b['params'].update(type='$1', vlen='$2')
json.dump(g, open('$out/src-$1.graph', 'w'), indent=2)"
  echo "$out/src-$1.graph"
}
G=graphs
OFF=(-Dsigflow.memory.offHeapRings=always)
if [[ $round == 1 ]]; then
for fill in memset java; do
  F=-Dsigflow.fill=$fill
  run "source_cf32_$fill" 4e9 "$(src cf32 512)" "${OFF[@]}" -Dsigflow.chunkElements=1048576 $F
  run "source_cs16_$fill" 4e9 "$(src cs16 512)" "${OFF[@]}" -Dsigflow.chunkElements=2097152 $F
  run "source_cs8_$fill" 4e9 "$(src cs8 512)" "${OFF[@]}" -Dsigflow.chunkElements=4194304 $F
  run "source_cs8_c1M_$fill" 4e9 "$(src cs8 512)" "${OFF[@]}" -Dsigflow.chunkElements=1048576 $F
  run "multiply_const_$fill" 4e9 $G/multiply_const.graph $F
  run "fft512_fp32_$fill" 4e9 $G/wirelesshd_fft512_fp32.graph $F
  run "fft512_cs16_$fill" 4e9 $G/wirelesshd_fft512_cs16_host.graph $F
  run "fft512_cs8_$fill" 8e9 $G/wirelesshd_fft512_cs8_host.graph $F
done
run fft512_cs8_c1M 8e9 $G/wirelesshd_fft512_cs8_host.graph -Dsigflow.memory.chunkElements=1048576
run fft512_cs16_c1M 4e9 $G/wirelesshd_fft512_cs16_host.graph -Dsigflow.memory.chunkElements=1048576
for c in 19 21; do
  run "multiply_const_c$c" 4e9 $G/multiply_const.graph -Dsigflow.memory.chunkElements=$((1 << c))
  run "source_cf32_c$c" 4e9 "$(src cf32 512)" "${OFF[@]}" -Dsigflow.chunkElements=$((1 << c))
done
for p in 262144 4194304; do
  run "multiply_const_piece$p" 4e9 $G/multiply_const.graph -Dsigflow.memory.dmaPieceBytes=$p
  run "fft512_cs8_piece$p" 8e9 $G/wirelesshd_fft512_cs8_host.graph -Dsigflow.memory.dmaPieceBytes=$p
done
run fft_1024_grouped 4e9 $G/fft_1024.graph
run fft_1024_stream_to_vector 4e9 $G/fft_1024_stream_to_vector.graph
run fft_1024_stream_to_vector_java 4e9 $G/fft_1024_stream_to_vector.graph -Dsigflow.fill=java
for k in 1 8; do
  run "chain_${k}_4Ki" 2e8 $G/chain_$k.graph -- --set page_items=4096
  run "chain_${k}_4Ki_zerocopy" 2e8 $G/chain_$k.graph -Dsigflow.memory.zeroCopyMinPage=0 -- --set page_items=4096
  run "chain_${k}_4Ki_3pages" 2e8 $G/chain_$k.graph -Dsigflow.cuda.smallPages=off -- --set page_items=4096
  run "chain_${k}_64Ki" 1e9 $G/chain_$k.graph -- --set page_items=65536
done
elif [[ $round == 5 ]]; then # staging events every 4 pages at small pages (PageFences) against every page
  for k in 1 8; do
    run "chain_${k}_4Ki" 2e8 $G/chain_$k.graph -- --set page_items=4096
    run "chain_${k}_4Ki_fence1" 2e8 $G/chain_$k.graph -Dsigflow.memory.fenceEvery=1 -- --set page_items=4096
    run "chain_${k}_4Ki_fence8" 2e8 $G/chain_$k.graph -Dsigflow.memory.fenceEvery=8 -- --set page_items=4096
    run "chain_${k}_64Ki" 1e9 $G/chain_$k.graph -- --set page_items=65536
  done
  run "chain_1_16Ki" 5e8 $G/chain_1.graph -- --set page_items=16384
  run "chain_1_16Ki_zerocopy" 5e8 $G/chain_1.graph -Dsigflow.memory.zeroCopyMinPage=0 -- --set page_items=16384
  sample sampled_chain_1 $G/chain_1.graph sigflow-h2d,sigflow-d2h 3
elif [[ $round == 4 ]]; then # the OFDM test's lost short page: which change shows it
  for o in "" "" -Dsigflow.memory.pagesPerCall=1 -Dsigflow.cuda.smallPages=off; do
    echo "== WirelessHdOfdmGpuTest $o" | tee -a "$out/explore.txt"
    timeout 100 "${java[@]}" $o -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
      --select-class org.sigflow.blocks.cuda.WirelessHdOfdmGpuTest --details=summary --disable-banner 2>&1 \
      | grep -E 'OFDM|tests (successful|failed)|expected' | tee -a "$out/explore.txt"
  done
  sample sampled_chain_1 $G/chain_1.graph sigflow-h2d,sigflow-d2h 3
elif [[ $round == 3 ]]; then # where the memory nodes' host time goes at 4 Ki pages (HostSampler)
  for k in 1 8; do sample "sampled_chain_$k" $G/chain_$k.graph sigflow-h2d,sigflow-d2h,sigflow-op0 5; done
  run source_cs16 4e9 "$(src cs16 512)" "${OFF[@]}" -Dsigflow.chunkElements=2097152
  run source_cs8 8e9 "$(src cs8 512)" "${OFF[@]}" -Dsigflow.chunkElements=4194304
  run fft512_cs16 4e9 $G/wirelesshd_fft512_cs16_host.graph
  run fft512_cs8 8e9 $G/wirelesshd_fft512_cs8_host.graph
  run fft512_fp32 4e9 $G/wirelesshd_fft512_fp32.graph
  run fft512_fp32_grouped 4e9 $G/wirelesshd_fft512_fp32_grouped.graph
  run source_cf32_v512 4e9 "$(src cf32 512)" "${OFF[@]}" -Dsigflow.chunkElements=1048576
else
  run source_cf32_v1 4e9 "$(src cf32 1)" "${OFF[@]}" -Dsigflow.chunkElements=1048576
  run source_cf32_v512 4e9 "$(src cf32 512)" "${OFF[@]}" -Dsigflow.chunkElements=1048576
  run multiply_const 4e9 $G/multiply_const.graph
  run fft512_fp32 4e9 $G/wirelesshd_fft512_fp32.graph
  run fft512_fp32_grouped 4e9 $G/wirelesshd_fft512_fp32_grouped.graph
  run fft512_fp32_piece8M 4e9 $G/wirelesshd_fft512_fp32.graph -Dsigflow.memory.dmaPieceBytes=8388608
  run fft512_fp32_c21 4e9 $G/wirelesshd_fft512_fp32.graph -Dsigflow.memory.chunkElements=2097152
  run fft512_fp32_java 4e9 $G/wirelesshd_fft512_fp32.graph -Dsigflow.fill=java
  run fft_1024_grouped 4e9 $G/fft_1024.graph
  run fft_1024_stream_to_vector 4e9 $G/fft_1024_stream_to_vector.graph
  run fft512_cs16 4e9 $G/wirelesshd_fft512_cs16_host.graph
  run fft512_cs8 8e9 $G/wirelesshd_fft512_cs8_host.graph
  for w in fp16 int16 int8; do run "fft512_$w" 4e9 $G/wirelesshd_fft512_$w.graph; done
  for k in 1 8; do
    run "chain_${k}_4Ki" 2e8 $G/chain_$k.graph -- --set page_items=4096
    run "chain_${k}_4Ki_1page" 2e8 $G/chain_$k.graph -Dsigflow.memory.pagesPerCall=1 -- --set page_items=4096
    run "chain_${k}_4Ki_ffm" 2e8 $G/chain_$k.graph -Dsigflow.cuda.launch=ffm -- --set page_items=4096
    run "chain_${k}_64Ki" 1e9 $G/chain_$k.graph -- --set page_items=65536
    run "chain_${k}_64Ki_1page" 1e9 $G/chain_$k.graph -Dsigflow.memory.pagesPerCall=1 -- --set page_items=65536
  done
fi
uptime | tee -a "$out/explore.txt"
python3 -c "
import glob, json, os
runs = {os.path.basename(f)[:-5]: json.load(open(f)) for f in sorted(glob.glob('$out/x/*.json')) if os.path.getsize(f)}
json.dump(runs, open('$out/explore.json', 'w'), indent=1)"
rm -rf "$out/x" "$out"/src-*.graph
