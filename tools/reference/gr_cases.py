"""Block cases against GNU Radio 3.10 in the JSON form GnuRadioSyncBlocksTest reads, shared by the reference
generators of the digital sync family (run with /usr/bin/python3): feed vector sources (tags on the first input)
into a GNU Radio block, record its output values and tags."""
import numpy as np
import pmt
from gnuradio import blocks, gr
from gr_values import plain, tag_value

SRC = {"u8": blocks.vector_source_b, "f32": blocks.vector_source_f, "cf32": blocks.vector_source_c,
       "s32": blocks.vector_source_i}
SNK = {"u8": blocks.vector_sink_b, "f32": blocks.vector_sink_f, "cf32": blocks.vector_sink_c, "s32": blocks.vector_sink_i}
SIZE = {"u8": gr.sizeof_char, "f32": gr.sizeof_float, "cf32": gr.sizeof_gr_complex, "s32": gr.sizeof_int}


def c_list(values):
    return [{"re": float(np.float32(v.real)), "im": float(np.float32(v.imag))} for v in values]


def gr_tags(tags):
    return [gr.tag_utils.python_to_tag((offset, pmt.intern(key), pmt.from_long(value), pmt.intern("src")))
            for offset, key, value in tags]


def record(cases, name, block_id, params, inputs, out, gr_block, compare="all", chunk=11, tolerance=None, head=None,
           tags=()):
    """Appends a case to `cases`. inputs: [(dtype, values)]; out: the output dtype; head: items kept of an endless
    output ("prefix"); tags: [(offset, key, long)] on the first input."""
    tb = gr.top_block()
    for i, (dtype, values) in enumerate(inputs):
        tb.connect(SRC[dtype](list(values), False, 1, gr_tags(tags) if i == 0 else []), (gr_block, i))
    snk = SNK[out](1)
    if head:
        h = blocks.head(SIZE[out], head)
        tb.connect(gr_block, h, snk)
    else:
        tb.connect(gr_block, snk)
    tb.run()
    out_tags = sorted([[t.offset, pmt.symbol_to_string(t.key), tag_value(t.value)] for t in snk.tags()],
                      key=lambda t: (t[0], t[1]))
    cases.append({"name": name, "block": block_id, "params": params, "compare": compare, "chunk": chunk,
                  **({"tolerance": tolerance} if tolerance else {}),
                  "inputs": [{"dtype": d, "vlen": 1, "values": plain(d, x), "tags": [list(t) for t in tags] if i == 0 else []}
                             for i, (d, x) in enumerate(inputs)],
                  "output": {"dtype": out, "vlen": 1, "values": plain(out, snk.data()), "tags": out_tags}})
