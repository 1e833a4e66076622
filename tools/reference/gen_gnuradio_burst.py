#!/usr/bin/python3
"""GNU Radio 3.10's burst_shaper and tagged_stream_multiply_length on fixed tagged inputs, for BurstShaperGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_burst.py
Input: items i -> (1 + 0.01 i) * (cos 0.3 i + j sin 0.3 i) (floats: the real part); packets of 30, 7, 100, 1 and
64 items with 3 items outside packets before each (dropped by the shaper), a 'foo' tag on each packet's first item
and a 'bar' tag inside the third. Windows firdes.window(WIN_HANN, 50, 0) and (WIN_HAMMING, 9, 0), with and without
phasing symbols. Also repack_bits_bb in packet mode (a length tag key). Writes
engine/src/test/resources/reference/gnuradio_burst.json (output items, tags, the window).
"""
import cmath
import json
import os

import pmt
from gnuradio import blocks, digital, fft, filter, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_burst.json")
PACKETS = [30, 7, 100, 1, 64]
GAP = 3


def tagged_input(complex_items):
    data, tags, at = [], [], 0
    for k, n in enumerate(PACKETS):
        at += GAP
        tags.append((at, "packet_len", n))
        tags.append((at, "foo", k))
        if k == 2:
            tags.append((at + 40, "bar", 7))
        at += n
    for i in range(at):
        x = (1 + 0.01 * i) * cmath.exp(0.3j * i)
        data.append(x if complex_items else x.real)
    return data, tags


def gr_tags(tags):
    return [gr.tag_utils.python_to_tag((o, pmt.intern(k), pmt.from_long(v), pmt.PMT_NIL)) for o, k, v in tags]


def shaper(complex_items, win, ntaps, pre, post, phasing):
    taps = list(filter.firdes.window(win, ntaps, 0))
    data, tags = tagged_input(complex_items)
    tb = gr.top_block()
    if complex_items:
        src = blocks.vector_source_c(data, False, 1, gr_tags(tags))
        sh = digital.burst_shaper_cc([complex(t) for t in taps], pre, post, phasing, "packet_len")
        snk = blocks.vector_sink_c()
    else:
        src = blocks.vector_source_f(data, False, 1, gr_tags(tags))
        sh = digital.burst_shaper_ff(taps, pre, post, phasing, "packet_len")
        snk = blocks.vector_sink_f()
    tb.connect(src, sh, snk)
    tb.run()
    out = []
    for x in snk.data():
        out += [x.real, x.imag] if complex_items else [x]
    return {"complex": complex_items, "window": taps, "pre": pre, "post": post, "phasing": phasing,
            "input": [[x.real, x.imag] for x in data] if complex_items else data, "tags_in": tags, "output": out,
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()])}


def multiply_length():
    tags = [(0, "packet_len", 3), (0, "foo", 1), (3, "packet_len", 5), (5, "foo", 2), (8, "packet_len", 7)]
    data = list(range(15))
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, gr_tags(tags))
    m = blocks.tagged_stream_multiply_length(gr.sizeof_char, "packet_len", 2.5)
    snk = blocks.vector_sink_b()
    tb.connect(src, m, snk)
    tb.run()
    return {"input": data, "tags_in": tags, "scalar": 2.5, "output": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()])}


def repack(k, l, msb, align, packets):
    data, tags, at = [], [], 0
    for n in packets:
        tags.append((at, "packet_len", n))
        if n >= 4:
            tags.append((at + n // 2, "mid", n))
        data += [(37 * (at + i) + 5) % (1 << k) for i in range(n)]
        at += n
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, gr_tags(tags))
    r = blocks.repack_bits_bb(k, l, "packet_len", align, gr.GR_MSB_FIRST if msb else gr.GR_LSB_FIRST)
    snk = blocks.vector_sink_b()
    tb.connect(src, r, snk)
    tb.run()
    return {"k": k, "l": l, "msb": msb, "align": align, "input": data, "tags_in": tags, "output": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()])}


out = {"repack": [repack(8, 3, True, False, [3, 5, 1, 6, 4]), repack(8, 1, False, False, [2, 4]),
                  repack(1, 8, True, True, [12, 16, 9]), repack(3, 2, False, False, [5, 2, 7])],
       "shaper": {
    "cc_hann_phasing": shaper(True, fft.window.WIN_HANN, 50, 10, 20, True),
    "cc_hann": shaper(True, fft.window.WIN_HANN, 50, 10, 20, False),
    "ff_hamming9_phasing": shaper(False, fft.window.WIN_HAMMING, 9, 0, 5, True),
    "ff_hamming9": shaper(False, fft.window.WIN_HAMMING, 9, 4, 0, False),
}, "multiply_length": multiply_length()}
with open(OUT, "w") as f:
    json.dump(out, f, sort_keys=True)
    f.write("\n")
print("wrote", OUT)
