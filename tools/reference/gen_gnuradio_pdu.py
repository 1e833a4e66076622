#!/usr/bin/python3
"""GNU Radio 3.10's PDUs from a tagged stream and the tagged stream back from them, recorded for PduGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_pdu.py
Per case (item type): vector_source (0.5 * i for floats, i + (i/2)j for complex, i for bytes and shorts; 25 items)
-> stream_to_tagged_stream(packet_len, 10) -> stream_to_tagged_stream(foo, 5) -> tagged_stream_to_pdu(packet_len)
-> message_debug store; and the same PDUs -> pdu_to_tagged_stream(packet_len) -> vector_sink. Writes
engine/src/test/resources/reference/gnuradio_pdu.json: per case the PDUs (pmt.serialize_str hex and
pmt.write_string), the round trip's items and tags (offset, key, write_string of the value).
"""
import json
import os
import time

import pmt
from gnuradio import blocks, gr, pdu

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_pdu.json")
N = 25
TYPES = {
    "u8": (gr.sizeof_char, blocks.vector_source_b, blocks.vector_sink_b, gr.types.byte_t, lambda i: i),
    "s16": (gr.sizeof_short, blocks.vector_source_s, blocks.vector_sink_s, gr.types.short_t, lambda i: i - 7),
    "f32": (gr.sizeof_float, blocks.vector_source_f, blocks.vector_sink_f, gr.types.float_t, lambda i: 0.5 * i),
    "cf32": (gr.sizeof_gr_complex, blocks.vector_source_c, blocks.vector_sink_c, gr.types.complex_t,
             lambda i: complex(i, i / 2)),
}


def run(dtype):
    size, src_f, snk_f, t, value = TYPES[dtype]
    data = [value(i) for i in range(N)]
    tb = gr.top_block()
    src = src_f(data, False)
    s2ts = blocks.stream_to_tagged_stream(size, 1, 10, "packet_len")
    foo = blocks.stream_to_tagged_stream(size, 1, 5, "foo")
    to_pdu = pdu.tagged_stream_to_pdu(t, "packet_len")
    dbg = blocks.message_debug()
    to_stream = pdu.pdu_to_tagged_stream(t, "packet_len")
    snk = snk_f()
    tb.connect(src, s2ts, foo, to_pdu)
    tb.msg_connect((to_pdu, "pdus"), (dbg, "store"))
    tb.msg_connect((to_pdu, "pdus"), (to_stream, "pdus"))
    tb.connect(to_stream, snk)
    tb.start()
    deadline = time.time() + 10
    while len(snk.data()) < 20 and time.time() < deadline:
        time.sleep(0.01)
    tb.stop()
    tb.wait()
    pdus = [dbg.get_message(i) for i in range(dbg.num_messages())]
    items = snk.data()
    flat = []
    for x in items:
        flat += [x.real, x.imag] if dtype == "cf32" else [x]
    return {
        "input": [[x.real, x.imag] if dtype == "cf32" else x for x in data],
        "pdus": [{"hex": pmt.serialize_str(p).hex(), "text": pmt.write_string(p)} for p in pdus],
        "items": flat,
        "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in snk.tags()]),
    }


out = {d: run(d) for d in TYPES}
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)
