#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10 for SigFlow's digital-communication blocks (correlate_access_code_tag, ber,
the OFDM cyclic prefixer / serializer / carrier allocator, linear_equalizer), recorded so that CI does not need GNU
Radio.

Regenerate with the system Python that has GNU Radio (deterministic inputs, fixed seed):
    /usr/bin/python3 tools/reference/gen_gnuradio_digital.py
It writes engine/src/test/resources/reference/gnuradio_digital.json: for each case the SigFlow block id and params,
the input streams (dtype, vlen, values, tags) and GNU Radio's output (values and tags). Complex values are written
interleaved (re, im) as float32, complex params as {re, im}; tags as [offset, key, value].
"""
import json
import os

import numpy as np
import pmt
from gr_values import plain, tag_value
from gnuradio import blocks, digital, fec, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_digital.json")
rng = np.random.default_rng(23)

SRC = {"u8": blocks.vector_source_b, "f32": blocks.vector_source_f, "cf32": blocks.vector_source_c}
SNK = {"u8": blocks.vector_sink_b, "f32": blocks.vector_sink_f, "cf32": blocks.vector_sink_c}


def gr_tags(tags):
    made = []
    for offset, key, value in tags:
        made.append(gr.tag_utils.python_to_tag((offset, pmt.intern(key), pmt.from_long(value), pmt.intern("src"))))
    return made


cases = []


def case(name, block_id, params, inputs, out, gr_block, out_vlen=1, compare="all", chunk=11, tolerance=None):
    """inputs: [(dtype, vlen, values, tags)] with tags [(offset, key, long)]; out: the output dtype. compare "last":
    only the last output value is GNU Radio's for any work-call sizes (ber's streaming mode), "whole": the test feeds
    the input in one work call, as GNU Radio's vector source did. chunk: items per feed and output space per call
    in the test (packet blocks need a whole packet's output space)."""
    tb = gr.top_block()
    for i, (dtype, vlen, values, tags) in enumerate(inputs):
        tb.connect(SRC[dtype](list(values), False, vlen, gr_tags(tags)), (gr_block, i))
    snk = SNK[out](out_vlen)
    tb.connect(gr_block, snk)
    tb.run()
    tags = sorted([[t.offset, pmt.symbol_to_string(t.key), tag_value(t.value)] for t in snk.tags()
                   if pmt.symbol_to_string(t.key) != "src"], key=lambda t: (t[0], t[1]))
    cases.append({"name": name, "block": block_id, "params": params, "compare": compare, "chunk": chunk, **({"tolerance": tolerance} if tolerance else {}),
                  "inputs": [{"dtype": d, "vlen": v, "values": plain(d, x), "tags": [list(t) for t in tg]}
                             for d, v, x, tg in inputs],
                  "output": {"dtype": out, "vlen": out_vlen, "values": plain(out, snk.data()), "tags": tags}})


# correlate_access_code_tag: a 32-bit code planted three times, once exact, once with 2 and once with 3 errors
code = "11100001010110101110100010010011"
bits = [int(b) for b in rng.integers(0, 2, 400)]
for at, flips in ((50, []), (170, [3, 20]), (300, [0, 9, 31])):
    word = [int(c) for c in code]
    for f in flips:
        word[f] ^= 1
    bits[at:at + 32] = word
case("correlate_access_code_tag_bb", "correlate_access_code_tag",
     {"type": "u8", "access_code": code, "threshold": 2, "tag_name": "sync"},
     [("u8", 1, [b | (int(rng.integers(0, 2)) << 3) for b in bits], [])], "u8",
     digital.correlate_access_code_tag_bb(code, 2, "sync"))
soft = [float(np.float32((2 * b - 1) * (0.2 + v))) for b, v in zip(bits, rng.random(len(bits)))]
soft[10] = 0.0
case("correlate_access_code_tag_ff", "correlate_access_code_tag",
     {"type": "f32", "access_code": code, "threshold": 3, "tag_name": "sync"},
     [("f32", 1, soft, [])], "f32", digital.correlate_access_code_tag_ff(code, 3, "sync"))

# ber: streaming (the last value covers all input) and test mode (one value)
sent = [int(v) for v in rng.integers(0, 256, 500)]
got = [(s ^ (1 << int(rng.integers(0, 8)))) if rng.random() < 0.05 else s for s in sent]
case("ber_streaming", "ber", {"test_mode": False, "berminerrors": 100, "berlimit": -7.0},
     [("u8", 1, sent, []), ("u8", 1, got, [])], "f32", fec.ber_bf(False, 100, -7.0),
     compare="last")
case("ber_test_mode", "ber", {"test_mode": True, "berminerrors": 10, "berlimit": -7.0},
     [("u8", 1, sent, []), ("u8", 1, got, [])], "f32", fec.ber_bf(True, 10, -7.0),
     compare="whole")

# OFDM: GNU Radio's ofdm_txrx carrier plan (64 carriers, 48 data, 4 pilots), two packets per stream
def cpx(n):
    return [complex(np.float32(a), np.float32(b)) for a, b in rng.normal(0, 1, (n, 2))]


def c_list(values):
    return [{"re": float(np.float32(v.real)), "im": float(np.float32(v.imag))} for v in values]


fft = 64
occupied = (list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + list(range(1, 7))
            + list(range(8, 21)) + list(range(22, 27)),)
pilots = ((-21, -7, 7, 21),)
pilot_symbols = ((1, 1, 1, -1),)
sync = (cpx(fft), cpx(fft))
data = cpx(137)
case("ofdm_carrier_allocator", "ofdm_carrier_allocator",
     {"fft_len": fft, "occupied_carriers": [list(occupied[0])], "pilot_carriers": [list(pilots[0])],
      "pilot_symbols": [[1, 1, 1, -1]], "sync_words": [c_list(w) for w in sync], "len_tag_key": "packet_len",
      "output_is_shifted": True},
     [("cf32", 1, data, [(0, "packet_len", 100), (50, "extra", 7), (100, "packet_len", 37), (100, "first", 1)])],
     "cf32", digital.ofdm_carrier_allocator_cvc(fft, occupied, pilots, pilot_symbols, sync, "packet_len", True),
     out_vlen=fft, chunk=40)
two_sets = ((-3, -1, 2), (-2, 1, 3, 4))
case("ofdm_carrier_allocator_sets_unshifted", "ofdm_carrier_allocator",
     {"fft_len": 8, "occupied_carriers": [list(c) for c in two_sets], "pilot_carriers": [[0], [-4]],
      "pilot_symbols": [c_list([1j]), c_list([2]), c_list([-1])], "sync_words": [], "len_tag_key": "len",
      "output_is_shifted": False},
     [("cf32", 1, data[:23], [(0, "len", 12), (12, "len", 11)])],
     "cf32", digital.ofdm_carrier_allocator_cvc(8, two_sets, ((0,), (-4,)), ((1j,), (2,), (-1,)), (), "len", False),
     out_vlen=8)
symbols = cpx(7 * fft)
case("ofdm_serializer", "ofdm_serializer",
     {"fft_len": fft, "occupied_carriers": [list(occupied[0])], "len_tag_key": "frame_len",
      "packet_len_tag_key": "packet_len", "symbols_skipped": 0, "carr_offset_key": "", "input_is_shifted": True},
     [("cf32", fft, symbols, [(0, "frame_len", 4), (0, "packet_len", 150), (2, "extra", 5), (4, "frame_len", 3)])],
     "cf32", digital.ofdm_serializer_vcc(fft, occupied, "frame_len", "packet_len", 0, "", True), chunk=200)
case("ofdm_serializer_sets_offset", "ofdm_serializer",
     {"fft_len": 8, "occupied_carriers": [list(c) for c in two_sets], "len_tag_key": "len",
      "packet_len_tag_key": "", "symbols_skipped": 1, "carr_offset_key": "offset", "input_is_shifted": False},
     [("cf32", 8, symbols[:5 * 8], [(0, "len", 3), (0, "offset", -1), (3, "len", 2)])],
     "cf32", digital.ofdm_serializer_vcc(8, two_sets, "len", "", 1, "offset", False))
case("ofdm_cyclic_prefixer_tagged_rolloff", "ofdm_cyclic_prefixer",
     {"fft_len": 16, "cp_lengths": [4], "rolloff": 3, "len_tag_key": "frame_len"},
     [("cf32", 16, symbols[:6 * 16], [(0, "frame_len", 4), (1, "extra", 2), (4, "frame_len", 2)])],
     "cf32", digital.ofdm_cyclic_prefixer(16, 20, 3, "frame_len"), chunk=90)
case("ofdm_cyclic_prefixer_free_cp_list", "ofdm_cyclic_prefixer",
     {"fft_len": 16, "cp_lengths": [5, 3, 3], "rolloff": 0, "len_tag_key": ""},
     [("cf32", 16, symbols[:7 * 16], [])],
     "cf32", digital.ofdm_cyclic_prefixer(16, [5, 3, 3], 0, ""), chunk=25)

# linear_equalizer: QPSK through a 3-tap channel, 2 samples per symbol; LMS trained from a tag, and CMA
qpsk = [(1 + 1j) / np.sqrt(2), (-1 + 1j) / np.sqrt(2), (-1 - 1j) / np.sqrt(2), (1 - 1j) / np.sqrt(2)]
sym = [qpsk[int(v)] for v in rng.integers(0, 4, 400)]
up = np.repeat(np.array(sym, dtype=np.complex64), 2)
rx = np.convolve(up, [1.0, 0.35 + 0.2j, -0.12j])[:len(up)].astype(np.complex64)
rx = [complex(np.float32(v.real), np.float32(v.imag)) for v in rx + 0.01 * (rng.normal(0, 1, len(rx))
                                                                             + 1j * rng.normal(0, 1, len(rx)))]
cons = digital.constellation_calcdist(qpsk, [0, 1, 2, 3], 4, 1).base()
training = sym[10:70]
case("linear_equalizer_lms_training", "linear_equalizer",
     {"num_taps": 7, "sps": 2, "algorithm": "lms", "step_size": 0.02, "modulus": 1,
      "constellation": c_list(qpsk), "adapt_after_training": True, "training_sequence": c_list(training),
      "training_start_tag": "corr_est"},
     [("cf32", 1, rx, [(21, "corr_est", 0)])], "cf32",
     digital.linear_equalizer(7, 2, digital.adaptive_algorithm_lms(cons, 0.02).base(), True, training, "corr_est"),
     tolerance=1e-4)
case("linear_equalizer_cma", "linear_equalizer",
     {"num_taps": 5, "sps": 2, "algorithm": "cma", "step_size": 0.005, "modulus": 1, "constellation": [],
      "adapt_after_training": True, "training_sequence": [], "training_start_tag": ""},
     [("cf32", 1, rx, [])], "cf32",
     digital.linear_equalizer(5, 2, digital.adaptive_algorithm_cma(cons, 0.005, 1).base(), True, [], ""),
     tolerance=1e-4)

with open(OUT, "w") as f:
    f.write('{"generator": "tools/reference/gen_gnuradio_digital.py", "gnuradio": "%s", "cases": [\n' % gr.version())
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))  # one case per line
    f.write("\n]}\n")
print(len(cases), "cases written to", os.path.normpath(OUT))
