#!/usr/bin/python3
"""GNU Radio 3.10's output of the stream blocks added for GRC coverage (abs, rms, delay, repeat, complex_to_float,
threshold, binary_slicer, pll_freqdet, selector, multiply_matrix), in the case format of gnuradio_bytes.json, recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_coverage.py
Writes engine/src/test/resources/reference/gnuradio_coverage.json ("cases" as GnuRadioByteBlocksTest reads them;
complex values interleaved re, im; a case with "output2" also checks a second output), and "tags_strobe": the tags
GNU Radio's tags_strobe puts on its first items: [offset, key, value].
"""
import json
import os

import numpy as np
import pmt
from gnuradio import analog, blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_coverage.json")
rng = np.random.default_rng(29)

SRC = {"f32": blocks.vector_source_f, "cf32": blocks.vector_source_c, "s16": blocks.vector_source_s,
       "u8": blocks.vector_source_b}
SNK = {"f32": blocks.vector_sink_f, "cf32": blocks.vector_sink_c, "s16": blocks.vector_sink_s,
       "u8": blocks.vector_sink_b}


def run(block, dtype, values, out_dtypes, vlen=1):
    tb = gr.top_block()
    src = SRC[dtype](values, False, vlen)
    tb.connect(src, block)
    sinks = []
    for i, d in enumerate(out_dtypes):
        s = SNK[d](vlen)
        tb.connect((block, i), s)
        sinks.append(s)
    tb.run()
    return [flat(s.data(), d) for s, d in zip(sinks, out_dtypes)]


def flat(data, dtype):
    if dtype == "cf32":
        return [float(v) for c in data for v in (c.real, c.imag)]
    if dtype == "f32":
        return [float(v) for v in data]
    return [int(v) for v in data]


def f32(a):
    return [float(np.float32(v)) for v in a]


def c32(n, scale=1.0):
    z = (rng.normal(0, scale, n) + 1j * rng.normal(0, scale, n)).astype(np.complex64)
    return [complex(v) for v in z]


def case(name, block, params, dtype, values, out_dtype, outs, tolerance=None):
    c = {"name": name, "block": block, "params": params,
         "inputs": [{"dtype": dtype, "values": flat(values, dtype)}],
         "output": {"dtype": out_dtype, "values": outs[0]}}
    if len(outs) > 1:
        c["output2"] = {"dtype": out_dtype, "values": outs[1]}
    if tolerance is not None:
        c["tolerance"] = tolerance
    return c


floats = f32(rng.normal(0, 3, 300))
shorts = [int(v) for v in rng.integers(-32768, 32768, 300)] + [-32768, 32767, 0, -1]
cplx = c32(300, 2.0)
slow = f32(np.concatenate([np.sin(np.arange(300) / 9.0) * 3, [0.5, -0.5, 2.5, -2.5]]))
cases = [
    case("abs_f32", "abs", {"type": "f32", "vlen": 2}, "f32", floats, "f32",
         run(blocks.abs_ff(2), "f32", floats, ["f32"], 2)),
    case("abs_s16", "abs", {"type": "s16", "vlen": 1}, "s16", shorts, "s16",
         run(blocks.abs_ss(1), "s16", shorts, ["s16"])),
    # rms: GNU Radio averages in double and takes sqrt in double; SigFlow likewise: within float32 rounding
    case("rms_cf32", "rms", {"type": "cf32", "alpha": 0.01}, "cf32", cplx, "f32",
         run(blocks.rms_cf(0.01), "cf32", cplx, ["f32"]), 1e-6),
    case("rms_f32", "rms", {"type": "f32", "alpha": 0.2}, "f32", floats, "f32",
         run(blocks.rms_ff(0.2), "f32", floats, ["f32"]), 1e-6),
    case("delay_cf32", "delay", {"type": "cf32", "delay": 17, "vlen": 1}, "cf32", cplx, "cf32",
         run(blocks.delay(gr.sizeof_gr_complex, 17), "cf32", cplx, ["cf32"])),
    case("delay_u8_vec", "delay", {"type": "u8", "delay": 5, "vlen": 3}, "u8", list(range(90)), "u8",
         run(blocks.delay(3, 5), "u8", list(range(90)), ["u8"], 3)),
    case("repeat_f32", "repeat", {"type": "f32", "interp": 3, "vlen": 1}, "f32", floats, "f32",
         run(blocks.repeat(gr.sizeof_float, 3), "f32", floats, ["f32"])),
    case("repeat_s16_vec", "repeat", {"type": "s16", "interp": 2, "vlen": 2}, "s16", shorts, "s16",
         run(blocks.repeat(2 * gr.sizeof_short, 2), "s16", shorts, ["s16"], 2)),
    case("complex_to_float", "complex_to_float", {"vlen": 1}, "cf32", cplx, "f32",
         run(blocks.complex_to_float(1), "cf32", cplx, ["f32", "f32"])),
    case("threshold", "threshold", {"lo": -1.0, "hi": 1.5, "init": 0.0}, "f32", slow, "f32",
         run(blocks.threshold_ff(-1.0, 1.5, 0.0), "f32", slow, ["f32"])),
    case("threshold_init1", "threshold", {"lo": -2.0, "hi": 2.0, "init": 1.0}, "f32", slow, "f32",
         run(blocks.threshold_ff(-2.0, 2.0, 1.0), "f32", slow, ["f32"])),
    case("binary_slicer", "binary_slicer", {}, "f32", floats + [0.0, -0.0], "u8",
         run(digital.binary_slicer_fb(), "f32", floats + [0.0, -0.0], ["u8"])),
]

# pll_freqdet: a tone at 0.05 rad/sample with phase noise; GNU Radio's fast_atan2f against SigFlow's exact atan2
# moves the loop's estimate by 1.3e-7 rad/sample here (the exact loop in float64 against this output); tolerance 2e-6
n = np.arange(2000)
tone = np.exp(1j * (0.05 * n + 0.3 + np.cumsum(rng.normal(0, 0.01, n.size)))).astype(np.complex64)
tone = [complex(v) for v in tone]
cases.append(case("pll_freqdet", "pll_freqdet", {"loop_bw": 0.05, "max_freq": 0.3, "min_freq": -0.3}, "cf32", tone,
                  "f32", run(analog.pll_freqdet_cf(0.05, 0.3, -0.3), "cf32", tone, ["f32"]), 2e-6))


def selector_case():
    """Input 1 of 2 to output 0 of 2: GNU Radio reads both inputs, output 1 stays empty."""
    a, b = floats[:200], f32(rng.normal(0, 1, 200))
    tb = gr.top_block()
    sel = blocks.selector(gr.sizeof_float, 1, 0)
    tb.connect(blocks.vector_source_f(a), (sel, 0))
    tb.connect(blocks.vector_source_f(b), (sel, 1))
    s0, s1 = blocks.vector_sink_f(), blocks.vector_sink_f()
    tb.connect((sel, 0), s0)
    tb.connect((sel, 1), s1)
    tb.run()
    return {"name": "selector", "block": "selector",
            "params": {"type": "f32", "num_inputs": 2, "num_outputs": 2, "input_index": 1, "output_index": 0,
                       "enabled": True, "vlen": 1},
            "inputs": [{"dtype": "f32", "values": a}, {"dtype": "f32", "values": b}],
            "output": {"dtype": "f32", "values": flat(s0.data(), "f32")},
            "output2": {"dtype": "f32", "values": flat(s1.data(), "f32")}}


cases.append(selector_case())


def matrix_case(name, typ, a, n_in):
    """multiply_matrix: n_in inputs, len(a) outputs (GNU Radio's multiply_matrix_ff / _cc)."""
    ins = [f32(rng.normal(0, 1, 150)) if typ == "f32" else c32(150) for _ in range(n_in)]
    tb = gr.top_block()
    blk = blocks.multiply_matrix_ff(a) if typ == "f32" else blocks.multiply_matrix_cc(a)
    for i, x in enumerate(ins):
        tb.connect(SRC[typ](x), (blk, i))
    sinks = [SNK[typ]() for _ in a]
    for j, s in enumerate(sinks):
        tb.connect((blk, j), s)
    tb.run()
    c = {"name": name, "block": "multiply_matrix",
         "params": {"type": typ, "matrix": [[[v.real, v.imag] for v in row] for row in a]},
         "inputs": [{"dtype": typ, "values": flat(x, typ)} for x in ins],
         "output": {"dtype": typ, "values": flat(sinks[0].data(), typ)}}
    if len(sinks) > 1:
        c["output2"] = {"dtype": typ, "values": flat(sinks[1].data(), typ)}
    return c


cases.append(matrix_case("multiply_matrix_f32", "f32", [[0.5, -2.0, 1.0], [0.0, 1.5, 0.25]], 3))
cases.append(matrix_case("multiply_matrix_cf32", "cf32", [[0.5 + 1j, -1.0], [2.0, 0.25 - 0.5j]], 2))


def tags_strobe(nsamps, items):
    tb = gr.top_block()
    src = blocks.tags_strobe(gr.sizeof_float, pmt.from_long(7), nsamps, pmt.intern("strobe"))
    snk = blocks.vector_sink_f()
    tb.connect(src, blocks.head(gr.sizeof_float, items), snk)
    tb.run()
    return {"nsamps": nsamps, "items": items, "key": 'pmt.intern("strobe")', "value": "pmt.from_long(7)",
            "tags": [[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()]}


with open(OUT, "w") as f:
    json.dump({"cases": cases, "tags_strobe": tags_strobe(700, 2500)}, f, indent=1)
    f.write("\n")
print("wrote", OUT, len(cases), "cases")
