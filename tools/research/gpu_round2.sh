#!/usr/bin/env bash
# The research tables that wait on the zero-copy memory nodes (docs/research.md, pieces 1, 3 and 4), from the folder
# tools/cuda/bundle.sh made (it copies this script and bench_line.py there). Usage: gpu_round2.sh [link|fer|all] [SAMPLES]
#   link: piece 1's WirelessHD 512-point FFT stream end to end per FFT method (cufft, paper_512) and per wire / host
#         stream (fp32, fp16, int16, int8 wires; cs16, cs8 host streams widened and narrowed on the GPU), beside the
#         null source alone; piece 4's channelizer (64 channels x 16 taps) end to end per host stream (cf32, cs16,
#         cs8) and page size, beside its source alone and CuPy's channelize_poly (same call); the channelizer's
#         sample graph and its GPU twin on this machine (channel 1 compared).
#   fer:  piece 3's frame error rate of nb-ldpc-gf16-cuda on the GPU vs Eb/N0, and of the CPU graph on the same
#         machine with the same seeds (2000 frames per point).
# Prints WHD / CHAN / SOURCE / FER lines; writes OUT/round2.json (every bench report) and OUT/stderr.log.
set -uo pipefail
cd "$(dirname "$0")"
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out"
what=${1:-all}
samples=${2:-1e9}
frames=${FRAMES:-2000}
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
lscpu | grep -E 'Model name|^CPU\(s\)'
bench() { # name graph samples [java -D options...] [-- bench options...]
  local name=$1 graph=$2 n=$3
  shift 3
  local jopts=() bopts=()
  while [[ $# -gt 0 && $1 != -- ]]; do jopts+=("$1"); shift; done
  [[ $# -gt 0 ]] && shift
  bopts=("$@")
  "${java[@]}" "${jopts[@]}" -cp "$cp" org.sigflow.cli.Main bench "$graph" --samples "$n" --json "${bopts[@]}" \
    > "$out/r2-$name.json" 2>> "$out/stderr.log"
}
report() { # name kind: one line from a bench report
  python3 bench_line.py "$out/r2-$1.json" "$1" "$2"
}

if [[ $what == link || $what == all ]]; then
  echo "== WirelessHD 512-point FFT stream end to end ($samples samples), per method and wire / host stream"
  for method in cufft paper_512; do
    for g in fp32 fp16 int16 int8 cs16_host cs8_host; do
      python3 -c "import json; g = json.load(open('graphs/wirelesshd_fft512_$g.graph'))
[b['params'].update(method='$method') for b in g['blocks'] if b['type'] == 'fft_cuda']
json.dump(g, open('$out/whd.graph', 'w'), indent=2)"
      bench "whd-$method-$g" "$out/whd.graph" "$samples"
      report "whd-$method-$g" WHD
    done
  done
  rm -f "$out/whd.graph"
  echo "== sources alone (off-heap ring, as the memory nodes' rings)"
  bench source-cf32-v512 graphs/null_source_cf32_v512.graph "$samples" -Dsigflow.memory.offHeapRings=always
  report source-cf32-v512 SOURCE
  for h in cf32 cs16 cs8; do
    bench "source-$h" "research/bench/channelizer_source_$h.graph" "$samples" -Dsigflow.memory.offHeapRings=always
    report "source-$h" SOURCE
  done
  echo "== channelizer 64 x 16 taps end to end ($samples samples), per host stream and page size"
  for h in cf32 cs16 cs8; do
    for page in 16777216 4194304; do
      bench "chan-$h-$page" "research/bench/channelizer_64_$h.graph" "$samples" -- --set "page_items=$page"
      report "chan-$h-$page" CHAN
    done
  done
  bench chan-old-bench graphs/pfb_channelizer_64.graph "$samples"
  report chan-old-bench CHAN
  echo "== the channelizer's sample graph and its GPU twin: channel 1 the same?"
  for g in wideband-channelizer wideband-channelizer-cuda; do
    "${java[@]}" -cp "$cp" org.sigflow.cli.Main run --trust "research/$g.graph" --set "out_file='$out/$g.cf32'" \
      2>&1 | grep -i "note:\|error" | sed "s/^/  $g: /"
  done
  python3 -c "import struct
r = lambda f: struct.unpack('<%df' % (len(open(f, 'rb').read()) // 4), open(f, 'rb').read())
a, b = r('$out/wideband-channelizer.cf32'), r('$out/wideband-channelizer-cuda.cf32')
e = sum((x - y) ** 2 for x, y in zip(a, b)); p = sum(x * x for x in a)
print(f'TWIN channel 1: CPU {len(a) // 2} samples, GPU twin {len(b) // 2}; relative RMS difference {(e / p) ** 0.5:.2e}')" 2>&1
  rm -f "$out"/wideband-channelizer*.cf32
  echo "== CuPy channelize_poly (same call)"
  python3 cupy_peer.py pfb_channelizer_64 2>&1 | tail -5
fi

if [[ $what == fer || $what == all ]]; then
  echo "== nb-ldpc GF(16) FER, GPU graph vs CPU graph ($frames frames per point, same seeds)"
  for eb in 0 1 1.5 2 2.5 3 3.5 4; do
    row="FER Eb/N0 $eb:"
    for g in nb-ldpc-gf16-cuda nb-ldpc-gf16; do
      t0=$(date +%s.%N)
      "${java[@]}" -cp "$cp" org.sigflow.cli.Main run --trust "research/$g.graph" --set "ebn0_db=$eb" --set "frames=$frames" \
        --set "out_file='$out/fer.f32'" > "$out/fer.log" 2>&1
      rc=$?
      t1=$(date +%s.%N)
      grep -i "note:" "$out/fer.log" | head -2 | sed "s/^/  $g: /" >&2
      row="$row $(python3 -c "import struct, sys
b = open('$out/fer.f32', 'rb').read(); e = struct.unpack('<%df' % (len(b) // 4), b)
fe = sum(1 for v in e if v > 0)
print(f'$g rc $rc: {fe} of {len(e)} frames wrong (FER {fe / max(1, len(e)):.2e}, symbol errors {sum(e) / (48 * max(1, len(e))):.2e}), {$t1 - $t0:.1f} s;')" 2>&1)"
      rm -f "$out/fer.f32"
    done
    echo "$row"
  done
  rm -f "$out/fer.log"
fi
python3 -c "import glob, json, os; fs = sorted(glob.glob('$out/r2-*.json')); d = json.load(open('$out/round2.json')) if os.path.exists('$out/round2.json') else {}
d.update({os.path.basename(f)[3:-5]: json.load(open(f)) for f in fs if os.path.getsize(f)}); json.dump(d, open('$out/round2.json', 'w'), indent=1); [os.remove(f) for f in fs]"
