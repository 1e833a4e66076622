#!/usr/bin/env bash
# Builds every kernels/src/main/cuda/*.cu into one fatbin: sm_90 machine code (H100/H200) plus compute_90 PTX that
# the driver compiles for newer GPUs. Usage: nvcc.sh SRC_DIR OUT_DIR. Skips the work when the fatbin is newer than
# every source. NVCC names another compiler; SIGFLOW_CUDA_ARCHS overrides the -gencode list.
# Without nvcc the build goes on without the fatbin (the engine then says CUDA blocks run on the CPU because the
# kernels are missing); SIGFLOW_REQUIRE_NVCC=1 makes that an error instead (release builds).
set -euo pipefail
src=$(cd "$1" && pwd) out=$2
nvcc=${NVCC:-nvcc}
if ! command -v "$nvcc" >/dev/null 2>&1; then
  for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin /usr/local/cuda-12/bin; do
    [[ -x $d/nvcc ]] && { nvcc=$d/nvcc; break; }
  done
fi
if ! command -v "$nvcc" >/dev/null 2>&1; then
  echo "kernels: nvcc (the CUDA compiler) was not found on PATH or under /usr/local/cuda*/bin." >&2
  echo "kernels: install the CUDA toolkit (12.x or 13.x) or set NVCC=/path/to/nvcc to build the CUDA kernels." >&2
  if [[ ${SIGFLOW_REQUIRE_NVCC:-0} == 1 ]]; then
    exit 1
  fi
  echo "kernels: WARNING: building without CUDA kernels; CUDA blocks will run on their CPU twins." >&2
  exit 0
fi
archs=${SIGFLOW_CUDA_ARCHS:--gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_90,code=compute_90}
mkdir -p "$out"
target=$out/sigflow.fatbin
newest=$(ls -t "$src"/*.cu "$src"/*.cuh "$0" | head -1)
if [[ -f $target && $target -nt $newest ]]; then
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One translation unit: every kernel lands in one module the engine loads once.
cat > "$tmp/all.cu" <<INC
$(for f in "$src"/*.cu; do echo "#include \"$f\""; done)
INC
# shellcheck disable=SC2086
"$nvcc" -fatbin -O3 -std=c++17 -I"$src" $archs -o "$target" "$tmp/all.cu"
echo "kernels: built $(basename "$target") ($(stat -c %s "$target") bytes) with $("$nvcc" --version | tail -1)"
