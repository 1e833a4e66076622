#!/usr/bin/env bash
# The thesis's per-block GPU-vs-CPU tables (docs/research.md, piece 5), on one machine in one call: for add, multiply,
# magnitude, conjugate, FFT (1024), FIR (64 taps), FFT filter (512 taps: FFT convolution on both sides), single-pole
# IIR and FM de-emphasis, `sigflow bench` of the SigFlow CPU block (null source -> block -> null sink) and of the
# CUDA block between memory nodes (fp32 wires); then the channelizer (pfb_channelizer_64) against CuPy's
# channelize_poly. Runs from the folder tools/cuda/bundle.sh made (graphs/, research/bench/, jre/, lib/); writes
# OUT/thesis.json and prints one line per row. Usage: thesis_tables.sh [CPU_SAMPLES] [GPU_SAMPLES]
set -uo pipefail
cd "$(dirname "$0")"
out=${OUT:-out}
mkdir -p "$out"
cpu_n=${1:-2e8}
gpu_n=${2:-1e9}
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
bench() { # name graph samples [--set k=v]
  local name=$1 graph=$2 n=$3
  shift 3
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$graph" --samples "$n" --json "$@" > "$out/thesis-$name.json" 2>> "$out/stderr.log"
}
echo "== thesis per-block tables: CPU block ($cpu_n samples) vs CUDA block end to end and kernel ($gpu_n samples)"
rows=(add:research/bench/thesis_add.graph:research/bench/thesis_add_cuda.graph:
      multiply:research/bench/thesis_multiply.graph:research/bench/thesis_multiply_cuda.graph:
      magnitude:research/bench/thesis_magnitude.graph:research/bench/thesis_magnitude_cuda.graph:
      conjugate:research/bench/thesis_conjugate.graph:research/bench/thesis_conjugate_cuda.graph:
      fft_1024:research/bench/fft_n.graph:research/bench/fft_n_cuda.graph:n=1024
      fir_64:research/bench/fir_n.graph:graphs/fir_filter_64.graph:ntaps=64
      fft_filter_512:research/bench/fir_n.graph:graphs/fir_filter_64.graph:ntaps=512
      iir:research/bench/thesis_iir.graph:research/bench/thesis_iir_cuda.graph:
      fm_deemph:research/bench/thesis_fm_deemph.graph:research/bench/thesis_fm_deemph_cuda.graph:)
for r in "${rows[@]}"; do
  IFS=: read -r name cpu gpu set <<< "$r"
  extra=()
  [[ -n $set ]] && extra=(--set "$set")
  bench "$name-cpu" "$cpu" "$cpu_n" "${extra[@]}"
  bench "$name-cuda" "$gpu" "$gpu_n" "${extra[@]}"
  python3 - "$out" "$name" <<'PY'
import json, sys
out, name = sys.argv[1], sys.argv[2]
c = json.load(open(f"{out}/thesis-{name}-cpu.json"))
g = json.load(open(f"{out}/thesis-{name}-cuda.json"))
dut = lambda r: [b for b in r["blocks"] if b["id"] == "dut"][0]
h2d = [b for b in g["blocks"] if b["id"].startswith("h2d")]
print(f"THESIS {name:15} CPU {c['msps']:9.1f} Msps (block {dut(c)['msps']:9.1f}) | CUDA end to end {g['msps']:8.1f} Msps "
      f"({g['msps'] / c['msps']:6.1f}x), kernel {dut(g).get('gpu_msps', 0):9.0f} Msps "
      f"({dut(g).get('gpu_msps', 0) / c['msps']:7.1f}x); upload busy {max(b.get('busy', 0) for b in h2d):.2f}")
PY
done
echo "== channelizer 64 x 16 taps: SigFlow pfb_channelizer_cuda vs CuPy channelize_poly"
bench pfb_channelizer_64 graphs/pfb_channelizer_64.graph "$gpu_n"
python3 -c "import json; r = json.load(open('$out/thesis-pfb_channelizer_64.json')); d = [b for b in r['blocks'] if b['id'] == 'dut'][0]; print(f\"SIGFLOW pfb_channelizer_64 end to end {r['msps']} Msps, kernel {d.get('gpu_msps')} Msps\")"
python3 cupy_peer.py pfb_channelizer_64 2>&1
python3 -c "import glob, json, os; fs = sorted(glob.glob('$out/thesis-*.json')); json.dump({os.path.basename(f)[7:-5]: json.load(open(f)) for f in fs}, open('$out/thesis.json', 'w'), indent=1); [os.remove(f) for f in fs]"
