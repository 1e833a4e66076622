#!/usr/bin/python3
"""Where GNU Radio 3.10 puts a tag after a rate-changing block (keep_m_in_n, fir_filter decimating, interp_fir_filter,
rational_resampler), recorded so that CI does not need GNU Radio. Same case format as gen_gnuradio_sync.py, read by
GnuRadioTagRateTest (which feeds each case in several call sizes). Tags sit at every input offset of a stretch (so each rounding case is hit: k*rate with fraction
0, 1/3, 1/2, 2/3, ...); values are the input offset, so a tag that lands on the wrong item is named in the failure.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_tagrate.py
It writes engine/src/test/resources/reference/gnuradio_tagrate.json.
"""
import json
import os

import numpy as np
import pmt
from gr_values import plain, tag_value
from gnuradio import blocks, gr
from gnuradio import filter as grfilter

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_tagrate.json")
N = 240
x = np.random.default_rng(41).uniform(-1, 1, N).astype(np.float32)
TAGS = [(k, "k", k) for k in list(range(0, 40)) + [97, 98, 99, 100, 101, 150, 151, 152, 153, 154]]
cases = []


def case(name, block_id, params, gr_block, length_slack=0):
    tags = [gr.tag_utils.python_to_tag((o, pmt.intern(key), pmt.from_long(v), pmt.intern("src"))) for o, key, v in TAGS]
    tb = gr.top_block()
    snk = blocks.vector_sink_f(1)
    tb.connect(blocks.vector_source_f(x.tolist(), False, 1, tags), gr_block, snk)
    tb.run()
    out_tags = sorted([[t.offset, pmt.symbol_to_string(t.key), tag_value(t.value)] for t in snk.tags()],
                      key=lambda t: (t[0], t[2]))
    cases.append({"name": name, "block": block_id, "params": params, "length_slack": length_slack,
                  "inputs": [{"dtype": "f32", "vlen": 1, "values": plain("f32", x), "tags": [list(t) for t in TAGS]}],
                  "output": {"dtype": "f32", "vlen": 1, "values": plain("f32", snk.data()), "tags": out_tags}})


TAPS7 = [0.1, -0.2, 0.3, 0.5, 0.3, -0.2, 0.1]
# keep_one_in_n's items, through keep_m_in_n: GNU Radio's keep_one_in_n itself propagates its own tags (TPP_DONT,
# offset * float(1/n) truncated), which SigFlow has no block for
case("keep_1_in_3", "keep_m_in_n", {"type": "f32", "m": 1, "n": 3, "offset": 2, "vlen": 1},
     blocks.keep_m_in_n(gr.sizeof_float, 1, 3, 2))
case("keep_2_in_5", "keep_m_in_n", {"type": "f32", "m": 2, "n": 5, "offset": 1, "vlen": 1},
     blocks.keep_m_in_n(gr.sizeof_float, 2, 5, 1))
case("fir_filter_decim3", "fir_filter",
     {"io_type": "f32", "taps_type": "real", "decimation": 3, "taps_mode": "explicit", "taps": TAPS7},
     grfilter.fir_filter_fff(3, TAPS7))
case("interp_fir_filter_x4", "interp_fir_filter",
     {"io_type": "f32", "taps_type": "real", "interpolation": 4, "taps": TAPS7},
     grfilter.interp_fir_filter_fff(4, TAPS7))
case("rational_resampler_3_4", "rational_resampler",
     {"io_type": "f32", "taps_type": "real", "interpolation": 3, "decimation": 4, "taps": TAPS7, "fbw": 0},
     grfilter.rational_resampler_fff(3, 4, TAPS7), length_slack=1)  # GNU Radio ends one output later
# a rate known only as a double (1/1.5, GNU Radio's set_relative_rate(double)): its exact binary value
case("fractional_resampler_1_5", "fractional_resampler", {"io_type": "f32", "phase_shift": 0, "resamp_ratio": 1.5},
     grfilter.mmse_resampler_ff(0, 1.5), length_slack=2)
# test_tag_variable_rate_ff: a random rate (xoroshiro128+ seeded 4, a coin per input); tags from the previous kept
# input up to this one go on the previous output
case("test_tag_variable_rate", "test_tag_variable_rate", {"once": False, "step": 0.01},
     blocks.test_tag_variable_rate_ff(False, 0.01))

with open(OUT, "w") as f:
    json.dump({"generator": "tools/reference/gen_gnuradio_tagrate.py", "gnuradio": gr.version(), "cases": cases}, f)
print("wrote", len(cases), "cases to", os.path.relpath(OUT))
