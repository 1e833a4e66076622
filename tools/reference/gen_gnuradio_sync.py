#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10 for SigFlow's sources, modulators and synchronisers (glfsr_source,
constellation_modulator / constellation_decoder, symbol_sync, fll_band_edge, header_payload_demux), recorded so that
CI does not need GNU Radio. Same case format as gen_gnuradio_digital.py (read by GnuRadioSyncBlocksTest).

Regenerate with the system Python that has GNU Radio (deterministic inputs, fixed seed):
    /usr/bin/python3 tools/reference/gen_gnuradio_sync.py
It writes engine/src/test/resources/reference/gnuradio_sync.json. "compare": "all" (same length, every value),
"prefix" (an endless source: GNU Radio's first items, through a head block).
"""
import json
import os
import time

import numpy as np
import pmt
from gr_cases import SRC, c_list, gr_tags, record
from gr_values import plain, tag_value
from gnuradio import blocks, digital, gr
from gnuradio import filter as grfilter

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_sync.json")
rng = np.random.default_rng(29)

cases = []


def case(*args, **kwargs):
    record(cases, *args, **kwargs)



# glfsr_source: GNU Radio's polynomial (once through), a given mask and seed (floats), an endless repeat
case("glfsr_source_b_degree7_once", "glfsr_source", {"type": "u8", "degree": 7, "repeat": False, "mask": 0, "seed": 1},
     [], "u8", digital.glfsr_source_b(7, False, 0, 1))
case("glfsr_source_f_mask_seed_once", "glfsr_source",
     {"type": "f32", "degree": 9, "repeat": False, "mask": 0x110, "seed": 0x1a5},
     [], "f32", digital.glfsr_source_f(9, False, 0x110, 0x1a5))
case("glfsr_source_b_degree32_repeat", "glfsr_source",
     {"type": "u8", "degree": 32, "repeat": True, "mask": 0, "seed": 0xdeadbeef},
     [], "u8", digital.glfsr_source_b(32, True, 0, 0xdeadbeef), compare="prefix", head=5000, chunk=300)
case("glfsr_source_b_degree3_repeat", "glfsr_source", {"type": "u8", "degree": 3, "repeat": True, "mask": 0, "seed": 5},
     [], "u8", digital.glfsr_source_b(3, True, 0, 5), compare="prefix", head=50, chunk=7)

# constellation_modulator (generic_mod) and constellation_decoder_cb with GNU Radio's constellation objects
CONS = {"bpsk": digital.constellation_bpsk, "qpsk": digital.constellation_qpsk, "dqpsk": digital.constellation_dqpsk,
        "8psk": digital.constellation_8psk, "16qam": digital.constellation_16qam}
NORM = {"amplitude": digital.constellation.AMPLITUDE_NORMALIZATION, "power": digital.constellation.POWER_NORMALIZATION,
        "none": digital.constellation.NO_NORMALIZATION}


def cons_params(kind, points=(), sym_map=(), dims=1, norm="amplitude"):
    params = {"constellation": kind, "points": c_list(points), "symbol_map": list(sym_map), "dimensionality": dims,
              "normalization": norm}
    obj = (digital.constellation_calcdist(list(points), list(sym_map), 4, dims, NORM[norm]) if kind == "calcdist"
           else CONS[kind]())
    return params, obj


data = [int(v) for v in rng.integers(0, 256, 96)]
for kind, diff, sps, ebw, trunc, n in (("bpsk", False, 4, 0.35, False, 64), ("qpsk", True, 2, 0.35, False, 64),
                                        ("dqpsk", True, 4, 0.25, False, 64), ("8psk", False, 4, 0.35, True, 96),
                                        ("16qam", False, 4, 0.5, False, 64), ("qpsk", False, 3, 0.35, False, 64)):
    params, obj = cons_params(kind)
    params.update({"differential": diff, "samples_per_symbol": sps, "excess_bw": ebw, "truncate": trunc})
    case("constellation_modulator_%s_sps%d%s%s" % (kind, sps, "_diff" if diff else "", "_truncate" if trunc else ""),
         "constellation_modulator", params, [("u8", data[:n])], "cf32",
         digital.generic_mod(obj, diff, sps, True, ebw, False, False, trunc),
         compare="prefix" if sps == 3 else "all", chunk=5, tolerance=2e-5)
params, obj = cons_params("calcdist", digital.psk_4()[0], [0, 2, 3, 1], norm="amplitude")
params.update({"differential": True, "samples_per_symbol": 4, "excess_bw": 0.35, "truncate": False})
case("constellation_modulator_calcdist_map_diff", "constellation_modulator", params, [("u8", data[:64])], "cf32",
     digital.generic_mod(obj, True, 4, True, 0.35, False, False, False), chunk=5, tolerance=2e-5)

noisy = [complex(a, b) for a, b in rng.normal(0, 0.8, (600, 2))]
for kind in ("bpsk", "qpsk", "dqpsk", "8psk", "16qam"):
    params, obj = cons_params(kind)
    case("constellation_decoder_" + kind, "constellation_decoder", params, [("cf32", noisy)], "u8",
         digital.constellation_decoder_cb(obj))
params, obj = cons_params("calcdist", digital.qam_16()[0], digital.qam_16()[1], norm="power")
case("constellation_decoder_calcdist_qam16_power", "constellation_decoder", params, [("cf32", noisy)], "u8",
     digital.constellation_decoder_cb(obj))
params, obj = cons_params("calcdist", [1, 1j, -1, -1j, 1, -1, 1j, -1j], [], dims=2, norm="none")
case("constellation_decoder_calcdist_2d", "constellation_decoder", params, [("cf32", noisy)], "u8",
     digital.constellation_decoder_cb(obj))

# fll_band_edge: RRC-shaped QPSK at 4 samples per symbol, turned by 0.04 rad/sample, a little noise
qpsk_syms = np.exp(1j * (np.pi / 4 + np.pi / 2 * rng.integers(0, 4, 700)))
shaped = np.convolve(np.kron(qpsk_syms, [1, 0, 0, 0]), grfilter.firdes.root_raised_cosine(4, 4, 1, 0.35, 45))
n = np.arange(len(shaped))
turned = shaped * np.exp(1j * 0.04 * n) + 0.02 * (rng.normal(0, 1, len(n)) + 1j * rng.normal(0, 1, len(n)))
turned = [complex(np.float32(v.real), np.float32(v.imag)) for v in turned]
for sps, roll, size, bw in ((4, 0.35, 44, 2 * np.pi / 100), (4, 0.5, 33, 0.02)):
    case("fll_band_edge_size%d" % size, "fll_band_edge",
         {"samps_per_sym": sps, "rolloff": roll, "filter_size": size, "loop_bw": float(bw)},
         [("cf32", turned)], "cf32", digital.fll_band_edge_cc(sps, roll, size, float(bw)), chunk=13, tolerance=1e-4)

# symbol_sync: raised-cosine shaped symbols (RRC twice) at 4 samples per symbol, played 0.2 % fast and started
# 1.3 samples late (linear interpolation), a little noise
rrc = np.array(grfilter.firdes.root_raised_cosine(1, 4, 1, 0.35, 45))
rc = np.convolve(rrc, rrc)


def timed(symbols):
    shaped = np.convolve(np.kron(symbols, [1, 0, 0, 0]), rc)
    t = 1.3 + np.arange(int((len(shaped) - 3) / 1.002)) * 1.002
    x = np.interp(t, np.arange(len(shaped)), shaped.real) + 1j * np.interp(t, np.arange(len(shaped)), shaped.imag)
    x = x + 0.01 * (rng.normal(0, 1, len(x)) + 1j * rng.normal(0, 1, len(x)))
    return [complex(np.float32(v.real), np.float32(v.imag)) for v in x]


bpsk_rx = timed(2.0 * rng.integers(0, 2, 600) - 1)
qpsk_rx = timed(np.exp(1j * (np.pi / 4 + np.pi / 2 * rng.integers(0, 4, 600))))
TED = {"mueller_and_muller": digital.TED_MUELLER_AND_MULLER, "mod_mueller_and_muller":
       digital.TED_MOD_MUELLER_AND_MULLER, "zero_crossing": digital.TED_ZERO_CROSSING,
       "gardner": digital.TED_GARDNER, "early_late": digital.TED_EARLY_LATE}
IR = {"mmse_8tap": digital.IR_MMSE_8TAP, "pfb_no_mf": digital.IR_PFB_NO_MF}
for ted, kind, rx, real, bw, damping, gain, osps, ir, nf in (
        ("mueller_and_muller", "bpsk", bpsk_rx, False, 0.045, 1.0, 1.0, 1, "mmse_8tap", 128),
        ("mueller_and_muller", "bpsk", bpsk_rx, True, 0.045, 1.0, 1.0, 1, "mmse_8tap", 128),
        ("gardner", "qpsk", qpsk_rx, False, 0.06, 0.707, 0.5, 2, "pfb_no_mf", 32),
        ("zero_crossing", "qpsk", qpsk_rx, False, 0.045, 1.0, 1.0, 1, "mmse_8tap", 128),
        ("mod_mueller_and_muller", "qpsk", qpsk_rx, False, 0.03, 1.2, 2.0, 1, "mmse_8tap", 128),
        ("early_late", "bpsk", bpsk_rx, False, 0.045, 1.0, 1.0, 1, "pfb_no_mf", 64),
        ("gardner", "bpsk", bpsk_rx, True, 0.045, 0.8, 1.0, 2, "mmse_8tap", 128)):
    params, obj = cons_params(kind)
    params.update({"type": "f32" if real else "cf32", "ted_type": ted, "sps": 4, "ted_gain": gain, "loop_bw": bw,
                   "damping": damping, "max_dev": 1.5, "osps": osps, "resamp_type": ir, "nfilters": nf})
    maker = digital.symbol_sync_ff if real else digital.symbol_sync_cc
    values = [v.real for v in rx] if real else rx
    case("symbol_sync_%s_%s%s_osps%d_%s" % (ted, kind, "_ff" if real else "", osps, ir), "symbol_sync", params,
         [("f32" if real else "cf32", values)], "f32" if real else "cf32",
         maker(TED[ted], 4, bw, damping, gain, 1.5, osps, obj, IR[ir], nf, []), compare="prefix", chunk=37,
         tolerance=1e-5, tags=[(101, "mark", 1), (1002, "mark", 2), (1003, "other", 3), (2200, "mark", 4)])

# constellation_encoder_bc (map_to_points) and binary_slicer_fb
for kind in ("qpsk", "8psk", "16qam"):
    params, obj = cons_params(kind)
    case("constellation_encoder_" + kind, "constellation_encoder", params,
         [("u8", [int(v) for v in rng.integers(0, obj.arity(), 300)])], "cf32", digital.constellation_encoder_bc(obj))
params, obj = cons_params("calcdist", [1, 1j, -1, -1j, 1, -1, 1j, -1j], [], dims=2, norm="power")
case("constellation_encoder_calcdist_2d", "constellation_encoder", params,
     [("u8", [int(v) for v in rng.integers(0, 4, 300)])], "cf32", digital.constellation_encoder_bc(obj))
case("binary_slicer", "binary_slicer", {}, [("f32", [0.0, -0.0] + [float(v) for v in rng.normal(0, 1, 300)])], "u8",
     digital.binary_slicer_fb())

# s32 streams: int_to_float and float_to_int (VOLK's conversions, rounding half to even, clipping, large values)
ints = [0, 1, -1, 7, 2 ** 24 + 1, 2 ** 31 - 1, -2 ** 31, 123456789, -987654321] + [int(v) for v in
                                                                                 rng.integers(-2 ** 31, 2 ** 31, 100)]
for scale in (1.0, 3.5):
    case("int_to_float_scale%g" % scale, "int_to_float", {"vlen": 1, "scale": scale}, [("s32", ints)], "f32",
         blocks.int_to_float(1, scale))
floats = [0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 1e9, 3e9, -3e9, 2147483520.0, 2147483647.0, -2147483648.0] + [
    float(np.float32(v)) for v in rng.normal(0, 1e6, 100)]
for scale in (1.0, 1000.0):
    case("float_to_int_scale%g" % scale, "float_to_int", {"vlen": 1, "scale": scale}, [("f32", floats)], "s32",
         blocks.float_to_int(1, scale))

# header_payload_demux: GNU Radio's block driven as its header parser would: after each header comes out, the
# test posts the next header verdict (an integer length, a dict with the length and another tag, or False)
demux_cases = []


def demux_case(name, params, dtype, values, tags, trigger, messages, gr_block, header_items):
    tb = gr.top_block()
    tb.connect(SRC[dtype](list(values), False, 1, gr_tags(tags)), (gr_block, 0))
    if trigger is not None:
        tb.connect(blocks.vector_source_b(trigger, False), (gr_block, 1))
    vlen = params["items_per_symbol"] if params["output_symbols"] else 1
    snk = {"cf32": blocks.vector_sink_c, "f32": blocks.vector_sink_f, "u8": blocks.vector_sink_b}[dtype]
    head, payload = snk(vlen), snk(vlen)
    tb.connect((gr_block, 0), head)
    tb.connect((gr_block, 1), payload)
    tb.start()
    for k, msg in enumerate(messages):
        deadline = time.time() + 10
        while len(head.data()) < (k + 1) * header_items * vlen and time.time() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        gr_block.to_basic_block()._post(pmt.intern("header_data"), msg)
    time.sleep(0.3)
    tb.stop()
    tb.wait()

    def out(sink):
        t = sorted([[x.offset, pmt.symbol_to_string(x.key), tag_value(x.value)] for x in sink.tags()],
                   key=lambda t: (t[0], t[1]))
        return {"values": plain(dtype, sink.data()), "tags": t}
    demux_cases.append({"name": name, "params": params, "dtype": dtype, "input": plain(dtype, values),
                        "tags": [list(t) for t in tags], "trigger": trigger, "messages": [pmt.serialize_str(m).hex()
                                                                                         for m in messages],
                        "header": out(head), "payload": out(payload)})


stream = [complex(np.float32(a), np.float32(b)) for a, b in rng.normal(0, 1, (120, 2))]
demux_case("header_payload_demux_tag_trigger_guard", {"type": "cf32", "header_len": 2, "items_per_symbol": 4,
           "guard_interval": 1, "length_tag_key": "frame_len", "trigger_tag_key": "trig", "output_symbols": False,
           "timing_tag_key": "rx_time", "samp_rate": 1000.0}, "cf32", stream,
           [(7, "trig", 1), (9, "mark", 2), (21, "mark", 3), (60, "trig", 1), (74, "mark", 4)], None,
           [pmt.from_long(3), pmt.dict_add(pmt.dict_add(pmt.make_dict(), pmt.intern("foo"), pmt.from_long(7)),
                                         pmt.intern("frame_len"), pmt.from_long(2))],
           digital.header_payload_demux(2, 4, 1, "frame_len", "trig", False, gr.sizeof_gr_complex, "rx_time",
                                        1000.0, [], 0), 8)
bytes_in = [int(v) for v in rng.integers(0, 256, 80)]
trig = [0] * 80
for at in (5, 20, 41):
    trig[at] = 1
demux_case("header_payload_demux_trigger_input_symbols", {"type": "u8", "header_len": 2, "items_per_symbol": 3,
           "guard_interval": 0, "length_tag_key": "len", "trigger_tag_key": "", "output_symbols": True,
           "timing_tag_key": "", "samp_rate": 1.0}, "u8", bytes_in, [(12, "mark", 5), (44, "mark", 6)], trig,
           [pmt.from_long(2), pmt.PMT_F, pmt.from_long(3)],
           digital.header_payload_demux(2, 3, 0, "len", "", True, gr.sizeof_char, "", 1.0, [], 0), 2)

with open(OUT, "w") as f:
    f.write('{"generator": "tools/reference/gen_gnuradio_sync.py", "gnuradio": "%s", "cases": [\n' % gr.version())
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))  # one case per line
    f.write("\n], \"demux_cases\": [\n")
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in demux_cases))
    f.write("\n]}\n")
print(len(cases), "cases written to", os.path.normpath(OUT))
