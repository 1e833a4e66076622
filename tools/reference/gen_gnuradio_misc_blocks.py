#!/usr/bin/python3
"""GNU Radio 3.10's output of the stream blocks added for GRC coverage on branch misc (peak_detector2_fb, agc2_cc,
agc2_ff,
blockinterleaver_xx, matrix_interleaver, complex_to_interleaved_char,
interleaved_char_to_complex, ival_decimator, vco_f, vco_c) and
the points, arity and bits per symbol of constellation objects, in the case format of gnuradio_bytes.json, recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_misc_blocks.py
Writes engine/src/test/resources/reference/gnuradio_misc_blocks.json ("cases" as GnuRadioByteBlocksTest reads them).
"""
import json
import os

import numpy as np
from gnuradio import blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_misc_blocks.json")
rng = np.random.default_rng(23)


def f32(values):
    return [float(np.float32(v)) for v in values]


def run(block, source, sinks):
    """source → block → one vector sink per entry of sinks (a sink factory); returns each sink's data."""
    tb = gr.top_block()
    tb.connect(source, block)
    outs = []
    for port, make in enumerate(sinks):
        s = make()
        tb.connect((block, port), s)
        outs.append(s)
    tb.run()
    return [list(s.data()) for s in outs]


cases = []

# peak_detector2_fb: low noise with pulses of a few samples; the stream ends inside a look-ahead window
pulses = np.abs(rng.normal(0, 0.1, 3000))
for at in (200, 650, 1400, 1410, 2200, 2990):
    pulses[at:at + 3] += [2.0, 5.0, 3.0]
pulses = f32(pulses)
flags, avg = run(blocks.peak_detector2_fb(7, 40, 0.01), blocks.vector_source_f(pulses),
                 [lambda: blocks.vector_sink_b(), lambda: blocks.vector_sink_f()])
cases.append({"name": "peak_detector2", "block": "peak_detector2",
              "params": {"threshold_factor_rise": 7, "look_ahead": 40, "alpha": 0.01}, "chunk": 53,
              "inputs": [{"dtype": "f32", "values": pulses}],
              "output": {"dtype": "u8", "values": [int(v) for v in flags]},
              "output2": {"dtype": "f32", "values": f32(avg)}})

# agc2: a signal whose level jumps (attack) and falls (decay); complex and float
from gnuradio import analog  # noqa: E402

level = np.concatenate([np.full(300, 0.1), np.full(300, 5.0), np.full(400, 0.3)])
cx = (rng.normal(0, 1, 1000) + 1j * rng.normal(0, 1, 1000)) * level
cx_in = [float(v) for p in zip(np.float32(cx.real), np.float32(cx.imag)) for v in p]
agc = analog.agc2_cc(0.1, 0.01, 1.0, 1.0)
agc.set_max_gain(65536)
(out_c,) = run(agc, blocks.vector_source_c(cx.astype(np.complex64).tolist()), [lambda: blocks.vector_sink_c()])
cases.append({"name": "agc2_cc", "block": "agc2", "tolerance": 1e-5,
              "params": {"type": "cf32", "attack_rate": 0.1, "decay_rate": 0.01, "reference": 1.0, "gain": 1.0,
                         "max_gain": 65536},
              "inputs": [{"dtype": "cf32", "values": cx_in}],
              "output": {"dtype": "cf32", "values": [float(v) for c in out_c for v in (c.real, c.imag)]}})
fx = f32(rng.normal(0, 1, 1000) * level)
agc = analog.agc2_ff(0.05, 0.005, 0.5, 2.0)
agc.set_max_gain(10)
(out_f,) = run(agc, blocks.vector_source_f(fx), [lambda: blocks.vector_sink_f()])
cases.append({"name": "agc2_ff", "block": "agc2", "tolerance": 1e-5,
              "params": {"type": "f32", "attack_rate": 0.05, "decay_rate": 0.005, "reference": 0.5, "gain": 2.0,
                         "max_gain": 10},
              "inputs": [{"dtype": "f32", "values": fx}],
              "output": {"dtype": "f32", "values": f32(out_f)}})

# blockinterleaver_xx: a random permutation of 12 (bytes, floats, complex; both directions) and a packed one of 16
perm = [int(v) for v in rng.permutation(12)]
perm16 = [int(v) for v in rng.permutation(16)]
byte_in = [int(v) for v in rng.integers(0, 256, 120)]
float_in = f32(rng.normal(0, 1, 120))
for mode in (True, False):
    name = "interleave" if mode else "deinterleave"
    (out_b,) = run(blocks.blockinterleaver_bb(perm, mode, False), blocks.vector_source_b(byte_in),
                   [lambda: blocks.vector_sink_b()])
    cases.append({"name": "block_interleaver_bb_" + name, "block": "block_interleaver", "chunk": 29,
                  "params": {"type": "u8", "indices": perm, "mode": name, "packed": False},
                  "inputs": [{"dtype": "u8", "values": byte_in}], "output": {"dtype": "u8", "values": list(out_b)}})
    (out_p,) = run(blocks.blockinterleaver_bb(perm16, mode, True), blocks.vector_source_b(byte_in),
                   [lambda: blocks.vector_sink_b()])
    cases.append({"name": "block_interleaver_packed_" + name, "block": "block_interleaver",
                  "params": {"type": "u8", "indices": perm16, "mode": name, "packed": True},
                  "inputs": [{"dtype": "u8", "values": byte_in}], "output": {"dtype": "u8", "values": list(out_p)}})
(out_f,) = run(blocks.blockinterleaver_ff(perm, True), blocks.vector_source_f(float_in),
               [lambda: blocks.vector_sink_f()])
cases.append({"name": "block_interleaver_ff", "block": "block_interleaver", "chunk": 29,
              "params": {"type": "f32", "indices": perm, "mode": "interleave", "packed": False},
              "inputs": [{"dtype": "f32", "values": float_in}], "output": {"dtype": "f32", "values": f32(out_f)}})
cx_short = np.array(cx_in[:240], dtype=np.float32).view(np.complex64)
(out_cc,) = run(blocks.blockinterleaver_cc(perm, False), blocks.vector_source_c(cx_short.tolist()),
                [lambda: blocks.vector_sink_c()])
cases.append({"name": "block_interleaver_cc_deinterleave", "block": "block_interleaver", "chunk": 29,
              "params": {"type": "cf32", "indices": perm, "mode": "deinterleave", "packed": False},
              "inputs": [{"dtype": "cf32", "values": cx_in[:240]}],
              "output": {"dtype": "cf32", "values": [float(v) for c in out_cc for v in (c.real, c.imag)]}})

# matrix_interleaver (a GNU Radio hier block): 3 x 5, both directions, float
for deint in (False, True):
    (out_m,) = run(blocks.matrix_interleaver(gr.sizeof_float, 3, 5, deint), blocks.vector_source_f(float_in),
                   [lambda: blocks.vector_sink_f()])
    cases.append({"name": "matrix_interleaver" + ("_deint" if deint else ""), "block": "matrix_interleaver",
                  "chunk": 29, "params": {"type": "f32", "vlen": 1, "rows": 3, "cols": 5, "deint": deint},
                  "inputs": [{"dtype": "f32", "values": float_in}], "output": {"dtype": "f32", "values": f32(out_m)}})

# complex_to_interleaved_char / interleaved_char_to_complex: scale 40 (clipping and halves), both groupings
ichar_in = [float(v) for v in np.float32(np.concatenate([rng.normal(0, 2, 200), [3.2125, -3.2125, 0.0125, 0.0375]]))]
ichar_c = np.array(ichar_in, dtype=np.float32).view(np.complex64)
(out_ic,) = run(blocks.complex_to_interleaved_char(False, 40.0), blocks.vector_source_c(ichar_c.tolist()),
                [lambda: blocks.vector_sink_b()])
cases.append({"name": "complex_to_interleaved_char", "block": "complex_to_interleaved_char",
              "params": {"scale_factor": 40.0, "vector": False}, "inputs": [{"dtype": "cf32", "values": ichar_in}],
              "output": {"dtype": "u8", "values": [int(np.int8(np.uint8(v))) for v in out_ic]}})
chars = [int(v) for v in rng.integers(-128, 128, 200)]
(out_ci,) = run(blocks.interleaved_char_to_complex(False, 40.0), blocks.vector_source_b([c & 0xFF for c in chars]),
                [lambda: blocks.vector_sink_c()])
cases.append({"name": "interleaved_char_to_complex", "block": "interleaved_char_to_complex",
              "params": {"scale_factor": 40.0, "vector": False}, "inputs": [{"dtype": "u8", "values": chars}],
              "output": {"dtype": "cf32", "values": [float(v) for c in out_ci for v in (c.real, c.imag)]}})

# ival_decimator (imports as keep_m_in_n: m 2 of n 2*decimation): bytes and shorts, decimation 3
from gnuradio import filter as grfilter  # noqa: E402

(out_iv,) = run(grfilter.ival_decimator(3, 1), blocks.vector_source_b([c & 0xFF for c in chars[:192]]),
                [lambda: blocks.vector_sink_b()])
cases.append({"name": "ival_decimator_byte", "block": "keep_m_in_n",
              "params": {"type": "u8", "m": 2, "n": 6, "offset": 0, "vlen": 1},
              "inputs": [{"dtype": "u8", "values": chars[:192]}],
              "output": {"dtype": "u8", "values": [int(np.int8(np.uint8(v))) for v in out_iv]}})
shorts = [int(v) for v in rng.integers(-32768, 32768, 192)]
(out_is,) = run(grfilter.ival_decimator(3, 2), blocks.vector_source_s(shorts), [lambda: blocks.vector_sink_s()])
cases.append({"name": "ival_decimator_short", "block": "keep_m_in_n",
              "params": {"type": "s16", "m": 2, "n": 6, "offset": 0, "vlen": 1},
              "inputs": [{"dtype": "s16", "values": shorts}], "output": {"dtype": "s16", "values": list(out_is)}})

# vco_f / vco_c: a control voltage sweeping -1 .. 1 (phase steps up to 3 rad, folded), sensitivity 2 pi 12 kHz
control = f32(np.concatenate([np.linspace(-1, 1, 300), rng.normal(0, 1, 200)]))
(out_vf,) = run(blocks.vco_f(32000, 2 * np.pi * 12000, 0.8), blocks.vector_source_f(control),
                [lambda: blocks.vector_sink_f()])
cases.append({"name": "vco_f", "block": "vco", "params": {"type": "f32", "samp_rate": 32000,
              "sensitivity": float(2 * np.pi * 12000), "amplitude": 0.8},
              "inputs": [{"dtype": "f32", "values": control}], "output": {"dtype": "f32", "values": f32(out_vf)}})
(out_vc,) = run(blocks.vco_c(32000, 2 * np.pi * 12000, 0.8), blocks.vector_source_f(control),
                [lambda: blocks.vector_sink_c()])
cases.append({"name": "vco_c", "block": "vco", "params": {"type": "cf32", "samp_rate": 32000,
              "sensitivity": float(2 * np.pi * 12000), "amplitude": 0.8},
              "inputs": [{"dtype": "f32", "values": control}],
              "output": {"dtype": "cf32", "values": [float(v) for c in out_vc for v in (c.real, c.imag)]}})

# constellation objects' points(), arity(), bits_per_symbol() as GRC values ask them (GrcConstellationMethodsTest)
from gnuradio import digital  # noqa: E402


def facts(c):
    return {"points": [[float(p.real), float(p.imag)] for p in c.points()], "arity": c.arity(),
            "bits_per_symbol": c.bits_per_symbol()}


constellations = {
    "qpsk": facts(digital.constellation_qpsk()),
    "8psk": facts(digital.constellation_8psk()),
    "calcdist_qam16_amplitude": facts(digital.constellation_calcdist(digital.qam_16()[0], digital.qam_16()[1], 4, 1,
                                                                     digital.constellation.AMPLITUDE_NORMALIZATION)),
    "calcdist_power": facts(digital.constellation_calcdist([1 + 1j, 3 - 1j, -2, 0.5j], [0, 1, 2, 3], 4, 1,
                                                           digital.constellation.POWER_NORMALIZATION)),
}

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    json.dump({"cases": cases, "constellations": constellations}, f)
print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}")
