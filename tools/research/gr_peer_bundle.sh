#!/usr/bin/env bash
# Packs the GNU Radio 3.10 FIR/FFT peer (tools/research/gr_peer/gr_fir_fft.cc) for a machine without GNU Radio (the
# GPU machine: glibc 2.39, no network): builds it here against Debian's GNU Radio (apt-get install gnuradio-dev),
# copies it with its shared-library closure from ldd (all but glibc's own libraries, which the target's newer glibc
# provides) into gr-peer.tar.xz, beside gr-peer.sh (the runner: unpacks on first start, sets LD_LIBRARY_PATH),
# and gr_peer_check.py (its output against numpy). tools/research/fir_fft_host.sh runs it beside SigFlow.
# Usage: tools/research/gr_peer_bundle.sh OUT_DIR   (about 7 MB; main's tree, tools/cuda/bundle.sh's folder and this
# pack together pass the device tool's 64 MiB, so the pack travels in a call of its own and stays on the machine)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(realpath -m "${1:?usage: gr_peer_bundle.sh OUT_DIR}")
pkgs="gnuradio-runtime gnuradio-blocks gnuradio-filter gnuradio-fft"
pkg-config --exists $pkgs || { echo "gr_peer_bundle.sh: GNU Radio's headers are missing (apt-get install gnuradio-dev)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/gr-peer/lib" "$out"
# GNU Radio's headers use fmt and spdlog directly, so those are linked too
g++ -O2 -std=c++17 -o "$tmp/gr-peer/gr_fir_fft" tools/research/gr_peer/gr_fir_fft.cc \
  $(pkg-config --cflags --libs $pkgs) -lfmt -lspdlog
ldd "$tmp/gr-peer/gr_fir_fft" | awk '$3 ~ /^\// {print $3}' \
  | grep -vE '/(libc|libm|libpthread|libdl|librt|ld-linux-x86-64)\.so' | while read -r lib; do
  cp -L "$lib" "$tmp/gr-peer/lib/"
done
strip --strip-unneeded "$tmp/gr-peer/gr_fir_fft" "$tmp/gr-peer/lib/"*.so*
XZ_OPT=-9 tar cJf "$out/gr-peer.tar.xz" -C "$tmp" gr-peer
cat > "$out/gr-peer.sh" <<'EOF'
#!/usr/bin/env bash
# Runs the packed GNU Radio FIR/FFT peer (tools/research/gr_peer_bundle.sh): gr-peer.sh bench|check ...
here=$(cd "$(dirname "$0")" && pwd)
[[ -x $here/gr-peer/gr_fir_fft ]] || tar xJf "$here/gr-peer.tar.xz" -C "$here"
export HOME=${HOME:-$here/gr-peer} # GNU Radio keeps its FFTW wisdom and preferences under $HOME
LD_LIBRARY_PATH=$here/gr-peer/lib exec "$here/gr-peer/gr_fir_fft" "$@"
EOF
chmod +x "$out/gr-peer.sh"
cp tools/research/gr_peer_check.py "$out/"
echo "gr-peer: $(tar tJf "$out/gr-peer.tar.xz" | grep -c '/lib/.') libraries, $(du -h "$out/gr-peer.tar.xz" | cut -f1) packed"
