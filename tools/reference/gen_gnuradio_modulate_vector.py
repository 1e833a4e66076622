#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10's digital.modulate_vector_bc (GRC's variable_modulate_vector) for SigFlow's
modulate_vector() expression function (read by GnuRadioModulateVectorTest).

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_modulate_vector.py
It writes engine/src/test/resources/reference/gnuradio_modulate_vector.json: per case the SigFlow expression and
GNU Radio's samples (interleaved re, im as float32), the modulator a generic_mod of a calcdist constellation as
GRC's variable_constellation makes it. "compare": "all" (same length) or "prefix": with several bits per symbol
GNU Radio's flowgraph stops before modulating the last byte of a short vector (its samples are a prefix of
SigFlow's, which modulates every byte).
"""
import json
import os

import numpy as np
from gnuradio import digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_modulate_vector.json")
NORM = {"amplitude": digital.constellation.AMPLITUDE_NORMALIZATION, "power": digital.constellation.POWER_NORMALIZATION,
        "none": digital.constellation.NO_NORMALIZATION}
AC = [0xac, 0xdd, 0xa4, 0xe2, 0xf2, 0x8c, 0x20, 0xfc]


def text(v):
    if not isinstance(v, complex):
        return repr(v)
    return "(%r%s%rj)" % (v.real, "+" if v.imag >= 0 else "-", abs(v.imag))


cases = []


def case(name, points, sym_map, norm, diff, sps, ebw, data, taps, pre_diff=True, compare="all"):
    const = digital.constellation_calcdist(points, sym_map, 2, 1, NORM[norm])
    mod = digital.generic_mod(const, diff, sps, pre_diff, ebw, False, False)
    samples = digital.modulate_vector_bc(mod.to_basic_block(), data, taps)
    expr = "modulate_vector([%s], %s, '%s', %s, %s, %s, %s, %s)" % (
        ", ".join(text(p) for p in points), sym_map if pre_diff else [], norm, diff, sps, ebw, data, taps)
    cases.append({"name": name, "expression": expr, "compare": compare,
                  "values": [float(x) for c in samples for x in (np.float32(c.real), np.float32(c.imag))]})


# test_corr_est.grc and example_corr_est.grc: BPSK sync words, taps [1]
case("bpsk_test_corr_est", [1, -1], [0, 1], "amplitude", False, 4, 0.35, AC, [1])
case("psk2_example_corr_est", [-1, 1], [0, 1], "amplitude", False, 4, 0.22, AC, [1])
# QPSK with a symbol map, differential, power normalisation and shaping taps
case("qpsk_map_diff_taps", [complex(-1, -1), complex(1, -1), complex(-1, 1), complex(1, 1)], [0, 2, 3, 1], "power",
     True, 2, 0.5, AC[:5], [0.5, 0.25, -0.125], compare="prefix")
case("qpsk_no_pre_diff_code", [complex(-1, -1), complex(1, -1), complex(-1, 1), complex(1, 1)], [0, 2, 3, 1], "none",
     False, 4, 0.35, AC[:3], [1], pre_diff=False,
     compare="prefix")

with open(OUT, "w") as f:
    json.dump({"generator": "tools/reference/gen_gnuradio_modulate_vector.py", "gnuradio": gr.version(),
               "cases": cases}, f, indent=0)
print("wrote", OUT, [(c["name"], len(c["values"]) // 2) for c in cases])
