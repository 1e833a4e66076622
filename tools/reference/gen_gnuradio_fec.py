#!/usr/bin/python3
"""GNU Radio 3.10's FEC API output (gr-fec: dummy, repetition, cc and CCSDS encoders; dummy, repetition and Viterbi
decoders; in the extended, extended tagged and async deployments), recorded so that CI does not need GNU Radio.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_fec.py
Writes engine/src/test/resources/reference/gnuradio_fec.json: "stream" cases (block params as SigFlow's fec_encoder /
fec_decoder take them, the input, GNU Radio's output), "tagged" cases (packet lengths too) and "async" cases (input
PDUs, GNU Radio's output PDUs), "repack": repack_bits_bb on tagged packets, and "trellis":
gr-trellis's encoder and combined Viterbi on GNU Radio's example FSM files. Soft symbols are ±1 (bit 1 → +1) plus Gaussian noise, in float32.
"""
import json
import os

import numpy as np
import pmt
from gnuradio import blocks, fec, gr
from gnuradio_fec_runs import run_async, run_stream, tagged_run
from gnuradio.fec import polar

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_fec.json")
rng = np.random.default_rng(9)
MODES = {"streaming": fec.CC_STREAMING, "terminated": fec.CC_TERMINATED, "tailbiting": fec.CC_TAILBITING,
         "truncated": fec.CC_TRUNCATED}


def make_encoder(p):
    c = p["coder"]
    if c == "dummy":
        return fec.dummy_encoder_make(p["frame_bits"])
    if c == "repetition":
        return fec.repetition_encoder_make(p["frame_bits"], p["rep"])
    if c == "ccsds":
        return fec.ccsds_encoder_make(p["frame_bits"], p["start_state"], MODES[p["mode"]])
    if c == "polar":
        cfg = polar.load_frozen_bits_info(False, polar.CHANNEL_TYPE_BEC, p["block_size"], p["frame_bits"],
                                          p["design_snr"], 32)
        return fec.polar_encoder.make(p["block_size"], p["frame_bits"], cfg["positions"], cfg["values"], False)
    return fec.cc_encoder_make(p["frame_bits"], p["k"], p["rate"], p["polys"], p["start_state"], MODES[p["mode"]],
                               p["padding"])


def make_decoder(p):
    c = p["coder"]
    if c == "dummy":
        return fec.dummy_decoder.make(p["frame_bits"])
    if c == "repetition":
        return fec.repetition_decoder.make(p["frame_bits"], p["rep"], p["prob"])
    if c == "polar":
        cfg = polar.load_frozen_bits_info(False, polar.CHANNEL_TYPE_BEC, p["block_size"], p["frame_bits"],
                                          p["design_snr"], 32)
        return fec.polar_decoder_sc.make(p["block_size"], p["frame_bits"], cfg["positions"], cfg["values"])
    if c == "polar_list":
        cfg = polar.load_frozen_bits_info(False, polar.CHANNEL_TYPE_BEC, p["block_size"], p["frame_bits"],
                                          p["design_snr"], 32)
        return fec.polar_decoder_sc_list.make(p["list_size"], p["block_size"], p["frame_bits"], cfg["positions"],
                                              cfg["values"])
    return fec.cc_decoder.make(p["frame_bits"], p["k"], p["rate"], p["polys"], p["start_state"], p["end_state"],
                               MODES[p["mode"]], p["padding"])


def params(coder, frame, **kw):
    p = {"coder": coder, "frame_bits": frame, "k": 7, "rate": 2, "polys": [109, 79], "start_state": 0,
         "end_state": -1, "mode": "streaming", "padding": False, "rep": 3, "prob": 0.5, "block_size": 1024,
         "design_snr": 0.0, "list_size": 8}
    p.update(kw)
    return p


def soft(bits, sigma):
    x = np.where(np.array(bits) > 0, 1.0, -1.0) + sigma * rng.standard_normal(len(bits))
    return [float(np.float32(v)) for v in x]


def encode_stream(p, bits):
    enc = fec.extended_encoder(encoder_obj_list=make_encoder(p), threading=None, puncpat="11")
    return [int(v) for v in run_stream(enc, bits, blocks.vector_source_b, blocks.vector_sink_b)]


def decode_stream(p, symbols):
    dec = fec.extended_decoder(decoder_obj_list=make_decoder(p), threading=None, ann=None, puncpat="11",
                               integration_period=10000)
    return [int(v) for v in run_stream(dec, symbols, blocks.vector_source_f, blocks.vector_sink_b)]


def bits(n):
    return [int(b) for b in rng.integers(0, 2, n)]


stream = []
# encoders: every cc mode, another code (K 5, rate 3, an inverted polynomial), CCSDS, repetition, dummy
enc_cases = [params("cc", 40, mode=m) for m in MODES] + [
    params("cc", 40, mode="terminated", padding=True, start_state=5),
    params("cc", 33, k=5, rate=3, polys=[-25, 23, 31], start_state=3, mode="streaming"),
    params("cc", 33, k=5, rate=3, polys=[-25, 23, 31], start_state=3, mode="terminated"),
] + [params("ccsds", 40, mode=m) for m in MODES] + [params("repetition", 30, rep=4), params("dummy", 30),
    params("polar", 512, block_size=1024), params("polar", 40, block_size=64, design_snr=2.0)]
for p in enc_cases:
    x = bits(p["frame_bits"] * 4 + 5)
    stream.append({"name": "encode " + p["coder"] + " " + p["mode"], "block": "fec_encoder", "params": p,
                   "input": x, "output": encode_stream(p, x)})

# decoders: noiseless and noisy, on the matching encoder's output
for p, sigma in [(params("cc", 200, mode=m), s) for m in MODES for s in (0.0, 0.6, 0.9)] + [
        (params("cc", 200, mode="terminated", end_state=0), 0.8),
        (params("cc", 200, mode="terminated", padding=True), 0.8),
        (params("cc", 201, mode="streaming"), 0.7),
        (params("repetition", 100, rep=3, prob=0.5), 0.8),
        (params("repetition", 100, rep=5, prob=0.3), 1.0),
        (params("dummy", 100), 0.5),
        (params("polar", 512, block_size=1024), 0.0), (params("polar", 512, block_size=1024), 0.8),
        (params("polar", 100, block_size=256, design_snr=1.0), 0.7)]:
    x = bits(p["frame_bits"] * 6)
    code = encode_stream(p, x)
    y = soft(code, sigma)
    stream.append({"name": "decode " + p["coder"] + " " + p["mode"] + " sigma " + str(sigma), "block": "fec_decoder",
                   "params": p, "input": y, "output": decode_stream(p, y), "sent": x})

tagged = []
for p in [params("cc", 1500 * 8, mode="terminated"), params("cc", 1500 * 8, mode="streaming"),
          params("repetition", 1500 * 8, rep=3), params("dummy", 1500 * 8)]:
    lengths = [40, 64, 17, 100]
    x = bits(sum(lengths))
    enc = fec.extended_tagged_encoder(encoder_obj_list=make_encoder(p), puncpat="11", lentagname="packet_len",
                                      mtu=1500)
    out, tags = tagged_run(enc, x, lengths, blocks.vector_source_b, blocks.vector_sink_b)
    tagged.append({"name": "tagged encode " + p["coder"] + " " + p["mode"], "block": "fec_encoder", "params": p,
                   "lengths": lengths, "input": x, "output": [int(v) for v in out], "tags": tags})
for p, sigma in [(params("cc", 1500 * 8, mode="truncated"), 0.6), (params("cc", 1500 * 8, mode="tailbiting"), 0.6),
                 (params("repetition", 1500 * 8, rep=3), 0.8), (params("dummy", 1500 * 8), 0.5)]:
    info = [60, 48, 100]
    per = {"cc": 2, "repetition": 3, "dummy": 1}[p["coder"]]
    lengths = [n * per for n in info]
    x = []
    for n in info:
        q = dict(p, frame_bits=n)
        x += encode_stream(q, bits(n))
    y = soft(x, sigma)
    dec = fec.extended_tagged_decoder(decoder_obj_list=make_decoder(p), ann=None, puncpat="11",
                                      integration_period=10000, lentagname="packet_len", mtu=1500)
    out, tags = tagged_run(dec, y, lengths, blocks.vector_source_f, blocks.vector_sink_b)
    tagged.append({"name": "tagged decode " + p["coder"] + " " + p["mode"], "block": "fec_decoder", "params": p,
                   "lengths": lengths, "input": y, "output": [int(v) for v in out], "tags": tags})


asyncs = []
for p, packed in [(params("cc", 1500 * 8, mode="terminated"), False), (params("cc", 1500 * 8, mode="terminated"), True),
                  (params("cc", 1500 * 8, mode="streaming"), True), (params("ccsds", 1500 * 8, mode="terminated"), True),
                  (params("ccsds", 1500 * 8, mode="tailbiting"), False),
                  (params("repetition", 1500 * 8, rep=3), False), (params("dummy", 1500 * 8), True),
                  (params("polar", 240, block_size=512), True), (params("polar", 240, block_size=512), False)]:
    sizes = ([30, 30] if packed else [240, 480]) if p["coder"] == "polar" else [5, 12, 1] if packed else [40, 96, 8]
    ins = [[int(v) for v in (rng.integers(0, 256, n) if packed else rng.integers(0, 2, n))] for n in sizes]
    pdus = [pmt.cons(pmt.make_dict(), pmt.init_u8vector(len(v), v)) for v in ins]
    blk = fec.async_encoder(make_encoder(p), packed, True, True, 1500)
    asyncs.append({"name": "async encode " + p["coder"] + " " + p["mode"] + (" packed" if packed else ""),
                   "block": "fec_async_encoder", "params": dict(p, packed=packed, rev_unpack=True, rev_pack=True,
                                                                mtu=1500),
                   "inputs": ins, "outputs": run_async(blk, pdus)})
for p, packed, sigma in [(params("cc", 1500 * 8, mode="terminated"), False, 0.7),
                         (params("cc", 1500 * 8, mode="terminated", padding=True), False, 0.7),
                         (params("cc", 1500 * 8, mode="terminated"), True, 0.7),
                         (params("cc", 1500 * 8, mode="tailbiting"), False, 0.6),
                         (params("repetition", 1500 * 8, rep=3), False, 0.8),
                         (params("repetition", 1500 * 8, rep=3), True, 0.8),
                         (params("dummy", 1500 * 8), False, 0.5),
                         (params("polar", 240, block_size=512), True, 0.7)]:
    info = [240, 240] if p["coder"] == "polar" else [64, 200, 16]
    ins = []
    for n in info:
        q = dict(p, frame_bits=n)
        ins.append(soft(encode_stream(q, bits(n)), sigma))
    pdus = [pmt.cons(pmt.make_dict(), pmt.init_f32vector(len(v), v)) for v in ins]
    blk = fec.async_decoder(make_decoder(p), packed, True, 1500)
    asyncs.append({"name": "async decode " + p["coder"] + " " + p["mode"] + (" packed" if packed else ""),
                   "block": "fec_async_decoder", "params": dict(p, packed=packed, rev_pack=True, mtu=1500),
                   "inputs": ins, "outputs": run_async(blk, pdus)})

# repack_bits_bb with a length tag key (the examples' byte packets → bits → FEC): packet lengths and alignment
repack = []
for k, l, align, msb in [(8, 1, False, True), (1, 8, False, False), (3, 2, False, True), (3, 2, True, False),
                         (2, 8, True, True)]:
    lengths = [5, 1, 12, 7]
    x = [int(v) for v in rng.integers(0, 1 << k, sum(lengths))]
    blk = blocks.repack_bits_bb(k, l, "packet_len", align, gr.GR_MSB_FIRST if msb else gr.GR_LSB_FIRST)
    out, tags = tagged_run(blk, x, lengths, blocks.vector_source_b, blocks.vector_sink_b)
    repack.append({"k": k, "l": l, "align_output": align, "endianness": "msb" if msb else "lsb", "lengths": lengths,
                   "input": x, "output": [int(v) for v in out], "tags": tags})

# gr-trellis: encoder and Viterbi (combined metrics) on GNU Radio's example FSM files
from gnuradio import digital, trellis  # noqa: E402

FSM_DIR = "/usr/share/gnuradio/examples/trellis/fsm_files/"
trellis_cases = []
for name, (in_kind, table, dim, metric, s0, sk, sigma) in {
        "awgn1o2_4.fsm": ("c", [1, 1j, -1j, -1], 1, "euclidean", -1, -1, 0.6),
        "awgn1o2_16.fsm": ("c", [1, 1j, -1j, -1], 1, "euclidean", 0, -1, 0.5),
        "awgn2o3_8.fsm": ("f", [-1, -1, -1, -1, 1, -1, -1, 1, -1, -1, 1, 1, 1, -1, -1, 1, -1, 1, 1, 1, -1, 1, 1, 1], 3,
                          "euclidean", -1, 0, 0.7),
        "rep3.fsm": ("f", [2 * ((o >> b) & 1) - 1 for o in range(8) for b in (2, 1, 0)], 3, "hard_symbol", -1, -1,
                     0.9)}.items():
    f = trellis.fsm(FSM_DIR + name)
    text = open(FSM_DIR + name).read().split()
    content = " ".join(text[:3 + 2 * f.I() * f.S()])
    x = [int(v) for v in rng.integers(0, f.I(), 300)]
    tb = gr.top_block()
    snk = blocks.vector_sink_b()
    tb.connect(blocks.vector_source_b(x, False), trellis.encoder_bb(f, 0), snk)
    tb.run()
    code = [int(v) for v in snk.data()]
    bk = trellis.encoder_bb(f, 0, 40)
    tb = gr.top_block()
    snk2 = blocks.vector_sink_b()
    tb.connect(blocks.vector_source_b(x, False), bk, snk2)
    tb.run()
    blockwise = [int(v) for v in snk2.data()]
    pts = np.array(table, dtype=complex).reshape(-1, dim)
    clean = np.concatenate([pts[c] for c in code])
    noise = sigma * (rng.standard_normal(len(clean)) + (1j * rng.standard_normal(len(clean)) if in_kind == "c" else 0))
    y = (clean + noise).astype(np.complex64) if in_kind == "c" else (clean.real + noise).astype(np.float32)
    mt = digital.TRELLIS_EUCLIDEAN if metric == "euclidean" else digital.TRELLIS_HARD_SYMBOL
    block_size = 100
    if in_kind == "c":
        dec = trellis.viterbi_combined_cb(f, block_size, s0, sk, dim, [complex(np.complex64(t)) for t in table], mt)
        src = blocks.vector_source_c([complex(v) for v in y], False)
        inp = [[float(v.real), float(v.imag)] for v in y]
    else:
        dec = trellis.viterbi_combined_fb(f, block_size, s0, sk, dim, [float(t) for t in table], mt)
        src = blocks.vector_source_f([float(v) for v in y], False)
        inp = [float(v) for v in y]
    tb = gr.top_block()
    snk3 = blocks.vector_sink_b()
    tb.connect(src, dec, snk3)
    tb.run()
    trellis_cases.append({"name": name, "fsm": content, "input": x, "encoded": code, "blockwise": blockwise,
                          "block_length": 40, "type": "cf32" if in_kind == "c" else "f32", "table": table if
                          in_kind != "c" else [[float(np.float32(complex(t).real)), float(np.float32(complex(t).imag))]
                                               for t in table], "dim": dim, "metric_type": metric,
                          "init_state": s0, "final_state": sk, "block_size": block_size, "noisy": inp,
                          "decoded": [int(v) for v in snk3.data()]})

# polar SC list decoders (drawn last, so the cases above keep their vectors): the list sizes GNU Radio's examples use
for p, sigma in [(params("polar_list", 240, block_size=512, list_size=8), 0.0),
                 (params("polar_list", 240, block_size=512, list_size=8), 0.8),
                 (params("polar_list", 240, block_size=512, list_size=8), 1.0),
                 (params("polar_list", 100, block_size=256, design_snr=1.0, list_size=4), 0.8),
                 (params("polar_list", 100, block_size=256, design_snr=1.0, list_size=2), 0.8),
                 (params("polar_list", 40, block_size=64, design_snr=2.0, list_size=1), 0.7)]:
    x = bits(p["frame_bits"] * 8)
    y = soft(encode_stream(dict(p, coder="polar"), x), sigma)
    stream.append({"name": "decode polar list " + str(p["list_size"]) + " N " + str(p["block_size"]) + " sigma "
                   + str(sigma), "block": "fec_decoder", "params": p, "input": y, "output": decode_stream(p, y),
                   "sent": x})

with open(OUT, "w") as f:
    json.dump({"gnuradio": gr.version(), "stream": stream, "tagged": tagged, "async": asyncs, "repack": repack,
               "trellis": trellis_cases}, f)
print("wrote", OUT, len(stream), "stream,", len(tagged), "tagged,", len(asyncs), "async cases")
