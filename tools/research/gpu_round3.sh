#!/usr/bin/env bash
# docs/research.md "4 and 1 on the link without the source bound (2026-11-27)", one call on the GPU machine from the
# folder tools/cuda/bundle.sh made (it copies this script, bench_line.py and wirelesshd_host_stream.py there). Usage:
# gpu_round3.sh [SAMPLES] [ROUNDS] (PARTS=chan runs only the channelizer lines)
#   CHAN lines: the channelizer (64 channels x 16 taps) end to end per host stream in / out (cf32 both ways, cs16 and
#     cs8 both ways, cs8 in / cs16 out), 16 Mi pages, ROUNDS rounds; CUPY lines: channelize_poly end to end, the
#     same host formats (pinned, widened / narrowed on the device by elementwise kernels, non-blocking downloads,
#     three streams), 4 Mi and 16 Mi pages, and its kernel on device-resident data; the PCIe bound.
#   OFDM lines: the WirelessHD 16-QAM stream (wirelesshd-ofdm, 30 dB per carrier, 2000 symbols) per FFT method and per
#     wire format / host stream on the GPU's memory nodes: EVM and bit errors.
# Writes OUT/round3.json (every bench report), OUT/stderr.log.
set -uo pipefail
cd "$(dirname "$0")"
source ./bundle-env.sh
samples=${1:-4e9}
rounds=${2:-2}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
lscpu | grep -E 'Model name|^CPU\(s\)'; uptime
bench() { # name graph samples [bench options...]
  local name=$1 g=$2 n=$3; shift 3
  "${java[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$n" --json "$@" > "$tmp/r3-$name.json" 2>> "$out/stderr.log"
  python3 bench_line.py "$tmp/r3-$name.json" "$name" CHAN
}
# cs8 in, cs16 out: the cs8 graph with every download narrowed to cs16
python3 -c "import json; g = json.load(open('research/bench/channelizer_64_cs8.graph'))
for b in g['blocks']:
    if b['type'] == 'memory_d2h': b['params']['host_type'] = 'cs16'
    if b['type'] == 'null_sink': b['params']['type'] = 'cs16'
json.dump(g, open('$tmp/channelizer_64_cs8_cs16.graph', 'w'), indent=2)"
echo "== channelizer 64 x 16 end to end ($samples samples, 16 Mi pages), SigFlow"
for r in $(seq 1 "$rounds"); do
  for h in cf32 cs16 cs8; do bench "r$r-$h" "research/bench/channelizer_64_$h.graph" "$samples"; done
  bench "r$r-cs8_in_cs16_out" "$tmp/channelizer_64_cs8_cs16.graph" "$samples"
done
echo "== CuPy channelize_poly, same call"
PYTHONUNBUFFERED=1 python3 - <<'PY' 2>&1
import cupy as cp, cupy_peer as p
print(f"CuPy {cp.__version__} on {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}")
b = p.pcie_bound()
print(f"PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32, "
      f"{b / 4e6:.0f} cs16, {b / 2e6:.0f} cs8")
x = (cp.random.standard_normal(p.N, dtype=cp.float32) + 1j * cp.random.standard_normal(p.N, dtype=cp.float32)).astype(cp.complex64)
print(f"CUPY kernel channelize_poly {p.N / p.timed(lambda: p.channelize(x)) / 1e6:.0f} Msps (16 Mi device-resident)")
for r in range(2):
    for hi, ho in (("cf32", "cf32"), ("cs16", "cs16"), ("cs8", "cs8"), ("cs8", "cs16")):
        for page in (1 << 22, 1 << 24):
            try:
                m = p.channelizer_host(hi, ho, page) / 1e6
                print(f"CUPY r{r + 1} {hi} in / {ho} out, {page >> 20} Mi pages: {m:.0f} Msps end to end")
            except Exception as e:
                print(f"CUPY r{r + 1} {hi}/{ho} {page >> 20} Mi: failed {type(e).__name__}: {e}")
PY
[[ ${PARTS:-all} == chan ]] || echo "== WirelessHD 16-QAM stream on the GPU's memory nodes: EVM and bit errors per wire format / host stream"
port=5610
for method in $([[ ${PARTS:-all} == chan ]] || echo cufft paper_512); do
  for w in fp32 fp16 int16 int8 cs16 cs8; do
    if [[ $w == cs* ]]; then
      python3 wirelesshd_host_stream.py research/wirelesshd-ofdm.graph "$tmp/ofdm.graph" "$w" "$method" "$port"
      port=$((port + 2))
    else
      python3 -c "import json; g = json.load(open('research/wirelesshd-ofdm.graph'))
for b in g['blocks']:
    if b['type'] == 'fft_cuda': b['params']['method'] = '$method'
    if b['type'] in ('memory_h2d', 'memory_d2h'): b['params']['wire_format'] = '$w'
json.dump(g, open('$tmp/ofdm.graph', 'w'), indent=2)"
    fi
    rm -f "$tmp/ofdm.f32"
    timeout 120 "${java[@]}" -cp "$cp" org.sigflow.cli.Main run --trust "$tmp/ofdm.graph" --set snr_db=30 --set symbols=2000 \
      --set "out_file='$tmp/ofdm.f32'" > "$tmp/ofdm.log" 2>&1
    rc=$?
    grep -i "error" "$tmp/ofdm.log" | head -3
    python3 -c "import struct, math
b = open('$tmp/ofdm.f32', 'rb').read(); s = struct.unpack('<%df' % (len(b) // 4), b)
bits, err = sum(s[0::2]), sum(s[1::2])
print(f'OFDM $method $w rc $rc: {len(s) // 2} symbols, EVM {10 * math.log10(err / (len(s) // 2 * 336)):.2f} dB, '
      f'{bits:.0f} bit errors of {len(s) // 2 * 1344}')" 2>&1 | sed "s/^Traceback.*/OFDM $method $w rc $rc: no stats/"
  done
done
uptime
python3 -c "import glob, json, os; fs = sorted(glob.glob('$tmp/r3-*.json'))
json.dump({os.path.basename(f)[3:-5]: json.load(open(f)) for f in fs if os.path.getsize(f)}, open('$out/round3.json', 'w'), indent=1)"
rm -rf "$tmp"
