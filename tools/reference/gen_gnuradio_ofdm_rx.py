#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10's OFDM receiver blocks ofdm_chanest_vcvc and ofdm_frame_equalizer_vcvc
(simpledfe and static equalizers), recorded so that CI needs no GNU Radio (read by OfdmRxGnuRadioTest).

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_ofdm_rx.py
Input: tx_ofdm.grc's carrier allocation (GNU Radio's own allocator) of 3 packets, each OFDM symbol multiplied by a
channel (a complex gain per carrier), moved by +2 carriers and given noise (fixed seed). Cases:
chanest with both sync symbols on [sync1, sync2, header] frames (as ofdm_rx uses it); chanest with one sync symbol
on whole frames; the header equalizer (simpledfe BPSK, fixed frame length 1, channel state propagated) on the first
chanest's output; the payload equalizers (simpledfe QPSK skipping 1 symbol, static) on the payload symbols tagged as
ofdm_rx's header/payload demux tags them (frame length, carrier offset, the header equalizer's channel state).
"""
import json
import os

import numpy as np
import pmt
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_ofdm_rx.json")
FFT = 64
OCC = [list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + list(range(1, 7)) + list(range(8, 21))
       + list(range(22, 27))]
PIL = [[-21, -7, 7, 21]]
PSYM = [[1, 1, 1, -1]]
S2 = np.sqrt(2)
SW1 = [0] * 7 + [x for v in [S2, -S2, S2, -S2, -S2, -S2, S2, -S2, S2, -S2, -S2, -S2, -S2, S2, -S2, S2, S2, S2, -S2, S2,
                             S2, S2, -S2, S2, S2, S2] for x in (v, 0)][:51] + [0] * 6
SW1 = (SW1 + [0] * FFT)[:FFT]
SW2 = [0, 0, 0, 0, 0, 0, -1, -1, -1, -1, 1, 1, -1, -1, -1, 1, -1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, 1, -1, -1, 1, -1, 0,
       1, -1, 1, 1, 1, -1, 1, 1, 1, -1, 1, 1, 1, 1, -1, 1, -1, -1, -1, 1, -1, 1, -1, -1, -1, -1, 0, 0, 0, 0, 0]
rng = np.random.default_rng(17)


def c(values):
    return [float(x) for v in np.asarray(values, dtype=np.complex64) for x in (v.real, v.imag)]


def tag_json(t):
    v = t.value
    value = list(c(pmt.c32vector_elements(v))) if pmt.is_c32vector(v) else pmt.to_long(v)
    return [t.offset, pmt.symbol_to_string(t.key), value]


def gr_tag(offset, key, value):
    v = pmt.init_c32vector(len(value) // 2, [complex(value[2 * i], value[2 * i + 1]) for i in range(len(value) // 2)]) \
        if isinstance(value, list) else pmt.from_long(value)
    return gr.tag_utils.python_to_tag((offset, pmt.intern(key), v, pmt.PMT_NIL))


def run(block, vectors, tags):
    tb = gr.top_block()
    src = blocks.vector_source_c(list(np.asarray(vectors, dtype=np.complex64).ravel()), False, FFT,
                                 [gr_tag(*t) for t in tags])
    snk = blocks.vector_sink_c(FFT)
    tb.connect(src, block, snk)
    tb.run()
    return {"input": c(np.asarray(vectors).ravel()), "input_tags": [list(t) for t in tags],
            "output": c(snk.data()), "tags": sorted([tag_json(t) for t in snk.tags()], key=lambda t: (t[0], t[1]))}


def frames():
    """GNU Radio's allocator output for 3 packets of 96 bytes, per packet a list of OFDM symbols (vectors)."""
    data = [int(x) for x in rng.integers(0, 256, 3 * 96)]
    tags = [gr.tag_utils.python_to_tag((96 * k, pmt.intern("len"), pmt.from_long(96), pmt.PMT_NIL)) for k in range(3)]
    fmt = digital.packet_header_ofdm(OCC, 1, "len", "len", "", 1, 2, False)
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, tags)
    crc = digital.crc32_bb(False, "len")
    hdr = digital.packet_headergenerator_bb(fmt.base(), "len")
    rep = blocks.repack_bits_bb(8, 2, "len", False, gr.GR_LSB_FIRST)
    hs = digital.chunks_to_symbols_bc(digital.constellation_bpsk().points())
    ps = digital.chunks_to_symbols_bc(digital.constellation_qpsk().points())
    mux = blocks.tagged_stream_mux(gr.sizeof_gr_complex, "len", 0)
    alloc = digital.ofdm_carrier_allocator_cvc(FFT, OCC, PIL, PSYM, [SW1, SW2], "len", True)
    snk = blocks.vector_sink_c(FFT)
    tb.connect(src, crc, hdr, hs, (mux, 0))
    tb.connect(crc, rep, ps, (mux, 1))
    tb.connect(mux, alloc, snk)
    tb.run()
    syms = np.array(snk.data(), dtype=np.complex64).reshape(-1, FFT)
    starts = sorted(t.offset for t in snk.tags() if pmt.symbol_to_string(t.key) == "len")
    lengths = {t.offset: pmt.to_long(t.value) for t in snk.tags() if pmt.symbol_to_string(t.key) == "len"}
    return [syms[s:s + lengths[s]] for s in starts]


def sync_case():
    """GNU Radio's ofdm_tx output for 3 packets, each after 150 zeros, with a channel tap, a frequency offset of
    0.3 carrier spacings and noise, into ofdm_sync_sc_cfb(64, 16, False, 0.9)."""
    data = [int(x) for x in rng.integers(0, 256, 3 * 40)]
    tags = [gr.tag_utils.python_to_tag((40 * k, pmt.intern("len"), pmt.from_long(40), pmt.PMT_NIL)) for k in range(3)]
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, tags)
    tx = digital.ofdm_tx(fft_len=FFT, cp_len=16, packet_length_tag_key="len", occupied_carriers=OCC,
                         pilot_carriers=PIL, pilot_symbols=PSYM, sync_word1=SW1, sync_word2=SW2, bps_header=1,
                         bps_payload=2)
    snk = blocks.vector_sink_c()
    tb.connect(src, tx, snk)
    tb.run()
    sig = np.array(snk.data(), dtype=np.complex64)
    per = len(sig) // 3
    x = np.concatenate([np.concatenate([np.zeros(150), sig[k * per:(k + 1) * per]]) for k in range(3)] + [np.zeros(200)])
    n = np.arange(len(x))
    x = (0.7 - 0.4j) * x * np.exp(2j * np.pi * 0.3 / FFT * n)
    x = (x + 0.01 * (rng.normal(size=len(x)) + 1j * rng.normal(size=len(x)))).astype(np.complex64)
    tb = gr.top_block()
    src = blocks.vector_source_c(list(x), False)
    sync = digital.ofdm_sync_sc_cfb(FFT, 16, False, 0.9)
    freq, det = blocks.vector_sink_f(), blocks.vector_sink_b()
    tb.connect(src, sync)
    tb.connect((sync, 0), freq)
    tb.connect((sync, 1), det)
    tb.run()
    return {"params": {"fft_len": FFT, "cp_len": 16, "use_even_carriers": False, "threshold": 0.9},
            "input": c(x), "freq": [float(v) for v in freq.data()], "detect": list(det.data())}


def main():
    k = np.arange(FFT)
    h = (0.8 + 0.3 * np.cos(2 * np.pi * k / FFT)) * np.exp(1j * (0.4 + 0.9 * np.sin(2 * np.pi * k / FFT)))
    rx = []
    for f in frames():
        y = np.roll(f * h, 2, axis=1)
        y = y + 0.03 * (rng.normal(size=y.shape) + 1j * rng.normal(size=y.shape))
        rx.append(y.astype(np.complex64))
    cases = {}
    hdr_frames = np.concatenate([f[:3] for f in rx])
    cases["chanest_two_sync"] = {"params": {"sync_symbol1": c(SW1), "sync_symbol2": c(SW2), "n_data_symbols": 1,
                                            "max_carr_offset": 3, "force_one_symbol": False},
                                 **run(digital.ofdm_chanest_vcvc(SW1, SW2, 1, 0, 3, False), hdr_frames,
                                       [(3 * i + 1, "mark", i) for i in range(3)])}
    n = len(rx[0])
    cases["chanest_one_sync"] = {"params": {"sync_symbol1": c(SW1), "sync_symbol2": [], "n_data_symbols": n - 1,
                                            "max_carr_offset": -1, "force_one_symbol": False},
                                 **run(digital.ofdm_chanest_vcvc(SW1, [], n - 1, 0, -1, False),
                                       np.concatenate([np.concatenate([f[:1], f[2:]]) for f in rx]), [])}
    est = cases["chanest_two_sync"]
    eq_in = np.array(est["output"][0::2]) + 1j * np.array(est["output"][1::2])
    hdr_eq = digital.ofdm_equalizer_simpledfe(FFT, digital.constellation_bpsk().base(), OCC, PIL, PSYM)
    cases["equalizer_header"] = {"params": {"equalizer": "simpledfe", "fft_len": FFT, "constellation": "bpsk",
                                            "occupied_carriers": OCC, "pilot_carriers": PIL, "pilot_symbols": PSYM,
                                            "cp_len": 16, "len_tag_key": "frame_len", "propagate_channel_state": True,
                                            "fixed_frame_len": 1},
                                 **run(digital.ofdm_frame_equalizer_vcvc(hdr_eq.base(), 16, "frame_len", True, 1),
                                       eq_in.reshape(-1, FFT), [tuple(t) for t in est["tags"]])}
    taps = {t[0]: t[2] for t in cases["equalizer_header"]["tags"] if t[1] == "ofdm_sync_chan_taps"}
    payload, ptags, at = [], [], 0
    for i, f in enumerate(rx):
        payload.append(f[3:])
        ptags += [(at, "frame_len", len(f) - 3), (at, "ofdm_sync_carr_offset", 2),
                  (at, "ofdm_sync_chan_taps", taps[i])]
        at += len(f) - 3
    payload = np.concatenate(payload)
    pay_eq = digital.ofdm_equalizer_simpledfe(FFT, digital.constellation_qpsk().base(), OCC, PIL, PSYM, 1)
    cases["equalizer_payload_dfe"] = {"params": {"equalizer": "simpledfe", "fft_len": FFT, "constellation": "qpsk",
                                                 "occupied_carriers": OCC, "pilot_carriers": PIL,
                                                 "pilot_symbols": PSYM, "symbols_skipped": 1, "cp_len": 16,
                                                 "len_tag_key": "frame_len", "propagate_channel_state": True,
                                                 "fixed_frame_len": 0},
                                      **run(digital.ofdm_frame_equalizer_vcvc(pay_eq.base(), 16, "frame_len", True),
                                            payload, ptags)}
    st = digital.ofdm_equalizer_static(FFT, OCC, PIL, PSYM, 1)
    cases["equalizer_payload_static"] = {"params": {"equalizer": "static", "fft_len": FFT, "occupied_carriers": OCC,
                                                    "pilot_carriers": PIL, "pilot_symbols": PSYM,
                                                    "symbols_skipped": 1, "cp_len": 16, "len_tag_key": "frame_len",
                                                    "propagate_channel_state": False, "fixed_frame_len": 0},
                                         **run(digital.ofdm_frame_equalizer_vcvc(st.base(), 16, "frame_len", False),
                                               payload, ptags)}
    cases["sync_sc_cfb"] = sync_case()
    with open(OUT, "w") as f:
        json.dump({"fft_len": FFT, "cases": cases}, f)
    print("wrote", os.path.normpath(OUT), list(cases))


if __name__ == "__main__":
    main()
