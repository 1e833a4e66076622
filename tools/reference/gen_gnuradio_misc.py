#!/usr/bin/python3
"""GNU Radio 3.10's output of more stream blocks (nlog10, copy) in the case format of gnuradio_bytes.json, and the
tags its tag_debug sees on a stream_to_tagged_stream, recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_misc.py
Writes engine/src/test/resources/reference/gnuradio_misc.json ("cases" as GnuRadioByteBlocksTest reads them,
"tag_debug": [offset, key, value text], "tagged_stream_mux": inputs with their packets and tags, output and tags).
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



def tag(offset, key, value):
    return gr.tag_utils.python_to_tag((offset, pmt.intern(key), pmt.from_long(value)))


# tagged_stream_mux: input 0 in packets of 4 (tags x at 1, h at 4), input 1 in packets of 6 (y at 0, z at 6),
# head tags of input 1 moved to the output packet's head
mux_in = [{"values": list(range(12)), "packet": 4, "tags": [[1, "x", 5], [4, "h", 1]]},
          {"values": list(range(100, 112)), "packet": 6, "tags": [[0, "y", 6], [6, "z", 7]]}]
tb = gr.top_block()
mux = blocks.tagged_stream_mux(gr.sizeof_char, "len", 1)
for i, m in enumerate(mux_in):
    src = blocks.vector_source_b(m["values"], False, 1, [tag(*t) for t in m["tags"]])
    tb.connect(src, blocks.stream_to_tagged_stream(1, 1, m["packet"], "len"), (mux, i))
mux_snk = blocks.vector_sink_b()
tb.connect(mux, mux_snk)
tb.run()
mux_ref = {"inputs": mux_in, "preserve_head": 1, "key": "len", "output": list(mux_snk.data()),
           "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in mux_snk.tags()])}

with open(OUT, "w") as f:
    json.dump({"cases": cases, "tag_debug": tags, "tagged_stream_mux": mux_ref}, f, indent=1)
    f.write("\n")
print("wrote", OUT)
