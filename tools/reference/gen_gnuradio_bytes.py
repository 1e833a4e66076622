#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10 for SigFlow's byte/short stream blocks (converters, bit packing, bitwise
operators, map, chunks_to_symbols), recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio (deterministic inputs, fixed seed):
    /usr/bin/python3 tools/reference/gen_gnuradio_bytes.py
It writes engine/src/test/resources/reference/gnuradio_bytes.json: for each case the SigFlow block id and params,
the input streams (dtype and values) and GNU Radio's output. GRC byte streams are u8 in SigFlow; values are
written as GNU Radio produced them (bytes unsigned 0..255, floats as float32).
"""
import json
import os

import numpy as np
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_bytes.json")
rng = np.random.default_rng(9)

SRC = {"u8": blocks.vector_source_b, "s16": blocks.vector_source_s, "f32": blocks.vector_source_f,
       "cf32": blocks.vector_source_c}
SNK = {"u8": blocks.vector_sink_b, "s16": blocks.vector_sink_s, "f32": blocks.vector_sink_f,
       "cf32": blocks.vector_sink_c}


def run(block, inputs, out_dtype, vlen=1, out_vlen=None):
    """Runs GNU Radio's block over the input streams [(dtype, values)], returns its output values."""
    tb = gr.top_block()
    for i, (dtype, values) in enumerate(inputs):
        tb.connect(SRC[dtype](list(values), False, vlen), (block, i))
    snk = SNK[out_dtype](out_vlen or vlen)
    tb.connect(block, snk)
    tb.run()
    return list(snk.data())


def plain(dtype, values):
    if dtype == "cf32":
        return [float(v) for c in values for v in (np.float32(c.real), np.float32(c.imag))]
    if dtype == "f32":
        return [float(np.float32(v)) for v in values]
    if dtype == "u8":
        return [int(v) & 0xff for v in values]
    return [int(v) for v in values]


cases = []


def case(name, block_id, params, inputs, out_dtype, gr_block, vlen=1, out_vlen=None):
    out = run(gr_block, inputs, out_dtype, vlen, out_vlen)
    cases.append({"name": name, "block": block_id, "params": params,
                  "inputs": [{"dtype": d, "values": plain(d, v)} for d, v in inputs],
                  "output": {"dtype": out_dtype, "values": plain(out_dtype, out)}})


bytes_all = list(range(256))
shorts = [int(v) for v in rng.integers(-32768, 32768, 300)] + [-32768, 32767, 0, -1, 255, -256]
floats = [float(np.float32(v)) for v in rng.normal(0, 60, 300)] + [0.5, 1.5, 2.5, -0.5, -1.5, 1e6, -1e6, 127.4]
cpx = [complex(np.float32(a), np.float32(b)) for a, b in rng.normal(0, 20, (150, 2))] + [0.5 + 1.5j, 1e9 - 1e9j]
bits = [int(v) for v in rng.integers(0, 2, 240)]
small = [int(v) for v in rng.integers(0, 8, 240)]
rand_bytes = [int(v) for v in rng.integers(0, 256, 240)]

case("char_to_float", "char_to_float", {"vlen": 2, "scale": 3}, [("u8", bytes_all)], "f32",
     blocks.char_to_float(2, 3), vlen=2)
case("uchar_to_float", "uchar_to_float", {"vlen": 1}, [("u8", bytes_all)], "f32", blocks.uchar_to_float())
case("short_to_float", "short_to_float", {"vlen": 1, "scale": 7}, [("s16", shorts)], "f32",
     blocks.short_to_float(1, 7))
case("float_to_char", "float_to_char", {"vlen": 1, "scale": 2.5}, [("f32", floats)], "u8",
     blocks.float_to_char(1, 2.5))
case("float_to_uchar", "float_to_uchar", {"vlen": 1}, [("f32", [abs(f) for f in floats] + [-3.0])], "u8",
     blocks.float_to_uchar())
case("float_to_short", "float_to_short", {"vlen": 1, "scale": 100}, [("f32", floats)], "s16",
     blocks.float_to_short(1, 100))
case("char_to_short", "char_to_short", {"vlen": 1}, [("u8", bytes_all)], "s16", blocks.char_to_short(1))
case("short_to_char", "short_to_char", {"vlen": 1}, [("s16", shorts)], "u8", blocks.short_to_char(1))
case("complex_to_interleaved_short", "complex_to_interleaved_short", {"scale_factor": 1000, "vector": False},
     [("cf32", cpx)], "s16", blocks.complex_to_interleaved_short(False, 1000))
case("interleaved_short_to_complex", "interleaved_short_to_complex",
     {"scale_factor": 2, "vector": False, "swap": True}, [("s16", shorts)], "cf32",
     blocks.interleaved_short_to_complex(False, True, 2))
case("unpack_k_bits_3", "unpack_k_bits", {"k": 3}, [("u8", small)], "u8", blocks.unpack_k_bits_bb(3))
case("pack_k_bits_3", "pack_k_bits", {"k": 3}, [("u8", bits)], "u8", blocks.pack_k_bits_bb(3))
for e, ge in (("msb", gr.GR_MSB_FIRST), ("lsb", gr.GR_LSB_FIRST)):
    case("packed_to_unpacked_3_" + e, "packed_to_unpacked", {"bits_per_chunk": 3, "endianness": e},
         [("u8", rand_bytes)], "u8", blocks.packed_to_unpacked_bb(3, ge))
    case("unpacked_to_packed_3_" + e, "unpacked_to_packed", {"bits_per_chunk": 3, "endianness": e},
         [("u8", small)], "u8", blocks.unpacked_to_packed_bb(3, ge))
    case("repack_bits_3_5_" + e, "repack_bits", {"k": 3, "l": 5, "endianness": e}, [("u8", small)], "u8",
         blocks.repack_bits_bb(3, 5, "", False, ge))
    case("repack_bits_8_2_" + e, "repack_bits", {"k": 8, "l": 2, "endianness": e}, [("u8", rand_bytes)], "u8",
         blocks.repack_bits_bb(8, 2, "", False, ge))
three = [rand_bytes, [int(v) for v in rng.integers(0, 256, 240)], [int(v) for v in rng.integers(0, 256, 240)]]
for op, blk in (("and", blocks.and_bb), ("or", blocks.or_bb), ("xor", blocks.xor_bb)):
    case(op + "_u8", op, {"type": "u8", "num_inputs": 3, "vlen": 1}, [("u8", v) for v in three], "u8", blk())
case("xor_s16", "xor", {"type": "s16", "num_inputs": 2, "vlen": 1}, [("s16", shorts), ("s16", shorts[::-1])],
     "s16", blocks.xor_ss())
case("not_u8", "not", {"type": "u8", "vlen": 1}, [("u8", rand_bytes)], "u8", blocks.not_bb())
case("not_s16", "not", {"type": "s16", "vlen": 1}, [("s16", shorts)], "s16", blocks.not_ss())
case("byte_map", "byte_map", {"map": [3, 2, 1, 0]}, [("u8", small)], "u8", digital.map_bb([3, 2, 1, 0]))
qpsk = [(1 + 1j) / np.sqrt(2), (-1 + 1j) / np.sqrt(2), (-1 - 1j) / np.sqrt(2), (1 - 1j) / np.sqrt(2)]
case("chunks_to_symbols_bc", "chunks_to_symbols",
     {"type": "u8", "out_type": "cf32", "symbol_table": [[float(np.float32(c.real)), float(np.float32(c.imag))]
                                                         for c in qpsk], "dimension": 1},
     [("u8", [v % 4 for v in small])], "cf32", digital.chunks_to_symbols_bc(qpsk, 1))
case("chunks_to_symbols_sf_dim2", "chunks_to_symbols",
     {"type": "s16", "out_type": "f32", "symbol_table": [-3, -1, 1, 3, 0.5, -0.5], "dimension": 2},
     [("s16", [v % 3 for v in small])], "f32", digital.chunks_to_symbols_sf([-3, -1, 1, 3, 0.5, -0.5], 2))

with open(OUT, "w") as f:
    f.write('{"generator": "tools/reference/gen_gnuradio_bytes.py", "gnuradio": "%s", "cases": [\n' % gr.version())
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))  # one case per line
    f.write("\n]}\n")
print(len(cases), "cases written to", os.path.normpath(OUT))
