#!/usr/bin/python3
"""Writes GRC flowgraphs that check blocks_multiply_by_tag_value_cc against GNU Radio 3.10: a fixed complex vector
with amp_est tags (real and complex values, and a tag of another key) → multiply_by_tag_value → file sink, into
engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on those files to store GNU Radio's output
beside each (GnuRadioSamplesTest compares).

Usage: python3 tools/grc/tag_value_cases.py
"""

from filter_cases import HEADER, block, connections, noise, write_cases

# (offset, key, value) of the source's tags
TAGS = [(3, "amp_est", "pmt.from_double(0.5)"), (10, "other", "pmt.from_double(9.0)"),
        (40, "amp_est", "pmt.from_complex(1.5-0.25j)"), (41, "amp_est", "pmt.from_long(-2)"),
        (200, "amp_est", "pmt.from_double(3.25)")]
CASES = {"multiply_by_tag_value_cc": (1,)}   # GNU Radio 3.10's GRC block gives vlen to neither port


def flowgraph(name, vlen):
    tags = ", ".join("gr.python_to_tag({{''offset'': {}, ''key'': pmt.intern(''{}''), ''value'': {}, "
                     "''srcid'': pmt.intern(''src'')}})".format(o, k, v) for o, k, v in TAGS)
    text = HEADER.format(name=name)
    text += block("imports", "import", {"imports": "import pmt"}, 300).replace(", 100]", ", 12]")
    text += block("src", "blocks_vector_source_x", {"type": "complex", "vector": noise(True, 514),
                                                     "repeat": "False", "tags": "[" + tags + "]",
                                                     "vlen": str(vlen)}, 16)
    text += block("mult", "blocks_multiply_by_tag_value_cc", {"tagname": "amp_est", "vlen": str(vlen)}, 200)
    text += block("sink", "blocks_file_sink", {"type": "complex", "file": f"{name}.cf32", "append": "False",
                                               "unbuffered": "False", "vlen": str(vlen)}, 400)
    return text + connections(["src", "mult", "sink"])


if __name__ == "__main__":
    write_cases(CASES, flowgraph)
