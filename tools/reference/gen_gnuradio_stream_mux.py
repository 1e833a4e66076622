#!/usr/bin/env python3
"""GNU Radio 3.10's stream_mux and stream_demux on finite tagged float inputs: the samples and tags they give.

Writes engine/src/test/resources/reference/gnuradio_stream_mux.json: for each case the inputs (samples and
[offset, key] tags), lengths, and each output's samples and [offset, key] tags. Needs /usr/bin/python3 with GNU Radio.
"""
import json
import os

import pmt
from gnuradio import blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_stream_mux.json")


def source(samples, tags):
    return blocks.vector_source_f(samples, False, 1, [gr.tag_utils.python_to_tag(
        (o, pmt.intern(k), pmt.from_long(o), pmt.intern("src"))) for o, k in tags])


def outputs(sinks):
    return [{"samples": list(s.data()), "tags": [[t.offset, pmt.symbol_to_string(t.key)] for t in s.tags()]}
            for s in sinks]


def mux(inputs, lengths):
    tb = gr.top_block()
    m = blocks.stream_mux(gr.sizeof_float, lengths)
    snk = blocks.vector_sink_f()
    for i, (samples, tags) in enumerate(inputs):
        tb.connect(source(samples, tags), (m, i))
    tb.connect(m, snk)
    tb.run()
    return {"block": "stream_mux", "lengths": lengths, "inputs": [{"samples": s, "tags": t} for s, t in inputs],
            "outputs": outputs([snk])}


def demux(samples, tags, lengths):
    tb = gr.top_block()
    d = blocks.stream_demux(gr.sizeof_float, lengths)
    sinks = [blocks.vector_sink_f() for _ in lengths]
    tb.connect(source(samples, tags), d)
    for i, s in enumerate(sinks):
        tb.connect((d, i), s)
    tb.run()
    return {"block": "stream_demux", "lengths": lengths, "inputs": [{"samples": samples, "tags": tags}],
            "outputs": outputs(sinks)}


a = [float(1 + i % 7) for i in range(21)]
b = [float(-1 - i % 3) for i in range(12)]
cases = [mux([(a, [[0, "a"], [4, "a4"], [7, "a"], [11, "a4"], [20, "end"]]), (b, [[1, "b"], [4, "b"], [10, "b"]])],
             [3, 2]),
         mux([(a, [[2, "a"]]), (b, [[0, "b"]]), (a, [[5, "c"]])], [1, 0, 4]),
         demux([float(i) for i in range(23)], [[0, "a"], [4, "a4"], [9, "a9"], [22, "last"]], [3, 2]),
         demux([float(i) for i in range(17)], [[1, "x"], [6, "y"]], [2, 0, 5])]
with open(OUT, "w") as f:
    json.dump({"cases": cases}, f)
    f.write("\n")
print("wrote", OUT)
