#!/usr/bin/python3
"""GNU Radio 3.10 peer for `sigflow bench`: the same chains as sample-graphs/bench/*.graph, timed the same way.

Each chain is null_source -> BLOCK -> null_sink (one per output) on GNU Radio's default thread-per-block scheduler, measured the way
`sigflow bench` measures: start the flowgraph, poll the source's items written until N samples have left it, stop.
End-to-end Msps = samples / wall seconds from start to that point, after one warm-up run of N/5 samples.
--repeat R runs each chain R times and reports the median.

Usage: /usr/bin/python3 tools/bench/gnuradio_peer.py [--samples N] [--json]
Needs Debian's `gnuradio` package (apt-get install gnuradio), which installs for the system Python.
"""
import argparse
import json
import time

from gnuradio import analog, blocks, digital, fft, filter, gr
from gnuradio.fft import logpwrfft, window
from gnuradio.filter import pfb


# The bench graphs' taps: moving averages (the cost of a FIR does not depend on the tap values).
TAPS64 = [1.0 / 64] * 64
TAPS384 = [1.0 / 384] * 384
# 4th-order Butterworth low-pass, scipy.signal.butter(4, 0.2), as in iir_filter_4.graph
IIR_B = [0.004824343357716228, 0.019297373430864913, 0.02894606014629737, 0.019297373430864913, 0.004824343357716228]
IIR_A = [1.0, -2.369513007182038, 2.313988414415879, -1.0546654058785672, 0.18737949236818502]
C, F = gr.sizeof_gr_complex, gr.sizeof_float


def agc():
    b = analog.agc_cc(1e-4, 1.0, 1.0)
    b.set_max_gain(65536)
    return b


# name -> () -> (blocks in a chain, input item size, output item size, outputs of the last block)
CHAINS = {
    "multiply_const": lambda: ([blocks.multiply_const_cc(1 + 2j)], C, C, 1),
    "quadrature_demod": lambda: ([analog.quadrature_demod_cf(1.0)], C, F, 1),
    "fir_filter_64": lambda: ([filter.fir_filter_ccf(1, TAPS64)], C, C, 1),
    "fir_filter_512c": lambda: ([filter.fft_filter_ccc(1, [complex(1, 1) / 512] * 512)], C, C, 1),
    "fir_filter_512cf": lambda: ([filter.fft_filter_ccf(1, [1.0 / 512] * 512)], C, C, 1),
    "fir_filter_512f": lambda: ([filter.fft_filter_fff(1, [1.0 / 512] * 512)], F, F, 1),
    "fft_1024": lambda: ([blocks.stream_to_vector(C, 1024),
                          fft.fft_vcc(1024, True, window.blackmanharris(1024), False, 1)], C, C * 1024, 1),
    "rational_resampler_3_2": lambda: ([filter.rational_resampler_ccf(3, 2)], C, C, 1),
    "freq_xlating_64_d4": lambda: ([filter.freq_xlating_fir_filter_ccf(4, TAPS64, 1000, 32000)], C, C, 1),
    "pfb_channelizer_16": lambda: ([pfb.channelizer_ccf(16, TAPS384, 1.0)], C, C, 16),
    "rotator": lambda: ([blocks.rotator_cc(0.1)], C, C, 1),
    "agc": lambda: ([agc()], C, C, 1),
    "dc_blocker_32": lambda: ([filter.dc_blocker_cc(32, True)], C, C, 1),
    "iir_filter_4": lambda: ([filter.iir_filter_ffd(IIR_B, IIR_A, False)], F, F, 1),
    "moving_average_1000": lambda: ([blocks.moving_average_cc(1000, 0.001)], C, C, 1),
    "log_power_fft_1024": lambda: ([logpwrfft.logpwrfft_c(1024 * 30, 1024, 2, 30, 0.1, True)], C, F * 1024, 1),
    "costas_loop_4": lambda: ([digital.costas_loop_cc(0.0628, 4)], C, C, 1),
    "pfb_arb_resampler_1_37": lambda: ([pfb.arb_resampler_ccf(1.37, None, 32)], C, C, 1),
    "fractional_resampler_0_73": lambda: ([filter.mmse_resampler_cc(0, 0.73)], C, C, 1),
    "pfb_decimator_8_ch1": lambda: ([pfb.decimator_ccf(8, None, 1)], C, C, 1),
}


def run_chain(name, samples):
    """Returns (samples that left the source, seconds)."""
    chain, in_size, out_size, outputs = CHAINS[name]()
    tb = gr.top_block()
    src = blocks.null_source(in_size)
    tb.connect(src, *chain)
    for i in range(outputs):
        tb.connect((chain[-1], i), blocks.null_sink(out_size))
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
