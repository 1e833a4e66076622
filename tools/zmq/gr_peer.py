#!/usr/bin/python3
"""A GNU Radio 3.10 peer for SigFlow's ZMQ blocks (tests and throughput measurement).

send: a vector source of a ramp (item i = complex(i, -i)), optionally with tags by the shared rule (see tag_rule),
      into zeromq.{push,pub,rep}_sink, which binds the address.
recv: zeromq.{pull,sub,req}_source, which connects to the address, into head(items) and a vector sink; writes the
      samples (raw cf32) to OUT.cf32 and the tags (typed JSON) to OUT.tags.json.
bench: like recv into a null sink, printing the Msps it received (no files).
bench-send: zeros into zeromq.push_sink for --seconds (the GNU Radio -> SigFlow throughput leg).

The tag rule must match ZmqTagRule.java in the engine's tests. Exits 2 after --max-seconds (never hangs a test).
"""
import argparse
import json
import sys
import time

import numpy as np
import pmt
from gnuradio import blocks, gr, zeromq

TAG_EVERY = 997


def tag_value(k, o):
    kind = k % 7
    if kind == 0:
        return pmt.from_long(-o * 10_000_000)
    if kind == 1:
        return pmt.from_double(o / 2 + 0.25)
    if kind == 2:
        return pmt.intern("s%d" % o)
    if kind == 3:
        return pmt.from_bool(k % 2 == 0)
    if kind == 4:
        return pmt.from_complex(complex(o, -0.5))
    if kind == 5:
        return pmt.from_uint64(2**63 + o)
    return pmt.make_tuple(pmt.from_uint64(o), pmt.from_double(0.125))


def tag_rule(items):
    tags = []
    for k, o in enumerate(range(0, items, TAG_EVERY)):
        tags.append(gr.tag_utils.python_to_tag((o, pmt.intern("t%d" % (k % 7)), tag_value(k, o), pmt.PMT_F)))
    return tags


def typed(v):
    if pmt.is_uint64(v):
        return {"type": "uint64", "value": str(pmt.to_uint64(v))}
    if pmt.is_bool(v):
        return {"type": "bool", "value": pmt.to_bool(v)}
    if pmt.is_integer(v):
        return {"type": "long", "value": pmt.to_long(v)}
    if pmt.is_real(v):
        return {"type": "double", "value": pmt.to_double(v)}
    if pmt.is_complex(v):
        c = pmt.to_complex(v)
        return {"type": "complex", "value": [c.real, c.imag]}
    if pmt.is_symbol(v):
        return {"type": "symbol", "value": pmt.symbol_to_string(v)}
    if pmt.is_tuple(v):
        return {"type": "tuple", "value": [typed(pmt.tuple_ref(v, i)) for i in range(pmt.length(v))]}
    return {"type": "other", "value": pmt.write_string(v)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("role", choices=["send", "recv", "bench", "bench-send"])
    ap.add_argument("pattern", choices=["push", "pub", "rep", "pull", "sub", "req"])
    ap.add_argument("address")
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--pass-tags", action="store_true")
    ap.add_argument("--tags", action="store_true", help="send: attach tags by the rule")
    ap.add_argument("--key", default="")
    ap.add_argument("--delay", type=float, default=0.0, help="send: wait before starting (PUB: let subscribers join)")
    ap.add_argument("--out", help="recv: output prefix")
    ap.add_argument("--max-seconds", type=float, default=30)
    ap.add_argument("--seconds", type=float, default=5, help="bench: how long to measure")
    a = ap.parse_args()
    size = gr.sizeof_gr_complex
    addr = a.address
    tb = gr.top_block()
    if a.role == "bench-send":
        tb.connect(blocks.null_source(size), zeromq.push_sink(size, 1, addr, 100, False, -1))
        tb.start()
        time.sleep(a.seconds)
        tb.stop()
        tb.wait()
        return
    if a.role == "send":
        data = (np.arange(a.items, dtype=np.float32) - 1j * np.arange(a.items, dtype=np.float32)).astype(np.complex64)
        src = blocks.vector_source_c(data.tolist(), False, 1, tag_rule(a.items) if a.tags else [])
        if a.pattern == "push":
            snk = zeromq.push_sink(size, 1, addr, 100, a.pass_tags, -1)
        elif a.pattern == "pub":
            snk = zeromq.pub_sink(size, 1, addr, 100, a.pass_tags, -1, a.key, False)  # block, never drop
        elif a.pattern == "rep":
            snk = zeromq.rep_sink(size, 1, addr, 100, a.pass_tags, -1)
        else:
            sys.exit("send needs push, pub or rep")
        tb.connect(src, snk)
        time.sleep(a.delay)
        tb.start()
        deadline = time.time() + a.max_seconds
        while snk.nitems_read(0) < a.items:
            if time.time() > deadline:
                print("gr_peer: gave up after %s s" % a.max_seconds, file=sys.stderr)
                tb.stop()
                tb.wait()
                sys.exit(2)
            time.sleep(0.02)
        tb.wait()
        time.sleep(0.2)  # let the last frames leave (LINGER also covers it)
        return
    if a.pattern == "pull":
        src = zeromq.pull_source(size, 1, addr, 100, a.pass_tags, -1)
    elif a.pattern == "sub":
        src = zeromq.sub_source(size, 1, addr, 100, a.pass_tags, -1, a.key)
    elif a.pattern == "req":
        src = zeromq.req_source(size, 1, addr, 100, a.pass_tags, -1)
    else:
        sys.exit("recv needs pull, sub or req")
    if a.role == "bench":
        snk = blocks.null_sink(size)
        tb.connect(src, snk)
        tb.start()
        time.sleep(1.0)  # warm-up
        n0, t0 = snk.nitems_read(0), time.time()
        time.sleep(a.seconds)
        n1, t1 = snk.nitems_read(0), time.time()
        tb.stop()
        tb.wait()
        print("gnuradio %s_source received %.1f Msps" % (a.pattern, (n1 - n0) / (t1 - t0) / 1e6))
        return
    head = blocks.head(size, a.items)
    snk = blocks.vector_sink_c()
    tb.connect(src, head, snk)
    tb.start()
    deadline = time.time() + a.max_seconds
    # wait on the sink, not on head: items head has written may not have reached the sink when tb.stop() comes
    while snk.nitems_read(0) < a.items:
        if time.time() > deadline:
            print("gr_peer: received %d of %d items in %s s" % (snk.nitems_read(0), a.items, a.max_seconds),
                  file=sys.stderr)
            tb.stop()
            tb.wait()
            sys.exit(2)
        time.sleep(0.02)
    tb.stop()  # a zmq source never ends by itself, even after head has finished
    tb.wait()
    np.asarray(snk.data(), dtype=np.complex64).tofile(a.out + ".cf32")
    tags = [dict(offset=t.offset, key=pmt.symbol_to_string(t.key), **typed(t.value)) for t in snk.tags()]
    with open(a.out + ".tags.json", "w") as f:
        json.dump(tags, f)


if __name__ == "__main__":
    main()
