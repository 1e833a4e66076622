#!/usr/bin/python3
"""Cross-checks the committed reference vectors against GNU Radio 3.10 itself, for the blocks that exist there.

The DSP tests compare SigFlow with numpy/scipy references (gen_reference.py); this script shows that those
references are what GNU Radio computes, so "matches the reference" means "matches GNU Radio". It runs each case's
input through the GNU Radio block (vector source -> block -> vector sink) and prints max |gnuradio - reference| /
rms(reference). Documented differences are reported as such:
  rational_resampler  GNU Radio starts with its first window full of input: its output m is the reference's
                      upsampled index m*D + (ceil(ntaps/I) - 1)*I; compared after that shift where it is whole
                      (the reference is SigFlow's start: zero_history; its default, first_window, is GNU Radio's
                      start and is checked by GnuRadioSamplesTest)
  iir_filter          a[0] != 1: GNU Radio ignores a[0], SigFlow (scipy) divides by it
  pll_carriertracking GNU Radio uses fast_atan2f (about 1e-4 rad)

Usage: /usr/bin/python3 tools/reference/check_gnuradio.py      (needs Debian's gnuradio package)
"""
import json
import os

import numpy as np
from gnuradio import analog, blocks, digital, filter, gr
from gnuradio.fft import window
from gnuradio.filter import pfb

REF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference")
WINDOWS = {"hamming": window.WIN_HAMMING, "blackman": window.WIN_BLACKMAN, "kaiser": window.WIN_KAISER,
           "rectangular": window.WIN_RECTANGULAR}


def load(entry):
    a = np.fromfile(os.path.join(REF, entry["file"]), dtype="<f8")
    return a[0::2] + 1j * a[1::2] if entry["complex"] else a


def run(block, x, outputs=1, complex_out=True):
    tb = gr.top_block()
    src = (blocks.vector_source_c(x.astype(np.complex64).tolist()) if np.iscomplexobj(x)
           else blocks.vector_source_f(x.astype(np.float32).tolist()))
    sinks = [blocks.vector_sink_c() if complex_out else blocks.vector_sink_f() for _ in range(outputs)]
    tb.connect(src, block)
    for i, s in enumerate(sinks):
        tb.connect((block, i), s)
    tb.run()
    return [np.array(s.data()) for s in sinks]


def error(actual, expected):
    n = min(len(actual), len(expected))
    rms = np.sqrt(np.mean(np.abs(expected[:n]) ** 2)) or 1.0
    return np.max(np.abs(actual[:n] - expected[:n])) / rms, n


def gnuradio_output(kind, p, c, x, expected):
    """(GNU Radio's output, the part of the reference it should equal, note) or None when not comparable."""
    taps = load(c["inputs"]["taps"]).real.tolist() if "taps" in c["inputs"] else None
    cplx = p.get("io_type", p.get("type", "cf32")) == "cf32"
    if kind == "interp_fir_filter" and p["taps_type"] == "real":
        blk = (filter.interp_fir_filter_ccf if cplx else filter.interp_fir_filter_fff)(p["interpolation"], taps)
        return run(blk, x, complex_out=cplx)[0], expected, ""
    if kind == "rational_resampler" and p["taps_type"] == "real" and cplx:
        y = run(filter.rational_resampler_ccf(p["interpolation"], p["decimation"], taps, p["fbw"]), x)[0]
        i, d = p.get("reduced_interpolation", p["interpolation"]), p["decimation"] * p.get(
            "reduced_interpolation", p["interpolation"]) // p["interpolation"]
        ntaps = p["ntaps"] if "ntaps" in p else len(taps)
        lead = ((ntaps + i - 1) // i - 1) * i
        if lead % d:
            return None
        return y, expected[lead // d:], f"start-up: reference from output {lead // d}"
    if kind == "freq_xlating_fir_filter" and p["taps_type"] == "real" and p["taps_mode"] == "explicit":
        blk = filter.freq_xlating_fir_filter_ccf(p["decimation"], taps, p["center_freq"], p["samp_rate"])
        return run(blk, x)[0], expected, ""
    if kind == "iir_filter":
        blk = (filter.iir_filter_ccd if cplx else filter.iir_filter_ffd)(
            load(c["inputs"]["fftaps"]).tolist(), load(c["inputs"]["fbtaps"]).tolist(), p["oldstyle"])
        a0 = load(c["inputs"]["fbtaps"])[0]
        note = "a[0] != 1: GNU Radio ignores it (documented)" if not p["oldstyle"] and a0 != 1 else ""
        return run(blk, x, complex_out=cplx)[0], expected, note
    if kind == "single_pole_iir":
        blk = (filter.single_pole_iir_filter_cc if cplx else filter.single_pole_iir_filter_ff)(p["alpha"])
        return run(blk, x, complex_out=cplx)[0], expected, ""
    if kind == "moving_average" and p["vlen"] == 1:
        blk = (blocks.moving_average_cc if cplx else blocks.moving_average_ff)(p["length"], p["scale"])
        return run(blk, x, complex_out=cplx)[0], expected, ""
    if kind == "dc_blocker":
        blk = (filter.dc_blocker_cc if cplx else filter.dc_blocker_ff)(p["length"], p["long_form"])
        return run(blk, x, complex_out=cplx)[0], expected, ""
    if kind == "pfb_channelizer" and taps:
        n = p["nchans"]
        ys = run(pfb.channelizer_ccf(n, taps, 1.0), x, outputs=n)
        per = len(expected) // n
        return np.concatenate([y[:per] for y in ys]), expected, ""
    if kind == "agc":
        blk = (analog.agc_cc if cplx else analog.agc_ff)(p["rate"], p["reference"], p["gain"])
        blk.set_max_gain(p["max_gain"])
        return run(blk, x, complex_out=cplx)[0], expected, ""
    if kind == "rotator":
        return run(blocks.rotator_cc(p["phase_inc"]), x)[0], expected, ""
    if kind == "hilbert":
        return run(filter.hilbert_fc(p["num_taps"], WINDOWS[p["window"]], p["beta"]), x)[0], expected, ""
    if kind == "costas_loop":
        return run(digital.costas_loop_cc(p["loop_bw"], p["order"]), x)[0], expected, ""
    if kind == "fm_deemph":
        return run(analog.fm_deemph(p["samp_rate"], p["tau"]), x, complex_out=False)[0], expected, ""
    if kind == "pll_carriertracking":
        blk = analog.pll_carriertracking_cc(p["loop_bw"], p["max_freq"], p["min_freq"])
        return run(blk, x)[0], expected, "fast_atan2f"
    return None


def main():
    manifest = json.load(open(os.path.join(REF, "manifest.json")))
    print(f"GNU Radio {gr.version()} vs the reference vectors: max |gr - ref| / rms(ref)")
    for c in manifest["cases"]:
        if "x" not in c["inputs"] or "y" not in c["expected"]:
            continue
        r = gnuradio_output(c["kind"], c["params"], c, load(c["inputs"]["x"]), load(c["expected"]["y"]))
        if r is None:
            continue
        y, e, note = r
        err, n = error(y, e)
        print(f"{c['name']:<40} {err:10.2e}  ({n} samples) {note}")


if __name__ == "__main__":
    main()
