#!/usr/bin/python3
"""GNU Radio 3.10's wide-band FM hier blocks (analog.wfm_tx, analog.wfm_rcv) on a test tone mix, recorded so that CI
does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_wfm.py
Writes engine/src/test/resources/reference/gnuradio_wfm.json: "cases", each with its block, params, input and output
(complex values interleaved re, im).
"""
import json
import os

import numpy as np
from gnuradio import analog, blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_wfm.json")
rng = np.random.default_rng(29)


def run(block, values, complex_in, complex_out):
    tb = gr.top_block()
    src = blocks.vector_source_c(values) if complex_in else blocks.vector_source_f(values)
    snk = blocks.vector_sink_c() if complex_out else blocks.vector_sink_f()
    tb.connect(src, block, snk)
    tb.run()
    d = np.array(snk.data())
    return [f32(v) for v in (np.column_stack([d.real, d.imag]).ravel() if complex_out else d)]


def run_stereo(block, values):
    """Left and right outputs of a complex-in, two-float-out block."""
    tb = gr.top_block()
    left, right = blocks.vector_sink_f(), blocks.vector_sink_f()
    tb.connect(blocks.vector_source_c(values), block)
    tb.connect((block, 0), left)
    tb.connect((block, 1), right)
    tb.run()
    return [f32(v) for v in left.data()], [f32(v) for v in right.data()]


def interleave(c):
    return [f32(v) for v in np.column_stack([c.real, c.imag]).ravel()]


def f32(v):
    """A float32 value in the 9 significant digits that give it back exactly."""
    return float("%.9g" % np.float32(v))


t = np.arange(600) / 48000.0
audio = (0.5 * np.sin(2 * np.pi * 1000 * t) + 0.3 * np.sin(2 * np.pi * 7300 * t)
         + 0.1 * rng.standard_normal(t.size)).astype(np.float32)
audio_l = [f32(v) for v in audio]
# a received signal: the same audio FM-modulated (75 kHz deviation at 480 kHz) plus a little noise
phase = np.cumsum(2 * np.pi * 75e3 / 480e3 * np.repeat(audio, 10))
rx = (np.exp(1j * phase) + 0.05 * (rng.standard_normal(phase.size) + 1j * rng.standard_normal(phase.size)))
rx = rx.astype(np.complex64)

# a stereo multiplex at 480 kHz: L+R, a 19 kHz pilot and L-R on 38 kHz, FM-modulated with 75 kHz deviation
ts = np.arange(24000) / 480e3
lt, rt = 0.4 * np.sin(2 * np.pi * 1000 * ts), 0.4 * np.sin(2 * np.pi * 2500 * ts)
mpx = 0.45 * (lt + rt) + 0.1 * np.sin(2 * np.pi * 19e3 * ts) + 0.45 * (lt - rt) * np.sin(2 * np.pi * 38e3 * ts)
stereo_rx = np.exp(1j * np.cumsum(2 * np.pi * 75e3 / 480e3 * mpx)).astype(np.complex64)
stereo_left, stereo_right = run_stereo(analog.wfm_rcv_pll(480e3, 10, 75e-6), stereo_rx.tolist())
assert len(stereo_left) > 1000, "the FFT filters' blocks need a longer input"

cases = [
    {"name": "wfm_tx 48k to 480k", "block": "wfm_tx", "tolerance": 2e-4,
     "params": {"audio_rate": 48000, "quad_rate": 480000, "tau": 75e-6, "max_dev": 75e3, "fh": -1.0},
     "input": {"dtype": "f32", "values": audio_l},
     "output": {"dtype": "cf32", "values": run(analog.wfm_tx(48000, 480000, 75e-6, 75e3, -1.0), audio_l, False, True)}},
    {"name": "wfm_tx 50 us, fh 100k, no interpolation", "block": "wfm_tx", "tolerance": 2e-4,
     "params": {"audio_rate": 48000, "quad_rate": 48000, "tau": 50e-6, "max_dev": 5e3, "fh": 20e3},
     "input": {"dtype": "f32", "values": audio_l},
     "output": {"dtype": "cf32", "values": run(analog.wfm_tx(48000, 48000, 50e-6, 5e3, 20e3), audio_l, False, True)}},
    {"name": "wfm_rcv 480k / 10", "block": "wfm_rcv", "tolerance": 1e-5,
     "params": {"quad_rate": 480e3, "audio_decimation": 10},
     "input": {"dtype": "cf32", "values": interleave(rx)},
     "output": {"dtype": "f32", "values": run(analog.wfm_rcv(480e3, 10), rx.tolist(), True, False)}},
    # GNU Radio's PLL takes fast_atan2f (SigFlow: exact atan2): the loop's phase differs slightly. Its FFT filters
    # drop the last partial FFT block at the end of the stream: SigFlow's output starts with GNU Radio's ("prefix").
    {"name": "wfm_rcv_pll 480k / 10 stereo", "block": "wfm_rcv_pll", "tolerance": 5e-4, "prefix": True,
     "params": {"quad_rate": 480e3, "audio_decimation": 10, "deemph_tau": 75e-6},
     "input": {"dtype": "cf32", "values": interleave(stereo_rx)},
     "output": {"dtype": "f32", "values": stereo_left}, "output2": {"dtype": "f32", "values": stereo_right}},
]

with open(OUT, "w") as f:
    json.dump({"cases": cases}, f)
    f.write("\n")
print("wrote", OUT)
