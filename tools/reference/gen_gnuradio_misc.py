#!/usr/bin/python3
"""GNU Radio 3.10's output of more stream blocks (nlog10, copy) in the case format of gnuradio_bytes.json, and the
tags its tag_debug sees on a stream_to_tagged_stream, recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_misc.py
Writes engine/src/test/resources/reference/gnuradio_misc.json ("cases" as GnuRadioByteBlocksTest reads them,
"tag_debug": [offset, key, value text]).
"""
import json
import os

import numpy as np
import pmt
from gnuradio import blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_misc.json")
rng = np.random.default_rng(11)


def run(block, values, vlen=1):
    tb = gr.top_block()
    snk = blocks.vector_sink_f(vlen)
    tb.connect(blocks.vector_source_f(values, False, vlen), block, snk)
    tb.run()
    return [float(v) for v in snk.data()]


floats = [float(np.float32(v)) for v in rng.lognormal(0, 4, 200)] + [0.0, -1.0, 1e-30, 1.0, 10.0, 3.5, float("inf")]
finite = [f for f in floats if np.isfinite(f)]
cases = [
    # GNU Radio takes log2 with VOLK's polynomial approximation: measured up to 2.0e-5 of the result (SigFlow: exact)
    {"name": "nlog10", "block": "nlog10", "params": {"n": 10, "k": 3, "vlen": 2}, "tolerance": 3e-5,
     "inputs": [{"dtype": "f32", "values": finite}],
     "output": {"dtype": "f32", "values": run(blocks.nlog10_ff(10, 2, 3), finite, 2)}},
    {"name": "copy", "block": "copy", "params": {"type": "f32", "vlen": 1, "enabled": True},
     "inputs": [{"dtype": "f32", "values": finite}],
     "output": {"dtype": "f32", "values": run(blocks.copy(gr.sizeof_float), finite)}},
]

tb = gr.top_block()
dbg = blocks.tag_debug(gr.sizeof_char, "dbg", "")
dbg.set_display(False)
tb.connect(blocks.vector_source_b(list(range(25))), blocks.stream_to_tagged_stream(1, 1, 10, "packet_len"), dbg)
tb.run()
tags = [[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in dbg.current_tags()]

with open(OUT, "w") as f:
    json.dump({"cases": cases, "tag_debug": tags}, f, indent=1)
    f.write("\n")
print("wrote", OUT)
