#!/usr/bin/env bash
# The GPU link benchmarks (issue 5), both sides in one call on the GPU machine, from the folder tools/cuda/bundle.sh
# made: SigFlow's host -> GPU -> host chains (multiply_const, fft_1024, the WirelessHD 512-point FFT stream in every
# wire, chains of 1/4/8 element-wise blocks at 4 Ki / 64 Ki / 4 Mi-item pages), the null source alone at the same
# chunk (what bounds a chain), then the CuPy peer (`cupy_peer.py link multiply_const fft_1024`). Writes $OUT (or ./out):
# link.json (every bench report), link.txt (the summary), cupy.txt. Usage: link-run.sh [tests] [variants] [JAVA_OPTS...]
# ("variants": only the chunk/thread matrix of the memory nodes, into variants.txt/json). TESTS_SELECT overrides the
# JUnit selection of "tests" (default: the cuda and memory packages). Each zero-copy chain is also run on the staging
# path (-Dsigflow.memory.offHeapRings=false, "staging_*"), and each source alone on an off-heap ring ("source_*").
set -uo pipefail
cd "$(dirname "$0")"
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out"
tests=0
variants=0
if [[ ${1:-} == tests ]]; then tests=1; shift; fi
if [[ ${1:-} == variants ]]; then variants=1; shift; fi
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m "$@")
cp=$(ls lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/link.txt"
lscpu | grep -E 'Model name|^CPU\(s\)' | tee -a "$out/link.txt"
rc=0
if (( tests )); then
  echo "== gpu test group"
  "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
    ${TESTS_SELECT:---select-package org.sigflow.blocks.cuda --select-package org.sigflow.blocks.memory} --include-tag gpu \
    --details=summary --disable-banner 2>&1 | tee "$out/gpu-tests.log" | tail -40
  rc=${PIPESTATUS[0]}
fi
jopts=() # extra JVM options of the next bench calls
bench() { # name graph samples [bench args...]
  local name=$1 g=$2 n=$3; shift 3
  "${java[@]}" "${jopts[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$n" --json "$@" > "$out/b-$name.json" 2>> "$out/stderr.log"
}
if (( variants )); then # memory nodes' chunk (ring size) and packing threads, with the source alone beside
  for v in "19 8" "20 8" "21 8" "22 8"; do
    set -- $v
    o=(-Dsigflow.memory.chunkElements=$((1 << $1)) -Dsigflow.packingThreads=$2)
    for g in multiply_const wirelesshd_fft512_fp32 wirelesshd_fft512_int8; do
      "${java[@]}" "${o[@]}" -cp "$cp" org.sigflow.cli.Main bench "graphs/$g.graph" --samples 4e9 --json > "$out/b-$g-c$1-t$2.json" 2>> "$out/stderr.log"
    done
    for w in 1 512; do
      "${java[@]}" -Dsigflow.chunkElements=$((1 << $1)) -cp "$cp" org.sigflow.cli.Main bench "graphs/null_source_cf32_v$w.graph" \
        --samples 4e9 --json > "$out/b-source_v$w-c$1.json" 2>> "$out/stderr.log"
    done
  done
  python3 -c "
import glob, json, os
runs = {os.path.basename(f)[2:-5]: json.load(open(f)) for f in sorted(glob.glob('$out/b-*.json')) if os.path.getsize(f)}
json.dump(runs, open('$out/variants.json', 'w'), indent=1)
[os.remove(f) for f in glob.glob('$out/b-*.json')]
for n, r in runs.items():
    b = {x['id']: x for x in r['blocks']}
    print(n, r['msps'], 'Msps;', ' '.join(f\"{k} busy {b[k]['busy']}\" for k in ('src', 'h2d', 'd2h') if k in b))
" | tee "$out/variants.txt"
  exit 0
fi
echo "== sigflow bench"
bench multiply_const graphs/multiply_const.graph 4e9
bench fft_1024 graphs/fft_1024.graph 4e9
bench fft_1024_stream_to_vector graphs/fft_1024_stream_to_vector.graph 4e9
bench wirelesshd_fp32_grouped graphs/wirelesshd_fft512_fp32_grouped.graph 4e9
for w in fp32 fp16 int16 int8 cs16_host cs8_host; do bench "wirelesshd_$w" "graphs/wirelesshd_fft512_$w.graph" 4e9; done
for k in 1 4 8; do
  bench "chain_${k}_4Ki" "graphs/chain_$k.graph" 2e8 --set page_items=4096
  bench "chain_${k}_64Ki" "graphs/chain_$k.graph" 2e9 --set page_items=65536
  bench "chain_${k}_4Mi" "graphs/chain_$k.graph" 4e9
done
for v in 1 512; do
  "${java[@]}" -Dsigflow.chunkElements=1048576 -cp "$cp" org.sigflow.cli.Main bench "graphs/null_source_cf32_v$v.graph" \
    --samples 4e9 --json > "$out/b-source_v$v.json" 2>> "$out/stderr.log"
done
echo "== the staging path (heap rings, -Dsigflow.memory.offHeapRings=false), same call"
jopts=(-Dsigflow.memory.offHeapRings=false)
bench staging_multiply_const graphs/multiply_const.graph 4e9
bench staging_fft_1024 graphs/fft_1024.graph 4e9
for w in fp32 cs16_host cs8_host; do bench "staging_wirelesshd_$w" "graphs/wirelesshd_fft512_$w.graph" 4e9; done
echo "== each chain's source alone into a null sink, on an off-heap ring of the memory nodes' chunk (what bounds it)"
# (the memory nodes move 4 MiB per work call: 1 Mi cf32 elements, 2 Mi cs16, 4 Mi cs8; the source alone the same)
for t in cf32:1:1048576 cf32:512:1048576 cs16:512:2097152 cs8:512:4194304; do
  IFS=: read -r ty vl ch <<< "$t"
  jopts=(-Dsigflow.chunkElements=$ch -Dsigflow.memory.offHeapRings=always)
  python3 -c "import json; g = json.load(open('graphs/null_source_cf32_v1.graph'))
for b in g['blocks']: b['params'].update(type='$ty', vlen='$vl')
json.dump(g, open('$out/src.graph', 'w'), indent=2)"
  bench "source_${ty}_v${vl}_offheap" "$out/src.graph" 4e9
  if [[ $ty == cf32 && $vl == 1 ]]; then # the ring zeroed by MemorySegment.fill instead of memset, chain and source
    jopts+=(-Dsigflow.fill=java)
    bench "source_${ty}_v${vl}_offheap_javafill" "$out/src.graph" 4e9
    jopts=(-Dsigflow.fill=java)
    bench multiply_const_javafill graphs/multiply_const.graph 4e9
  fi
done
rm -f "$out/src.graph"
jopts=()
python3 - "$out" <<'PY' | tee -a "$out/link.txt"
import glob, json, os, sys
out = sys.argv[1]
runs = {os.path.basename(f)[2:-5]: json.load(open(f)) for f in sorted(glob.glob(f"{out}/b-*.json")) if os.path.getsize(f)}
json.dump(runs, open(f"{out}/link.json", "w"), indent=1)
for f in glob.glob(f"{out}/b-*.json"):
    os.remove(f)
for name, r in runs.items():
    b = {x["id"]: x for x in r["blocks"]}
    extra = []
    for m in ("src", "h2d", "d2h"):
        if m in b:
            extra.append(f"{m} busy {b[m]['busy']:.2f}")
    page = 65536 if name.endswith("_64Ki") else 4096 if name.endswith("_4Ki") else None  # ("64Ki" holds "4Ki")
    if page and "op0" in b and b["op0"]["msps"]:
        extra.append("host us/page " + " ".join(f"{b[k]['msps'] and page / b[k]['msps']:.1f}" for k in sorted(b) if k.startswith("op")))
        extra.append("gpu us/page " + " ".join(f"{page / b[k]['gpu_msps']:.1f}" for k in sorted(b) if k.startswith("op") and b[k].get("gpu_msps")))
        extra.append(f"{r['msps'] * 1e6 / page / 1e3:.1f} k pages/s")
    if name.startswith("wirelesshd"):
        extra.append(f"{1e3 * 512 / r['msps']:.1f} ns per FFT" if r["msps"] else "")
    print(f"{name}: {r['msps']} Msps end to end ({r['outcome']}, {r['seconds']} s); " + "; ".join(extra))
PY
echo "== CuPy peer"
python3 cupy_peer.py link multiply_const fft_1024 2>&1 | tee "$out/cupy.txt"
exit "$rc"
