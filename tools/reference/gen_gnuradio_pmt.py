#!/usr/bin/python3
"""GNU Radio 3.10's text form (pmt.write_string) and serialisation (pmt.serialize_str) of one PMT of each kind,
recorded so that CI checks SigFlow's org.sigflow.message.PmtText and PmtCodec without GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_pmt.py
It writes engine/src/test/resources/reference/gnuradio_pmt.json: name -> {"text", "hex"}. PmtGnuRadioTest builds
the same values by name. Also: "expressions", the PMT constructors GRC files write (message_strobe's msg) evaluated
by Python; and "debug", what GNU Radio's message_debug prints on its print port for some messages (stdout of a
child process), with and without en_uvec.
"""
import json
import os
import subprocess
import sys

import pmt

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_pmt.json")

d = pmt.make_dict()
d = pmt.dict_add(d, pmt.intern("a"), pmt.from_long(3))
d = pmt.dict_add(d, pmt.intern("b"), pmt.from_double(2.5))
d = pmt.dict_add(d, pmt.intern("a"), pmt.from_long(4))      # replaces in place

CASES = {
    "nil": pmt.PMT_NIL, "true": pmt.PMT_T, "false": pmt.PMT_F,
    "long": pmt.from_long(-5), "long_big": pmt.from_long(1 << 40), "uint64": pmt.from_uint64(1 << 63),
    "double": pmt.from_double(1.5), "double_tenth": pmt.from_double(0.1), "double_big": pmt.from_double(1e20),
    "double_three": pmt.from_double(3.0), "double_digits": pmt.from_double(0.123456789),
    "double_small": pmt.from_double(-1e-5), "double_1e6": pmt.from_double(1e6), "double_1e5": pmt.from_double(1e5),
    "double_123456789": pmt.from_double(123456789.0), "double_inf": pmt.from_double(float("inf")),
    "complex": pmt.from_complex(1 + 2j), "complex_neg": pmt.from_complex(1 - 2j),
    "symbol": pmt.intern("hello"), "symbol_empty": pmt.intern(""),
    "pair": pmt.cons(pmt.intern("a"), pmt.from_long(1)),
    "list": pmt.list3(pmt.from_long(1), pmt.from_long(2), pmt.from_long(3)),
    "dotted": pmt.cons(pmt.from_long(1), pmt.cons(pmt.from_long(2), pmt.from_long(3))),
    "dict": d, "dict_empty": pmt.make_dict(),
    "vector": pmt.make_vector(2, pmt.from_long(7)), "vector_empty": pmt.make_vector(0, pmt.PMT_NIL),
    "tuple": pmt.make_tuple(pmt.from_uint64(5), pmt.from_double(0.25)), "tuple_empty": pmt.make_tuple(),
    "u8": pmt.init_u8vector(3, [1, 2, 255]), "s8": pmt.init_s8vector(2, [-1, 2]),
    "u16": pmt.init_u16vector(2, [1, 65535]), "s16": pmt.init_s16vector(2, [-1, 300]),
    "u32": pmt.init_u32vector(2, [7, 4000000000]), "s32": pmt.init_s32vector(2, [-1, 70000]),
    "u64": pmt.init_u64vector(1, [7]), "s64": pmt.init_s64vector(1, [-7]),
    "f32": pmt.init_f32vector(3, [0.5, -1.25, 123456.7]), "f32_empty": pmt.init_f32vector(0, []),
    "f64": pmt.init_f64vector(2, [0.1, 2]),
    "c32": pmt.init_c32vector(2, [1.123456789 - 2j, 1e-7]), "c64": pmt.init_c64vector(1, [1 - 0.5j]),
    "pdu": pmt.cons(d, pmt.init_u8vector(2, [1, 2])),
}

EXPRESSIONS = [
    'pmt.intern("TEST")', "pmt.PMT_T", "pmt.PMT_NIL", 'pmt.mp("TEST")', "pmt.cons(pmt.make_dict(), pmt.PMT_NIL)",
    "pmt.cons(pmt.PMT_NIL, pmt.make_u8vector(16, 0x77))", 'pmt.to_pmt({"freq": 2000, "ampl": 1.5})',
    "pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(3, [1, -2.5, 3]))", "pmt.from_long(-3)", "pmt.from_double(2.5)",
    "pmt.to_pmt([1, 2.5, 'a'])", "pmt.to_pmt((1, True))", "pmt.from_complex(1-2j)",
    'pmt.dict_add(pmt.make_dict(), pmt.intern("k"), pmt.from_long(4))', "pmt.init_c32vector(2, [1+1j, -0.5j])",
]

DEBUG_CHILD = """
import sys, time, pmt
from gnuradio import gr, blocks
msgs = [pmt.deserialize_str(bytes.fromhex(h)) for h in sys.argv[2:]]
for m in msgs:
    tb = gr.top_block()
    s = blocks.message_strobe(m, 20)
    d = blocks.message_debug(sys.argv[1] == "True")
    tb.msg_connect((s, "strobe"), (d, "print"))
    tb.msg_connect((s, "strobe"), (d, "store"))
    tb.start()
    while d.num_messages() < 1:
        time.sleep(0.002)
    tb.stop()
    tb.wait()
    sys.stdout.flush()
    print("=== END", flush=True)
"""
DEBUG_MESSAGES = [pmt.intern("TEST"), CASES["dict"], CASES["pdu"],
                  pmt.cons(CASES["dict"], pmt.init_f32vector(5, [1, 2, 3, 4, 5])),
                  pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(20, list(range(20))))]


def debug_prints(en_uvec):
    """message_debug's print output per message: the child prints each, then a marker."""
    hexes = [pmt.serialize_str(m).hex() for m in DEBUG_MESSAGES]
    out = subprocess.run([sys.executable, "-c", DEBUG_CHILD, str(en_uvec)] + hexes, capture_output=True,
                         text=True, check=True).stdout
    prints = out.split("=== END\n")[:-1]
    # a strobe may fire twice before the stop: keep the first print of each message
    firsts = []
    for p in prints:
        rule = "************************************\n"
        firsts.append(p[:p.index(rule) + len(rule)])
    return [{"hex": h, "en_uvec": en_uvec, "printed": p} for h, p in zip(hexes, firsts)]


out = {k: {"text": pmt.write_string(v), "hex": pmt.serialize_str(v).hex()} for k, v in CASES.items()}
out["expressions"] = {e: {"text": pmt.write_string(eval(e)), "hex": pmt.serialize_str(eval(e)).hex()}
                      for e in EXPRESSIONS}
out["debug"] = debug_prints(True) + debug_prints(False)
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", OUT, len(out), "cases")
