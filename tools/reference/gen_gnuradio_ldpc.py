#!/usr/bin/python3
"""GNU Radio 3.10's LDPC FEC coders (gr-fec: ldpc_encoder, ldpc_gen_mtrx_encoder on an ldpc_G_matrix,
ldpc_par_mtrx_encoder on an ldpc_H_matrix, ldpc_bit_flip_decoder on either, ldpc_decoder) in the extended, extended
tagged and async deployments, recorded so that CI does not need GNU Radio. The alist files are GNU Radio's own
(share/gnuradio/fec/ldpc), committed beside the GRC sample cases in engine/src/test/resources/grc/gnuradio/.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_ldpc.py
Writes engine/src/test/resources/reference/gnuradio_ldpc.json in gen_gnuradio_fec.py's layout ("stream", "tagged",
"async" cases; params as SigFlow's FEC blocks take them, alist_file relative to that folder), which GnuRadioFecTest
reads too. Soft symbols are ±1 (bit 1 → +1) plus Gaussian noise, in float32.
"""
import json
import os

import numpy as np
import pmt
from gnuradio import blocks, fec, gr
from gnuradio_fec_runs import run_async, run_stream, tagged_run

HERE = os.path.dirname(os.path.abspath(__file__))
ALIST = os.path.join(HERE, "..", "..", "engine", "src", "test", "resources", "grc", "gnuradio")
OUT = os.path.join(HERE, "..", "..", "engine", "src", "test", "resources", "reference", "gnuradio_ldpc.json")
rng = np.random.default_rng(42)
H42 = ("n_0100_k_0042_gap_02.alist", 2)
H23 = ("n_0100_k_0023_gap_10.alist", 10)
G58 = "n_0100_k_0058_gen_matrix.alist"
G4 = "simple_g_matrix.alist"


def params(coder, alist, gap=1, sigma=0.5, max_iter=50):
    return {"coder": coder, "frame_bits": 0, "alist_file": alist, "gap": gap, "sigma": sigma, "max_iter": max_iter}


def path(p):
    return os.path.join(ALIST, p["alist_file"])


def matrix(p):
    return fec.ldpc_G_matrix(path(p)) if p["coder"] == "ldpc_g" else fec.ldpc_H_matrix(path(p), p["gap"])


def make_encoder(p):
    if p["coder"] == "ldpc":
        return fec.ldpc_encoder_make(path(p))
    if p["coder"] == "ldpc_g":
        return fec.ldpc_gen_mtrx_encoder_make(matrix(p))
    return fec.ldpc_par_mtrx_encoder_make_H(matrix(p))


def make_decoder(p):
    if p["coder"] == "ldpc":
        return fec.ldpc_decoder.make(path(p), p["sigma"], p["max_iter"])
    return fec.ldpc_bit_flip_decoder.make(matrix(p).get_base_sptr(), p["max_iter"])


def sizes(p):
    """(k, n): information and code bits of one word."""
    e = make_encoder(p)
    return e.get_input_size(), e.get_output_size()


def soft(bits, sigma):
    x = np.where(np.array(bits) > 0, 1.0, -1.0) + sigma * rng.standard_normal(len(bits))
    return [float(np.float32(v)) for v in x]


def bits(n):
    return [int(b) for b in rng.integers(0, 2, n)]


def encode_stream(p, x):
    enc = fec.extended_encoder(encoder_obj_list=make_encoder(p), threading=None, puncpat="11")
    return run_stream(enc, x, blocks.vector_source_b, blocks.vector_sink_b)


def decode_stream(p, y):
    dec = fec.extended_decoder(decoder_obj_list=make_decoder(p), threading=None, ann=None, puncpat="11",
                               integration_period=10000)
    return run_stream(dec, y, blocks.vector_source_f, blocks.vector_sink_b)


def name(p):
    return p["coder"] + " " + p["alist_file"].replace(".alist", "")


stream = []
ENCODERS = [params("ldpc", H42[0]), params("ldpc", H23[0]), params("ldpc", G58), params("ldpc_g", G58),
            params("ldpc_g", G4), params("ldpc_h", *H42), params("ldpc_h", *H23)]
for p in ENCODERS:
    k, n = sizes(p)
    x = bits(k * 6 + 3)                      # a partial last word is dropped
    stream.append({"name": "encode " + name(p), "block": "fec_encoder", "params": p, "input": x,
                   "output": encode_stream(p, x)})
    # bytes other than 0/1 (GNU Radio's arithmetic takes them mod 2 in products, copies them into systematic bits)
    x = [int(v) for v in rng.integers(0, 4, k * 2)]
    stream.append({"name": "encode bytes " + name(p), "block": "fec_encoder", "params": p, "input": x,
                   "output": encode_stream(p, x)})

DECODERS = [(params("ldpc", H42[0], sigma=0.5), [0.0, 0.6, 0.8]),
            (params("ldpc", H42[0], sigma=0.9, max_iter=5), [0.8]),
            (params("ldpc", H23[0], sigma=0.7), [0.7]), (params("ldpc", G58, sigma=0.5), [0.5]),
            (params("ldpc_g", G58, max_iter=100), [0.0, 0.5, 0.7]), (params("ldpc_g", G4, max_iter=3), [0.8]),
            (params("ldpc_h", *H42, max_iter=100), [0.5, 0.7]), (params("ldpc_h", *H23, max_iter=20), [0.6])]
for p, sigmas in DECODERS:
    for sigma in sigmas:
        k, n = sizes(p)
        x = bits(k * 12)
        y = soft(encode_stream(p if p["coder"] != "ldpc" else dict(p), x), sigma)
        stream.append({"name": "decode " + name(p) + " sigma " + str(sigma) + " max_iter " + str(p["max_iter"]),
                       "block": "fec_decoder", "params": p, "input": y, "output": decode_stream(p, y), "sent": x})

tagged = []
for p, mtu in [(params("ldpc", H42[0]), 1512), (params("ldpc_g", G58), 1508), (params("ldpc_h", *H42), 1512)]:
    k, n = sizes(p)
    lengths = [k] * 3 if p["coder"] == "ldpc" else [k, 3 * k, 2 * k]
    x = bits(sum(lengths))
    enc = fec.extended_tagged_encoder(encoder_obj_list=make_encoder(p), puncpat="11", lentagname="packet_len", mtu=mtu)
    out, tags = tagged_run(enc, x, lengths, blocks.vector_source_b, blocks.vector_sink_b)
    tagged.append({"name": "tagged encode " + name(p), "block": "fec_encoder", "params": dict(p, mtu=mtu),
                   "lengths": lengths, "input": x, "output": out, "tags": tags})
for p, mtu, sigma in [(params("ldpc", H42[0]), 1512, 0.7), (params("ldpc_g", G58, max_iter=100), 1508, 0.6),
                      (params("ldpc_h", *H42, max_iter=100), 1512, 0.6)]:
    k, n = sizes(p)
    words = [1, 3, 2]
    x = bits(k * sum(words))
    y = soft(encode_stream(p, x), sigma)
    dec = fec.extended_tagged_decoder(decoder_obj_list=make_decoder(p), ann=None, puncpat="11",
                                      integration_period=10000, lentagname="packet_len", mtu=mtu)
    out, tags = tagged_run(dec, y, [n * w for w in words], blocks.vector_source_f, blocks.vector_sink_b)
    tagged.append({"name": "tagged decode " + name(p), "block": "fec_decoder", "params": dict(p, mtu=mtu),
                   "lengths": [n * w for w in words], "input": y, "output": out, "tags": tags})

asyncs = []
for p, packed in [(params("ldpc", H42[0]), False), (params("ldpc", H42[0]), True), (params("ldpc_h", *H42), True),
                  (params("ldpc_h", *H42), False), (params("ldpc_g", G58), False)]:
    k, n = sizes(p)
    if packed:
        # ldpc: 3 bytes are fewer than k bits, so the encoder reads the previous PDU's bits after them
        nbytes = [42, 42, 84] if p["coder"] == "ldpc_h" else [6, 3, 42]
        ins = [[int(v) for v in rng.integers(0, 256, m)] for m in nbytes]
    else:
        ins = [bits(k * m) for m in ([1, 1] if p["coder"] == "ldpc" else [1, 4, 2])]
    pdus = [pmt.cons(pmt.make_dict(), pmt.init_u8vector(len(v), v)) for v in ins]
    blk = fec.async_encoder(make_encoder(p), packed, True, True, 1512)
    asyncs.append({"name": "async encode " + name(p) + (" packed" if packed else ""), "block": "fec_async_encoder",
                   "params": dict(p, packed=packed, rev_unpack=True, rev_pack=True, mtu=1512), "inputs": ins,
                   "outputs": run_async(blk, pdus)})
for p, packed, sigma in [(params("ldpc", H42[0]), False, 0.7), (params("ldpc", H42[0]), True, 0.6),
                         (params("ldpc_h", *H42, max_iter=100), False, 0.6)]:
    # (not ldpc_g on G58: GNU Radio's async decoder asks it for 100 × 0.58 - 0 = 57.99… → 57 bits, and it throws)
    k, n = sizes(p)
    words = [1, 4] if packed else [1, 3, 2]
    ins = [soft(encode_stream(p, bits(k * w)), sigma) for w in words]
    pdus = [pmt.cons(pmt.make_dict(), pmt.init_f32vector(len(v), v)) for v in ins]
    blk = fec.async_decoder(make_decoder(p), packed, True, 1512)
    asyncs.append({"name": "async decode " + name(p) + (" packed" if packed else ""), "block": "fec_async_decoder",
                   "params": dict(p, packed=packed, rev_pack=True, mtu=1512), "inputs": ins,
                   "outputs": run_async(blk, pdus)})

with open(OUT, "w") as f:
    json.dump({"gnuradio": gr.version(), "stream": stream, "tagged": tagged, "async": asyncs}, f)
print("wrote", OUT, len(stream), "stream,", len(tagged), "tagged,", len(asyncs), "async cases")
