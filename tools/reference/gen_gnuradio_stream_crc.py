#!/usr/bin/python3
"""GNU Radio 3.10's crc32_bb and tag_gate on fixed tagged byte streams, recorded for StreamCrcGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_stream_crc.py
crc32_bb: packets of 3, 10 and 1 bytes ((29 i + 7) mod 256, an extra 'foo' tag inside each), packed and unpacked
(bits: the low bit of each byte), generated; then checked, with the second packet corrupted (dropped). tag_gate:
propagate, block all, block only 'foo'; burst_tagger (SOB/EOB) on a short trigger. Writes engine/src/test/resources/reference/gnuradio_stream_crc.json.
"""
import json
import os

import pmt
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_stream_crc.json")


def tagged(packets, packed):
    data, tags, at = [], [], 0
    for n in packets:
        tags.append((at, "packet_len", n))
        tags.append((at + n // 2, "foo", at))
        data += [((29 * (at + i) + 7) % 256) if packed else ((29 * (at + i) + 7) >> 3) % 2 for i in range(n)]
        at += n
    return data, tags


def gr_tags(tags):
    return [gr.tag_utils.python_to_tag((o, pmt.intern(k), pmt.from_long(v), pmt.PMT_NIL)) for o, k, v in tags]


def run(block, data, tags):
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, gr_tags(tags))
    snk = blocks.vector_sink_b()
    tb.connect(src, block, snk)
    tb.run()
    return {"input": data, "tags_in": tags, "output": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()])}


def crc_cases(packed):
    data, tags = tagged([3, 10, 1] if packed else [20, 9, 40], packed)
    gen = run(digital.crc32_bb(False, "packet_len", packed), data, tags)
    out = list(gen["output"])
    # packets again with their new lengths; the second corrupted
    ctags, at, lens = [], 0, [t[2] + (4 if packed else 32) for t in tags if t[1] == "packet_len"]
    for k, n in enumerate(lens):
        ctags.append((at, "packet_len", n))
        ctags.append((at + 1, "bar", k))
        if k == 1:
            out[at + 1] ^= 1
        at += n
    check = run(digital.crc32_bb(True, "packet_len", packed), out, ctags)
    return {"generate": gen, "check": check}


def gate(propagate, key):
    data, tags = tagged([4, 6], True)
    g = blocks.tag_gate(gr.sizeof_char, propagate)
    g.set_single_key(key)
    r = run(g, data, tags)
    r.update({"propagate": propagate, "single_key": key})
    return r


out = {"packed": crc_cases(True), "unpacked": crc_cases(False),
       "gate": [gate(True, ""), gate(False, ""), gate(False, "foo")]}
with open(OUT, "w") as f:
    json.dump(out, f, sort_keys=True)
    f.write("\n")
print("wrote", OUT)


def burst_tagger():
    data = [float(i) for i in range(40)]
    trigger = [0, 0, 1, 2, 1, 0, -1, 0, 3] * 4 + [1, 1, 0, 0]
    tb = gr.top_block()
    src = blocks.vector_source_f(data, False)
    trg = blocks.vector_source_s(trigger, False)
    bt = blocks.burst_tagger(gr.sizeof_float)
    bt.set_true_tag("SOB", True)
    bt.set_false_tag("EOB", False)
    snk = blocks.vector_sink_f()
    tb.connect(src, (bt, 0))
    tb.connect(trg, (bt, 1))
    tb.connect(bt, snk)
    tb.run()
    return {"trigger": trigger, "output": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in snk.tags()])}


out["burst_tagger"] = burst_tagger()
with open(OUT, "w") as f:
    json.dump(out, f, sort_keys=True)
    f.write("\n")
print("wrote", OUT)
