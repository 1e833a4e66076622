#!/usr/bin/env python3
"""GNU Radio 3.10's vector_source with stream tags (GRC's variable_tag_object): the tags it puts on its output.

Writes engine/src/test/resources/reference/gnuradio_vector_source_tags.json ("lengthtags": the tags of GNU Radio's
tagged_streams.make_lengthtags on a repeated vector source): for each case the vector, repeat,
the tags as GRC writes them (offset, key, value, srcid as PMT constructor text), the items read (head) and the
tags GNU Radio's vector_sink saw: [offset, key, value as a Python number/bool/string]. Needs /usr/bin/python3 with
GNU Radio.
"""
import json
import os

import pmt
from gnuradio import blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_vector_source_tags.json")
TAGS = [["0", 'pmt.intern("mark")', "pmt.PMT_T", 'pmt.intern("src")'],
        ["2", 'pmt.intern("mark2")', "pmt.from_long(12345)", 'pmt.intern("tag1")'],
        ["6", 'pmt.intern("late")', "pmt.from_double(0.5)", "pmt.PMT_F"]]


def case(vector, repeat, items):
    tags = [gr.tag_utils.python_to_tag((int(o), eval(k), eval(v), eval(s))) for o, k, v, s in TAGS]
    tb = gr.top_block()
    src = blocks.vector_source_f(vector, repeat, 1, tags)
    snk = blocks.vector_sink_f()
    tb.connect(src, blocks.head(gr.sizeof_float, items), snk)
    tb.run()
    return {"vector": vector, "repeat": repeat, "items": items, "tags_in": TAGS,
            "samples": list(snk.data()),
            "tags": [[t.offset, pmt.symbol_to_string(t.key), pmt.to_python(t.value)] for t in snk.tags()]}


cases = [case([0.5, -1.0, 2.0, 0.25, -0.75], True, 23), case([0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 3.0], False, 7)]

# tags made by GNU Radio's tagged_streams.make_lengthtags (qtgui_tags_viewing.grc): offsets 0 and 5, lengths 3 and 4
from gnuradio.digital.utils import tagged_streams  # noqa: E402

CALL = 'tagged_streams.make_lengthtags((3, 4), (0, 5), "packet")'
tb = gr.top_block()
src = blocks.vector_source_f([0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 3.0, 1.0], True, 1,
                             tagged_streams.make_lengthtags((3, 4), (0, 5), "packet"))
snk = blocks.vector_sink_f()
tb.connect(src, blocks.head(gr.sizeof_float, 20), snk)
tb.run()
lengthtags = {"call": CALL, "vector": [0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 3.0, 1.0], "items": 20,
              "tags": [[t.offset, pmt.symbol_to_string(t.key), pmt.to_python(t.value)] for t in snk.tags()]}
with open(OUT, "w") as f:
    json.dump({"cases": cases, "lengthtags": lengthtags}, f, indent=1)
    f.write("\n")
print("wrote", OUT)
