#!/usr/bin/python3
"""GNU Radio 3.10's gr-pdu metadata blocks on fixed PDUs, recorded for PduToolsGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_pdu_tools.py
PDUs: nil metadata with 3 bytes, {a: 1} with an empty u8 vector, {KEY1: 7, b: #t} with 2 floats. pdu_set(KEY1,
1.5) and pdu_split (pass_empty False and True). Writes engine/src/test/resources/reference/gnuradio_pdu_tools.json
(messages as pmt.serialize_str hex and pmt.write_string, per output port).
"""
import json
import os
import time

import pmt
from gnuradio import blocks, gr, pdu

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_pdu_tools.json")


def pdus():
    m2 = pmt.dict_add(pmt.make_dict(), pmt.intern("a"), pmt.from_long(1))
    m3 = pmt.dict_add(pmt.dict_add(pmt.make_dict(), pmt.intern("b"), pmt.PMT_T), pmt.intern("KEY1"),
                      pmt.from_long(7))
    return [pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(3, [1, 2, 3])),
            pmt.cons(m2, pmt.init_u8vector(0, [])),
            pmt.cons(m3, pmt.init_f32vector(2, [0.5, -1.25]))]


def record(p):
    return {"hex": pmt.serialize_str(p).hex(), "text": pmt.write_string(p)}


def run(block, port, outs, expected):
    tb = gr.top_block()
    dbgs = {o: blocks.message_debug() for o in outs}
    for o, d in dbgs.items():
        tb.msg_connect((block, o), (d, "store"))
    for m in pdus():
        block.to_basic_block()._post(pmt.intern(port), m)
    tb.start()
    deadline = time.time() + 10
    while sum(d.num_messages() for d in dbgs.values()) < expected and time.time() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    tb.stop()
    tb.wait()
    return {o: [record(d.get_message(i)) for i in range(d.num_messages())] for o, d in dbgs.items()}


out = {"pdus": [record(p) for p in pdus()],
       "set": run(pdu.pdu_set(pmt.intern("KEY1"), pmt.from_double(1.5)), "pdus", ["pdus"], 3),
       "split": run(pdu.pdu_split(False), "pdu", ["dict", "vec"], 4),
       "split_empty": run(pdu.pdu_split(True), "pdu", ["dict", "vec"], 6)}
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)
