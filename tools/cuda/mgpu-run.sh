#!/usr/bin/env bash
# Several GPUs in one graph (issue 11), on a 2-GPU machine from the folder tools/cuda/bundle.sh made: the multi-GPU
# tests (MultiGpuTest: blocks on device 1, edges across devices peer to peer and staged), then `sigflow bench` on the
# WirelessHD 512-point FFT stream (fp32 and int8 wire) on one GPU and split over two (host-side and GPU-side lanes,
# each also with both lanes on GPU 0 as the control; the one-GPU baseline twice), the null source alone, then the
# rest of the gpu test group in the time left. Writes $OUT (or ./out): machine.txt, multigpu-tests.log, mgpu.txt
# (the summary), mgpu.json (every bench report), gpu-tests.log, stderr.log. Usage: mgpu-run.sh [SAMPLES] [REST_S]
set -uo pipefail
cd "$(dirname "$0")"
out=${OUT:-out}
mkdir -p "$out"
samples=${1:-4e9}
rest=${2:-150}
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
{ nvidia-smi --query-gpu=index,name,driver_version,memory.total,pci.bus_id --format=csv,noheader; nvidia-smi topo -m
  lscpu | grep -E 'Model name|^CPU\(s\)|NUMA node'; uptime; } > "$out/machine.txt" 2>&1
cat "$out/machine.txt"
echo "== MultiGpuTest"
timeout 150 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
  --select-class org.sigflow.blocks.cuda.MultiGpuTest --details=tree --disable-banner > "$out/multigpu-tests.log" 2>&1
rc=$?
tail -30 "$out/multigpu-tests.log"
bench() { # name graph [java -D options and bench args...]
  local name=$1 g=$2; shift 2
  local opts=() args=()
  for a in "$@"; do if [[ $a == -D* ]]; then opts+=("$a"); else args+=("$a"); fi; done
  timeout 45 "${java[@]}" "${opts[@]}" -cp "$cp" org.sigflow.cli.Main bench "$g" --samples "$samples" --json "${args[@]}" \
    > "$out/b-$name.json" 2>> "$out/stderr.log"
}
echo "== sigflow bench"
for w in fp32 int8; do
  bench "1gpu_$w" "graphs/wirelesshd_fft512_$w.graph"
  bench "host_lanes_2gpu_$w" "graphs/wirelesshd_fft512_${w}_host_lanes.graph"
  bench "host_lanes_1gpu_$w" "graphs/wirelesshd_fft512_${w}_host_lanes.graph" --set lane_b=0
  bench "gpu_lanes_2gpu_$w" "graphs/wirelesshd_fft512_${w}_gpu_lanes.graph"
  bench "gpu_lanes_1gpu_$w" "graphs/wirelesshd_fft512_${w}_gpu_lanes.graph" --set lane_b=0
  bench "1gpu_${w}_again" "graphs/wirelesshd_fft512_$w.graph"
done
bench gpu_lanes_2gpu_fp32_staged graphs/wirelesshd_fft512_fp32_gpu_lanes.graph -Dsigflow.cuda.peer=off
bench source_v512 graphs/null_source_cf32_v512.graph -Dsigflow.chunkElements=1048576
python3 - "$out" <<'PY' | tee "$out/mgpu.txt"
import glob, json, os, sys
out = sys.argv[1]
runs = {os.path.basename(f)[2:-5]: json.load(open(f)) for f in sorted(glob.glob(f"{out}/b-*.json")) if os.path.getsize(f)}
json.dump(runs, open(f"{out}/mgpu.json", "w"), indent=1)
for f in glob.glob(f"{out}/b-*.json"):
    os.remove(f)
def ns(r):
    return 512e3 / r["msps"] if r.get("msps") else float("nan")
for name, r in runs.items():
    b = {x["id"]: x for x in r["blocks"]}
    parts = [f"{r['msps']} Msps", f"{ns(r):.1f} ns per FFT", r["outcome"]]
    for w in ("1gpu_fp32", "1gpu_int8"):
        if w[5:] in name and not name.startswith("1gpu") and w in runs and w + "_again" in runs:
            base = min(ns(runs[w]), ns(runs[w + "_again"]))
            parts.append(f"scaling {base / ns(r):.2f}x vs the better 1-GPU run")
    busy = " ".join(f"{k} {x['busy']:.2f}" for k, x in b.items() if k != "sink" and "busy" in x)
    parts.append("busy: " + busy)
    for k, x in b.items():
        extra = {e: x[e] for e in ("device", "crossing_peer", "crossing_staged", "crossing_mb") if e in x}
        if k.startswith("fft") or k == "dut":
            if x.get("gpu_msps"):
                extra["kernel_ns_per_fft"] = round(512e3 / x["gpu_msps"], 2)
        if extra:
            parts.append(f"{k} {extra}")
    print(f"{name}: " + "; ".join(parts))
PY
echo "== rest of the gpu test group (${rest} s at most)"
timeout "$rest" "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" \
  --select-package org.sigflow.blocks.cuda --select-package org.sigflow.blocks.memory --include-tag gpu \
  --exclude-classname '.*MultiGpuTest' --details=summary --disable-banner > "$out/gpu-tests.log" 2>&1
echo "gpu group exit $?"
tail -25 "$out/gpu-tests.log"
exit "$rc"
