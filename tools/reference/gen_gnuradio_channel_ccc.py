#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10's channels.channel_model (its fir_filter_ccc sums with VOLK's
volk_32fc_x2_dot_prod_32fc, which SigFlow's channel_model with generator: gnuradio reproduces), recorded so that CI
does not need GNU Radio. Same case format as gen_gnuradio_sync.py (read by GnuRadioSyncBlocksTest). Tap counts 1 to
13 and 37 cover every VOLK alignment offset and tail length. Tolerance 1.2e-7 of max(1, |value|), i.e. one float32
ulp: the FIR's sums are GNU Radio's bit for bit (the noiseless cases without offset are exact), but its multiply_cc
(volk_32fc_x2_multiply_32fc_a_avx2_fma) multiplies the 1 to 3 items after each call's last group of four unfused,
and which items those are depends on GNU Radio's scheduler (seen: 4 of 10500 items, 1 ulp each).

Regenerate with the system Python that has GNU Radio (deterministic inputs, fixed seed):
    /usr/bin/python3 tools/reference/gen_gnuradio_channel_ccc.py
It writes engine/src/test/resources/reference/gnuradio_channel_ccc.json.
"""
import json
import os

import numpy as np
from gr_cases import c_list, record
from gnuradio import channels

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_channel_ccc.json")
rng = np.random.default_rng(47)

cases = []
for ntaps, noise, offset, seed in [(1, 0.0, 0.0, 0), (3, 0.05, 0.01, 4), (5, 0.0, -0.003, 1), (7, 0.1, 0.02, 9),
                                   (12, 0.0, 0.0, 2), (13, 0.2, 0.005, -3), (37, 0.01, -0.01, 11)]:
    x = ((rng.standard_normal(1000) + 1j * rng.standard_normal(1000)) * 0.7).astype(np.complex64)
    taps = ((rng.standard_normal(ntaps) + 1j * rng.standard_normal(ntaps)) / np.sqrt(ntaps)).astype(np.complex64)
    params = {"taps": c_list(taps), "frequency_offset": offset, "noise_voltage": noise, "seed": seed,
              "generator": "gnuradio"}
    record(cases, "channel_model_fir_ccc_%d_taps" % ntaps, "channel_model", params, [("cf32", x)], "cf32",
           channels.channel_model(noise, offset, 1.0, [complex(t) for t in taps], seed, False),
           compare="prefix", chunk=97, tolerance=1.2e-7)

with open(OUT, "w") as f:
    json.dump({"cases": cases}, f)
print("wrote", len(cases), "cases to", os.path.normpath(OUT))
