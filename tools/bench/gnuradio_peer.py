#!/usr/bin/python3
"""GNU Radio 3.10 peer for `sigflow bench`: the same chains as sample-graphs/bench/*.graph, timed the same way.

Each chain is null_source -> BLOCK -> null_sink on GNU Radio's default thread-per-block scheduler, measured the way
`sigflow bench` measures: start the flowgraph, poll the source's items written until N samples have left it, stop.
End-to-end Msps = samples / wall seconds from start to that point, after one warm-up run of N/5 samples.
--repeat R runs each chain R times and reports the median.

Usage: /usr/bin/python3 tools/bench/gnuradio_peer.py [--samples N] [--json]
Needs Debian's `gnuradio` package (apt-get install gnuradio), which installs for the system Python.
"""
import argparse
import json
import time

from gnuradio import analog, blocks, fft, filter, gr
from gnuradio.fft import window


# The bench graph's taps: a 64-tap moving average (the cost of a FIR does not depend on the tap values).
TAPS64 = [1.0 / 64] * 64

CHAINS = {
    "multiply_const": lambda: ([blocks.multiply_const_cc(1 + 2j)], gr.sizeof_gr_complex, 1),
    "quadrature_demod": lambda: ([analog.quadrature_demod_cf(1.0)], gr.sizeof_gr_complex, 1),
    "fir_filter_64": lambda: ([filter.fir_filter_ccf(1, TAPS64)], gr.sizeof_gr_complex, 1),
    "fft_1024": lambda: ([blocks.stream_to_vector(gr.sizeof_gr_complex, 1024),
                          fft.fft_vcc(1024, True, window.blackmanharris(1024), False, 1)],
                         gr.sizeof_gr_complex, 1024),
}


def run_chain(name, samples):
    """Returns (samples that left the source, seconds)."""
    chain, itemsize, out_vlen = CHAINS[name]()
    tb = gr.top_block()
    src = blocks.null_source(itemsize)
    last_size = gr.sizeof_gr_complex * out_vlen if name != "quadrature_demod" else gr.sizeof_float
    sink = blocks.null_sink(last_size)
    tb.connect(src, *chain, sink)
    t0 = time.perf_counter()
    tb.start()
    while src.nitems_written(0) < samples:
        time.sleep(0.002)
    produced = src.nitems_written(0)
    seconds = time.perf_counter() - t0
    tb.stop()
    tb.wait()
    return produced, seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=float, default=50e6)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default=None)
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    n = int(a.samples)
    results = []
    for name in CHAINS:
        if a.only and name != a.only:
            continue
        run_chain(name, max(1_000_000, n // 5))  # warm-up
        runs = sorted((p / s / 1e6, p, s) for p, s in (run_chain(name, n) for _ in range(a.repeat)))
        msps, produced, seconds = runs[len(runs) // 2]
        results.append({"chain": name, "samples": produced, "seconds": round(seconds, 3), "msps": round(msps, 2)})
    if a.json:
        print(json.dumps({"peer": "gnuradio " + gr.version(), "results": results}, indent=2))
    else:
        for r in results:
            print(f"{r['chain']:<20} {r['msps']:10.2f} Msps  ({r['samples']} samples in {r['seconds']} s)")


if __name__ == "__main__":
    main()
