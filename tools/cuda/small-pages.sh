#!/usr/bin/env bash
# Small-page benchmark of the CUDA launch path and fused chains (issue 5 points 3 and 4), run on the GPU machine from
# the folder tools/cuda/bundle.sh made: `sigflow bench` on sample-graphs/bench/cuda/chain_{1,4,8}.graph at 4 Ki,
# 64 Ki and 4 Mi-item pages for each launch path (jcuda, ffm, graph; unfused) and fused (graph replay), then the
# CuPy peer's chains on the same machine. Writes small-pages.txt (the table) and small-pages.json to $OUT (or ./out).
# Usage: small-pages.sh [tests]   ("tests" first runs the gpu test group, as device-run.sh does)
# Env (to spend less device time): SP_PAGES="4096 65536" page sizes, SP_MODES="fused runsoff" modes at every size,
# SP_CHAINS="1 8", SP_COSTS=0 (no LaunchCostBench), SP_TESTS="-c org.sigflow.blocks.memory.GpuPageRunsTest ..." test selectors instead of the packages.
set -uo pipefail
cd "$(dirname "$0")"
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out/sp"
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/small-pages.txt"
rc=0
if [[ ${1:-} == tests ]]; then
  timeout 120 "${java[@]}" -jar test/junit-console.jar execute --class-path "test/classes:$cp" --include-tag gpu \
    ${SP_TESTS:---select-package org.sigflow.blocks.cuda --select-package org.sigflow.blocks.memory} \
    --details=tree --disable-banner > "$out/gpu-tests.log" 2>&1
  rc=$?
  tail -25 "$out/gpu-tests.log"
fi
if [[ ${SP_COSTS:-1} == 1 ]]; then # SP_COSTS=0 leaves it out
  echo "== host us per driver call of a page (LaunchCostBench)" | tee -a "$out/small-pages.txt"
  timeout 60 "${java[@]}" -cp "test/classes:$cp" org.sigflow.blocks.cuda.LaunchCostBench 2>> "$out/stderr.log" \
    | tee -a "$out/small-pages.txt"
fi
# base: the path before issue 5 (JCuda calls, 3-page rings, every page timed, unfused); the others with small-page
# rings and sampled timing
declare -A mode=(
  [base]="-Dsigflow.cuda.launch=jcuda -Dsigflow.cuda.fusion=off -Dsigflow.cuda.smallPages=off -Dsigflow.memory.pagesPerCall=1"
  [jcuda]="-Dsigflow.cuda.launch=jcuda -Dsigflow.cuda.fusion=off"
  [ffm]="-Dsigflow.cuda.launch=ffm -Dsigflow.cuda.fusion=off"
  [graph]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=off"
  [fused]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on"
  [fusedffm]="-Dsigflow.cuda.launch=ffm -Dsigflow.cuda.fusion=on"
  [runsoff]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.cuda.pageRuns=off"
  [run8]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.cuda.runPages=8"
  [run2]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.cuda.runPages=2"
  [ring32]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.cuda.smallRingPages=32"
  [ring32r8]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.cuda.smallRingPages=32 -Dsigflow.cuda.runPages=8"
  [lap1]="-Dsigflow.cuda.launch=graph -Dsigflow.cuda.fusion=on -Dsigflow.memory.stagingLaps=1")
declare -A samples=([4096]=2e8 [65536]=1e9 [4194304]=4e9)
for page in ${SP_PAGES:-4096 65536 4194304}; do
  modes="base jcuda ffm graph runsoff fused fusedffm"
  [[ $page == 65536 ]] && modes="base ffm graph runsoff fused"
  [[ $page == 4194304 ]] && modes="graph fused" # device-bound: the launch path does not matter there
  modes=${SP_MODES:-$modes}
  for k in ${SP_CHAINS:-1 4 8}; do
    for m in $modes; do
      # shellcheck disable=SC2086
      timeout 30 "${java[@]}" ${mode[$m]} -cp "$cp" org.sigflow.cli.Main bench "graphs/chain_$k.graph" --set page_items=$page \
        --samples "${samples[$page]}" --json > "$out/sp/$page-$k-$m.json" 2>> "$out/stderr.log"
    done
  done
done
python3 - "$out" "${SP_CHAINS:-1 4 8}" "${SP_PAGES:-4096 65536 4194304}" <<'PY' 2>&1 | tee -a "$out/small-pages.txt"
import sys
sys.path.insert(0, ".")
import cupy_peer as p
out = sys.argv[1]
with open(f"{out}/cupy-chains.txt", "w") as f:
    for k in map(int, sys.argv[2].split()):
        for page in map(int, sys.argv[3].split()):
            line = f"{page} {k} {p.chain(k, page):.2f}"
            print("cupy chain", line)
            f.write(line + "\n")
PY
python3 small_pages_report.py "$out" | tee -a "$out/small-pages.txt"
rm -rf "$out/sp" "$out/cupy-chains.txt" # small-pages.json holds every report (the device tool returns at most 8 files)
exit "$rc"
