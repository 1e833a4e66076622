#!/usr/bin/env bash
# Runs on the GPU machine from the folder tools/cuda/bundle.sh made: the gpu test group (JUnit console launcher),
# then `sigflow bench` on each GPU chain and the CuPy peer on the same chains. Writes logs to $OUT (or ./out).
# Usage: device-run.sh [SAMPLES] [tests|research]   (default 2e9 per bench chain; "tests" runs the gpu test group
# only, with GPU_TESTS="GpuTwinTest ..." only those classes of org.sigflow.blocks.cuda; "research" only the paper
# tables of docs/research.md: WHT orderings, 512-point FFT methods)
set -uo pipefail
cd "$(dirname "$0")"
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out"
samples=${1:-2e9}
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
lscpu | grep -E 'Model name|^CPU\(s\)'

if [[ ${2:-} == research ]]; then
  echo "== research tables (docs/research.md)"
  "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
    --select-class org.sigflow.blocks.cuda.WhtOrderingGpuTest \
    --select-class org.sigflow.blocks.cuda.Fft512MethodsGpuTest --select-class org.sigflow.blocks.cuda.WirelessHdOfdmGpuTest \
    --details=tree --disable-banner 2>&1 | tee "$out/research.log"
  rc=${PIPESTATUS[0]}
  echo "== 512-point FFT end to end per method and wire format (sigflow bench, 1e9 samples; ns/FFT and GFLOP/s of the FFT block's kernel time)"
  for method in cufft paper_512; do
    for wire in fp32 fp16 int16 int8; do
      python3 -c "import json, sys; g = json.load(open('graphs/fft_1024.graph'))
for b in g['blocks']:
    p = b['params']
    for k in ('num_items', 'vlen', 'fft_size'):
        if p.get(k) == '1024': p[k] = '512'
    if b['type'] == 'fft_cuda': p.update(window='rectangular', method='$method')
    if b['type'].startswith('memory_'): p['wire_format'] = '$wire'
json.dump(g, open('$out/fft512.graph', 'w'), indent=2)"
      "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$out/fft512.graph" --samples 1e9 --json > "$out/bench-fft512-$method-$wire.json" 2>> "$out/stderr.log"
      echo "$method $wire: $(python3 -c "import json; r = json.load(open('$out/bench-fft512-$method-$wire.json')); d = [b for b in r['blocks'] if b['id'] == 'dut'][0]; ns = 512e3 / d['gpu_msps']; print(f\"{r['msps']} Msps end to end; FFT kernel {ns:.2f} ns/FFT, {5 * 512 * 9 / ns:.0f} GFLOP/s\")" 2>&1)"
    done
  done
  rm -f "$out/fft512.graph"
  echo "== Walsh-Hadamard q = 256 end to end (sigflow bench, 1e9 samples): CPU, GPU conflict-free, naive, random"
  for g in research/bench/wht_256*.graph; do
    n=$(basename "$g" .graph)
    "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples 1e9 --json > "$out/bench-$n.json" 2>> "$out/stderr.log"
    echo "$n: $(python3 -c "import json; r = json.load(open('$out/bench-$n.json')); d = [b for b in r['blocks'] if b['id'] == 'dut'][0]; m = d.get('gpu_msps', d['msps']); print(f\"{r['msps']} Msps end to end; transform {m} Msps = {256e3 / m:.2f} ns per vector\")" 2>&1)"
  done
  echo "== FIR taps and FFT sizes, CUDA block end to end (tools/research/fir_fft_sweep.py --gpu bench.json plots them)"
  for t in 4 8 16 32 64 128 256 512 1024 2048; do
    "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench graphs/fir_filter_64.graph --samples 1e9 --set ntaps=$t --json \
      > "$out/bench-fir-$t-cuda.json" 2>> "$out/stderr.log"
  done
  for n in 64 128 256 512 1024 2048 4096 8192; do
    "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench research/bench/fft_n_cuda.graph --samples 1e9 --set n=$n --json \
      > "$out/bench-fft-$n-cuda.json" 2>> "$out/stderr.log"
  done
  python3 -c "import glob, json, os; fs = sorted(glob.glob('$out/bench-*.json')); json.dump({os.path.basename(f)[6:-5]: json.load(open(f)) for f in fs}, open('$out/bench.json', 'w'), indent=1); [os.remove(f) for f in fs]"
  exit "$rc"
fi

echo "== gpu test group"
# GPU_TESTS="GpuTwinTest FusedChainGpuTest" (classes of org.sigflow.blocks.cuda) runs only those classes
select=(--select-package org.sigflow.blocks.cuda --select-package org.sigflow.blocks.memory)
if [[ -n ${GPU_TESTS:-} ]]; then
  select=()
  for c in $GPU_TESTS; do select+=(--select-class "org.sigflow.blocks.cuda.$c"); done
fi
"${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
  "${select[@]}" --include-tag gpu --details=tree --disable-banner 2>&1 | tee "$out/gpu-tests.log"
tests=${PIPESTATUS[0]}
[[ ${2:-} == tests ]] && exit "$tests"

echo "== sigflow bench (samples $samples)"
for g in graphs/*.graph; do
  n=$(basename "$g" .graph)
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$samples" --json > "$out/bench-$n.json" 2>> "$out/stderr.log"
  echo "$n: $(python3 -c "import json,sys; r=json.load(open('$out/bench-$n.json')); print(r['msps'], 'Msps end to end;', ', '.join(f\"{b['id']} {b.get('gpu_msps', b['msps'])}\" for b in r['blocks']))" 2>&1)"
done

echo "== variants: 1 Mi-item pages (8 MiB), and 1 Mi-element CPU work chunks"
for n in multiply_const; do
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "graphs/$n.graph" --samples "$samples" \
    --set page_items=1048576 --json > "$out/bench-$n-small.json" 2>> "$out/stderr.log"
  echo "$n 1 Mi pages: $(python3 -c "import json; r=json.load(open('$out/bench-$n-small.json')); print(r['msps'], 'Msps end to end;', ', '.join(f\"{b['id']} {b.get('gpu_msps', b['msps'])}\" for b in r['blocks']))" 2>&1)"
done
for n in multiply_const fir_filter_64 quadrature_demod fft_1024; do
  "${java[@]}" -Dsigflow.chunkElements=1048576 -cp "$cp" org.sigflow.cli.Main bench "graphs/$n.graph" --samples "$samples" \
    --json > "$out/bench-$n-big.json" 2>> "$out/stderr.log"
  echo "$n 1 Mi-element chunks: $(python3 -c "import json; r=json.load(open('$out/bench-$n-big.json')); print(r['msps'], 'Msps end to end;', ', '.join(f\"{b['id']} {b.get('gpu_msps', b['msps'])}\" for b in r['blocks']))" 2>&1)"
done

echo "== FIR methods by tap count (GPU Msps of the FIR block: tiled direct form / overlap-save via cuFFT)"
for t in 16 32 64 128 256 512 1024; do
  row="ntaps $t:"
  for m in tiled fft; do
    "${java[@]}" -Dsigflow.cuda.fir=$m -cp "$cp" org.sigflow.cli.Main bench graphs/fir_filter_64.graph --samples 1e9 \
      --set ntaps=$t --json > "$out/bench-fir-$t-$m.json" 2>> "$out/stderr.log"
    row="$row $m $(python3 -c "import json; r=json.load(open('$out/bench-fir-$t-$m.json')); print([b.get('gpu_msps') for b in r['blocks'] if b['id'] == 'dut'][0])" 2>&1)"
  done
  echo "$row"
done

echo "== CuPy peer"
python3 cupy_peer.py 2>&1 | tee "$out/cupy.txt"
# one file for all bench reports (the device tool returns at most 8 files)
python3 -c "import glob, json, os; fs = sorted(glob.glob('$out/bench-*.json')); json.dump({os.path.basename(f)[6:-5]: json.load(open(f)) for f in fs}, open('$out/bench.json', 'w'), indent=1); [os.remove(f) for f in fs]"
exit "$tests"
