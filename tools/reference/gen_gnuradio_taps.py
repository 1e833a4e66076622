#!/usr/bin/python3
"""GNU Radio 3.10's designed taps for the resampler blocks (firdes.root_raised_cosine, firdes.low_pass_2,
optfir.low_pass via pm_remez, and the pfb wrappers' create_taps), recorded so CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_taps.py
It writes engine/src/test/resources/reference/gnuradio_taps.json: a list of {name, design, args, taps}.
"""
import json
import os

from gnuradio.fft import window
from gnuradio.filter import firdes, optfir, pfb

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_taps.json")

cases = []


def case(name, design, args, taps):
    cases.append({"name": name, "design": design, "args": args, "taps": [float("%.9g" % t) for t in taps]})


for args in ([1, 32000, 8000, 0.35, 44], [4, 4, 1, 0.25, 44], [32, 32, 1, 0.5, 11 * 32], [1, 2, 1, 1.0, 21]):
    case(f"root_raised_cosine{args}", "root_raised_cosine", args, firdes.root_raised_cosine(*args))
for args in ([16, 16 * 48000, 15e3, 1e3, 60], [32, 32, 0.4 * 0.365, 0.2 * 0.365, 80]):
    case(f"low_pass_2{args} blackman_harris", "low_pass_2_bh", args,
         firdes.low_pass_2(*args, window.WIN_BLACKMAN_HARRIS))
# the window-method designs of firdes (low_pass, high_pass, band_pass, band_reject), default window and others
for design, args in (("low_pass", [1, 32000, 5000, 1000]), ("low_pass", [3, 3, 0.1, 0.4]),
                     ("high_pass", [1, 48000, 3000, 2000]), ("band_pass", [2, 48000, 3000, 9000, 1500]),
                     ("band_reject", [1, 48000, 3000, 9000, 1500]),
                     ("low_pass", [1, 192000, 96000, 24000])):  # cutoff at Nyquist: GNU Radio accepts it
    case(f"{design}{args}", design, args, getattr(firdes, design)(*args))
case("low_pass[1, 32000, 5000, 1000] kaiser 7", "low_pass_kaiser", [1, 32000, 5000, 1000, 7],
     firdes.low_pass(1, 32000, 5000, 1000, window.WIN_KAISER, 7))
case("band_pass[1, 48000, 3000, 9000, 1500] blackman", "band_pass_blackman", [1, 48000, 3000, 9000, 1500],
     firdes.band_pass(1, 48000, 3000, 9000, 1500, window.WIN_BLACKMAN))
for args in ([32, 32, 0.4, 0.6, 0.1, 100], [1, 4, 0.4, 0.6, 0.1, 80], [5, 5, 0.4, 0.6, 0.99, 70]):
    case(f"optfir.low_pass{args}", "optfir_low_pass", args, optfir.low_pass(*args))
for args in ([0.73, 32, 80], [1.37, 16, 100], [3.0, 32, 100]):
    case(f"arb_resampler_ccf.create_taps{args}", "arb_resampler", args, pfb.arb_resampler_ccf.create_taps(*args))
case("arb_resampler_ccc.create_taps[0.5, 8, 90]", "arb_resampler_ccc", [0.5, 8, 90],
     pfb.arb_resampler_ccc.create_taps(0.5, 8, 90))
case("decimator_ccf.create_taps[6, 100]", "decimator", [6, 100], pfb.decimator_ccf.create_taps(6, 100))
case("interpolator_ccf.create_taps[4, 80]", "interpolator", [4, 80], pfb.interpolator_ccf.create_taps(4, 80))

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    json.dump(cases, f, indent=1)
print(f"wrote {len(cases)} designs to {os.path.normpath(OUT)}")
