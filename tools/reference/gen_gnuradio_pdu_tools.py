#!/usr/bin/python3
"""GNU Radio 3.10's gr-pdu metadata blocks on fixed PDUs, recorded for PduToolsGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_pdu_tools.py
PDUs: nil metadata with 3 bytes, {a: 1} with an empty u8 vector, {KEY1: 7, b: #t} with 2 floats. pdu_set(KEY1,
1.5) and pdu_split (pass_empty False and True); pdu_to_stream_f (append, drop) on float PDUs posted before the
start, one with a tx_time, one of shorts (dropped). Writes engine/src/test/resources/reference/gnuradio_pdu_tools.json
(messages as pmt.serialize_str hex and pmt.write_string, per output port).
"""
import json
import os
import time

import sys

import pmt
from gnuradio import blocks, gr, pdu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_gnuradio_packet import record, run_messages  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_pdu_tools.json")


def pdus():
    m2 = pmt.dict_add(pmt.make_dict(), pmt.intern("a"), pmt.from_long(1))
    m3 = pmt.dict_add(pmt.dict_add(pmt.make_dict(), pmt.intern("b"), pmt.PMT_T), pmt.intern("KEY1"),
                      pmt.from_long(7))
    return [pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(3, [1, 2, 3])),
            pmt.cons(m2, pmt.init_u8vector(0, [])),
            pmt.cons(m3, pmt.init_f32vector(2, [0.5, -1.25]))]


def run(block, port, outs, expected):
    return run_messages(block, port, outs, expected, pdus())


out = {"pdus": [record(p) for p in pdus()],
       "set": run(pdu.pdu_set(pmt.intern("KEY1"), pmt.from_double(1.5)), "pdus", ["pdus"], 3),
       "split": run(pdu.pdu_split(False), "pdu", ["dict", "vec"], 4),
       "split_empty": run(pdu.pdu_split(True), "pdu", ["dict", "vec"], 6)}
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)


def to_stream(behavior):
    """PDUs posted before the flowgraph starts: GNU Radio joins the untimed ones queued behind the first."""
    t = pmt.dict_add(pmt.make_dict(), pmt.intern("tx_time"), pmt.make_tuple(pmt.from_uint64(3), pmt.from_double(0.25)))
    msgs = [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(3, [1, 2, 3])),
            pmt.cons(pmt.make_dict(), pmt.init_f32vector(2, [4, 5])),
            pmt.cons(t, pmt.init_f32vector(4, [6, 7, 8, 9])),
            pmt.cons(pmt.PMT_NIL, pmt.init_s16vector(1, [10])),
            pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(1, [11]))]
    tb = gr.top_block()
    b = pdu.pdu_to_stream_f(behavior, 64)
    snk = blocks.vector_sink_f()
    tb.connect(b, snk)
    for m in msgs:
        b.to_basic_block()._post(pmt.intern("pdus"), m)
    tb.start()
    deadline = time.time() + 10
    while len(snk.data()) < (10 if behavior == pdu.EARLY_BURST_APPEND else 3) and time.time() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    tb.stop()
    tb.wait()
    return {"pdus": [record(m) for m in msgs], "output": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in snk.tags()])}


out["to_stream_append"] = to_stream(pdu.EARLY_BURST_APPEND)
out["to_stream_drop"] = to_stream(pdu.EARLY_BURST_DROP)
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)


def take_skip(take, skip):
    tb = gr.top_block()
    src = blocks.vector_source_s(list(range(50)), False)
    ts = pdu.take_skip_to_pdu_s(take, skip)
    dbg = blocks.message_debug()
    tb.connect(src, ts)
    tb.msg_connect((ts, "pdus"), (dbg, "store"))
    tb.run()
    time.sleep(0.2)
    return {"take": take, "skip": skip, "pdus": [record(dbg.get_message(i)) for i in range(dbg.num_messages())]}


out["take_skip"] = [take_skip(7, 3), take_skip(5, 0), take_skip(1, 12)]
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)


TAGS_TO_PDU_TAGS = [(3, "SOB"), (10, "EOB"), (15, "SOB"), (20, "SOB"), (26, "EOB"), (32, "SOB"), (40, "EOB"),
                    (45, "SOB"), (57, "SOB"), (59, "EOB"), (62, "EOB"), (64, "SOB"), (66, "EOB")]


def tags_to_pdu():
    """Float ramp with start/end tags and an rx_time tag at 30: prepend [100, 101], max size 9, tail 3, EOB
    alignment 4 with offset 1, rate 1000, start time 2.75."""
    data = [float(i) for i in range(70)]
    tags = [gr.tag_utils.python_to_tag((o, pmt.intern(k), pmt.PMT_T, pmt.PMT_NIL)) for o, k in TAGS_TO_PDU_TAGS]
    tags.append(gr.tag_utils.python_to_tag((30, pmt.intern("rx_time"),
                                             pmt.make_tuple(pmt.from_uint64(7), pmt.from_double(0.5)),
                                             pmt.PMT_NIL)))
    tb = gr.top_block()
    src = blocks.vector_source_f(data, False, 1, tags)
    t2p = pdu.tags_to_pdu_f(pmt.intern("SOB"), pmt.intern("EOB"), 9, 1000.0, [100.0, 101.0], True, 3, 2.75)
    t2p.set_eob_parameters(4, 1)
    pd = blocks.message_debug()
    det = blocks.message_debug()
    tb.connect(src, t2p)
    tb.msg_connect((t2p, "pdus"), (pd, "store"))
    tb.msg_connect((t2p, "detects"), (det, "store"))
    tb.run()
    time.sleep(0.2)
    return {"tags": TAGS_TO_PDU_TAGS, "pdus": [record(pd.get_message(i)) for i in range(pd.num_messages())],
            "detects": [record(det.get_message(i)) for i in range(det.num_messages())]}


out["tags_to_pdu"] = tags_to_pdu()
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT)
