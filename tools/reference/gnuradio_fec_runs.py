"""Runs GNU Radio 3.10 FEC blocks for the reference generators (gen_gnuradio_fec.py, gen_gnuradio_ldpc.py): a stream
block between a vector source and sink, the same with length tags, and an async (PDU) block. Needs GNU Radio."""
import time

import pmt
from gnuradio import blocks, gr


def run_stream(block, values, source, sink):
    tb = gr.top_block()
    snk = sink()
    tb.connect(source(values, False), block, snk)
    tb.run()
    return list(snk.data())


def tagged_run(block, values, lengths, source, sink, key="packet_len"):
    tags = []
    at = 0
    for n in lengths:
        tags.append(gr.tag_utils.python_to_tag((at, pmt.intern(key), pmt.from_long(n), pmt.intern("src"))))
        at += n
    tb = gr.top_block()
    snk = sink()
    tb.connect(source(values, False, 1, tags), block, snk)
    tb.run()
    out_tags = [[t.offset, pmt.to_long(t.value)] for t in snk.tags() if pmt.symbol_to_string(t.key) == key]
    return list(snk.data()), out_tags


def run_async(block, pdus):
    tb = gr.top_block()
    dbg = blocks.message_debug()
    tb.msg_connect((block, "out"), (dbg, "store"))
    tb.start()
    for m in pdus:
        block.to_basic_block()._post(pmt.intern("in"), m)
    deadline = time.time() + 20
    while dbg.num_messages() < len(pdus) and time.time() < deadline:
        time.sleep(0.01)
    tb.stop()
    tb.wait()
    out = []
    for i in range(dbg.num_messages()):
        m = dbg.get_message(i)
        out.append({"meta": pmt.write_string(pmt.car(m)), "data": [int(v) for v in pmt.u8vector_elements(pmt.cdr(m))]})
    return out
