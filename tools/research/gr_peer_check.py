#!/usr/bin/env python3
"""Checks the packed GNU Radio peer (tools/research/gr_peer_bundle.sh) computes what it times: random cf32 input
through its fir_filter_ccf, fft_filter_ccf (real random taps) and stream_to_vector + fft_vcc (rectangular), each
compared with numpy in float64 (np.convolve, np.fft.fft). Relative RMS error must stay below 1e-5 (float32
arithmetic over up to a few hundred taps is about 1e-7); fft_filter_ccf may leave out the last partial block (under its FFT size, < 4 x taps).
Usage: python3 gr_peer_check.py [RUNNER [TAPS [N]]]   (RUNNER default gr-peer.sh beside this script; 200 taps; 256)
Prints one CHECK line per block and exits 1 if any is off."""
import os
import subprocess
import sys
import tempfile

import numpy as np

TOL = 1e-5


def rel_rms(got, want):
    return float(np.sqrt(np.mean(np.abs(got - want) ** 2) / np.mean(np.abs(want) ** 2)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    runner = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "gr-peer.sh")
    ntaps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    rng = np.random.default_rng(6)
    x = (rng.standard_normal(n * 80) + 1j * rng.standard_normal(n * 80)).astype(np.complex64)
    taps = rng.standard_normal(ntaps).astype(np.float32)
    ok = True
    with tempfile.TemporaryDirectory() as d:
        x.tofile(os.path.join(d, "x.cf32"))
        taps.tofile(os.path.join(d, "taps.f32"))
        print(subprocess.run([runner, "check", os.path.join(d, "x.cf32"), os.path.join(d, "taps.f32"), str(n), d],
                             check=True, capture_output=True, text=True).stdout.strip())
        x64 = x.astype(np.complex128)
        refs = {"fir": np.convolve(x64, taps.astype(np.float64))[:len(x)],
                "fft_filter": np.convolve(x64, taps.astype(np.float64))[:len(x)],
                "fft": np.fft.fft(x64.reshape(-1, n), axis=1).ravel()}
        for name, want in refs.items():
            got = np.fromfile(os.path.join(d, name + ".cf32"), dtype=np.complex64)
            short = len(want) - len(got)
            err = rel_rms(got, want[:len(got)]) if len(got) else float("inf")
            good = err < TOL and 0 <= short < (4 * ntaps if name == "fft_filter" else 1)
            ok &= good
            print(f"CHECK {name}: {len(got)} of {len(want)} outputs, relative RMS error {err:.2e} "
                  f"(limit {TOL:g}) {'ok' if good else 'WRONG'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
