#!/usr/bin/python3
"""GNU Radio 3.10 side of tools/research/fir_fft_sweep.py: fir_filter_ccf and fft_filter_ccf (FFT convolution, how
GNU Radio users run long filters) with N real taps, and stream_to_vector + fft_vcc of N points, timed as
tools/bench/gnuradio_peer.py times its chains (median of --repeat runs). tools/research/gr_peer/gr_fir_fft.cc is
the same in C++, for machines without GNU Radio.
Usage: /usr/bin/python3 tools/research/gnuradio_fir_fft.py --samples N --taps 4,8,... --sizes 64,128,...
Prints JSON {"gnuradio": version, "fir": {taps: Msps}, "fft_filter": {taps: Msps}, "fft": {size: Msps}}."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import gnuradio_peer as peer  # noqa: E402  (its chain runner and timing)
from gnuradio import blocks, fft, filter, gr  # noqa: E402
from gnuradio.fft import window  # noqa: E402

C = gr.sizeof_gr_complex


def measure(name, make, samples, repeat):
    peer.CHAINS[name] = make
    peer.run_chain(name, max(1_000_000, samples // 5))  # warm-up
    runs = sorted(p / s / 1e6 for p, s in (peer.run_chain(name, samples) for _ in range(repeat)))
    return round(runs[len(runs) // 2], 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=float, default=2e7)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--taps", default="")
    ap.add_argument("--sizes", default="")
    a = ap.parse_args()
    n = int(a.samples)
    out = {"gnuradio": gr.version(), "fir": {}, "fft_filter": {}, "fft": {}}
    taps = [int(v) for v in a.taps.split(",") if v]
    for t in taps:
        out["fir"][t] = measure(f"fir_{t}", lambda t=t: ([filter.fir_filter_ccf(1, [1.0 / t] * t)], C, C, 1), n, a.repeat)
    for t in taps:
        out["fft_filter"][t] = measure(f"fft_filter_{t}", lambda t=t: ([filter.fft_filter_ccf(1, [1.0 / t] * t)], C, C, 1),
                                       n, a.repeat)
    for s in [int(v) for v in a.sizes.split(",") if v]:
        out["fft"][s] = measure(f"fft_{s}", lambda s=s: ([blocks.stream_to_vector(C, s),
                                                         fft.fft_vcc(s, True, window.rectangular(s), False, 1)],
                                                        C, C * s, 1), n, a.repeat)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
