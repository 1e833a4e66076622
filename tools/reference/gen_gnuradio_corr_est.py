#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10's digital.corr_est_cc for SigFlow's corr_est (read by GnuRadioCorrEstTest).

Regenerate with the system Python that has GNU Radio (fixed seed):
    /usr/bin/python3 tools/reference/gen_gnuradio_corr_est.py
It writes engine/src/test/resources/reference/gnuradio_corr_est.json. Each case: the input, the params, both outputs
(passthrough "out" and correlation "corr") and the tags of "out" as [offset, key, value]. GNU Radio's corr_est_cc
works in multiples of its FFT filter's block size, so it stops before the end of a finite input: its outputs are a
prefix of SigFlow's. The input has constant modulus, so amp_est (1 / the largest |input| of a work call) does not
depend on call sizes.
"""
import json
import os

import numpy as np
import pmt
from gr_cases import c_list
from gr_values import plain
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_corr_est.json")
rng = np.random.default_rng(41)
METHOD = {"absolute": digital.THRESHOLD_ABSOLUTE, "dynamic": digital.THRESHOLD_DYNAMIC}


def signal(word, sps, n_sym, places, amp, phase):
    """QPSK symbols (sps repeats), with the sync word (already at the sample rate) at the given sample offsets."""
    qpsk = np.exp(1j * (np.pi / 4 + np.pi / 2 * rng.integers(0, 4, n_sym)))
    x = np.repeat(qpsk, sps).astype(np.complex64)
    for p in places:
        x[p:p + len(word)] = word
    return (amp * np.exp(1j * phase) * x).astype(np.complex64)


def tag_value(v):
    return pmt.to_double(v) if pmt.is_real(v) else pmt.write_string(v)


cases = []


def case(name, word, sps, mark_delay, threshold, method, x):
    tb = gr.top_block()
    src = blocks.vector_source_c(list(x), False)
    blk = digital.corr_est_cc(list(word), sps, mark_delay, threshold, METHOD[method])
    out = blocks.vector_sink_c()
    corr = blocks.vector_sink_c()
    tb.connect(src, blk, out)
    tb.connect((blk, 1), corr)
    tb.run()
    tags = sorted([[t.offset, pmt.symbol_to_string(t.key), tag_value(t.value)] for t in out.tags()],
                  key=lambda t: (t[0], t[1]))
    cases.append({"name": name, "block": "corr_est",
                  "params": {"symbols": c_list(word), "sps": sps, "mark_delay": mark_delay, "threshold": threshold,
                             "threshold_method": method},
                  "input": plain("cf32", x), "out": plain("cf32", out.data()), "corr": plain("cf32", corr.data()),
                  "tags": tags})


sps = 2
word = np.repeat(np.exp(1j * np.pi / 2 * rng.integers(0, 4, 32)), sps).astype(np.complex64)
case("corr_est_absolute", word, sps, 5, 0.9, "absolute", signal(word, sps, 3000, (700, 2501, 4300), 1.0, 0.6))
case("corr_est_absolute_markdelay_clamped", word, 2.0, 200, 0.8, "absolute",
     signal(word, sps, 2500, (1000, 3333), 1.3, -2.0))
case("corr_est_dynamic", word, sps, 3, 0.999, "dynamic", signal(word, sps, 3000, (900, 4000), 0.5, 1.1))

with open(OUT, "w") as f:
    json.dump({"generator": "tools/reference/gen_gnuradio_corr_est.py", "gnuradio": gr.version(), "cases": cases}, f)
print("wrote", OUT, [(c["name"], len(c["out"]) // 2, len(c["tags"])) for c in cases])
