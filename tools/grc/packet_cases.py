#!/usr/bin/python3
"""Writes GRC flowgraphs that check GNU Radio's packet_tx hier block (gr-digital/examples/packet/packet_tx.grc, a copy
in engine/src/test/resources/grc/gnuradio/hier/) with FEC coder, header format and constellation objects passed in, as
packet_loopback_hier.grc passes them (and the packet_rx hier block after it, its decoded packets as bytes): three fixed packets of bytes made PDUs (stream_to_tagged_stream, tagged_stream_to_pdu) →
packet_tx → head → file sink. Then
runs each in GNU Radio 3.10 (grcc of the hier block into a scratch HOME's ~/.grc_gnuradio, grcc of the case, its top
block to the end) and stores GNU Radio's output beside the case, which GnuRadioSamplesTest compares.

Usage: /usr/bin/python3 tools/grc/packet_cases.py [--no-run]
"""
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

from filter_cases import BLOCK, HEADER, OUT, connections


def block(name, grc_id, params, x, y=100):
    text = ", ".join("{}: '{}'".format(k, v.replace("'", "''")) for k, v in params.items())
    return BLOCK.format(name=name, id=grc_id, params=text, x=x).replace(", 100]", f", {y}]")


PACKETS, LENGTH, KEPT = 3, 24, 3400


def data(n, seed):
    rng = random.Random(seed)
    return "[" + ", ".join(str(rng.randrange(256)) for _ in range(n)) + "]"


CONST = {"dims": "1", "precision": "8", "soft_dec_lut": "'auto'", "type": "calcdist"}
PSK2 = dict(CONST, const_points="digital.psk_2()[0]", sym_map="digital.psk_2()[1]", rot_sym="2")
PSK4 = dict(CONST, const_points="digital.psk_4()[0]", sym_map="digital.psk_4()[1]", rot_sym="4")
CC = {"dim1": "1", "dim2": "1", "ndim": "0", "framebits": "8000", "k": "k", "rate": "rate", "polys": "polys",
      "state_start": "0", "padding": "False", "mode": "fec.CC_TERMINATED"}
REP = {"dim1": "1", "dim2": "1", "ndim": "0", "framebits": "8000", "rep": "rep"}
DUMMY = {"dim1": "1", "dim2": "1", "ndim": "0", "framebits": "8000"}
# case -> (payload constellation, payload coder, header coder, header format)
CASES = {
    # packet_loopback_hier.grc's objects: QPSK payload, cc payload code, repetition header code, counter header
    "packet_tx_cc_qpsk": (PSK4, ("variable_cc_encoder_def", CC), ("variable_repetition_encoder_def", REP),
                          "digital.header_format_counter(digital.packet_utils.default_access_code, 3, "
                          "Const_PLD.bits_per_symbol())"),
    # uhd_packet_tx.grc's: BPSK, the default header format written in place, a dummy header code
    "packet_tx_default_format": (PSK2, ("variable_cc_encoder_def", dict(CC, framebits="1500*8")),
                                 ("variable_dummy_encoder_def", DUMMY),
                                 "digital.header_format_default(digital.packet_utils.default_access_code, 0)"),
}


def flowgraph(name, pld, enc, enc_hdr, fmt):
    text = HEADER.format(name=name)
    variables = [("sps", "2"), ("nfilts", "32"), ("eb", "0.22"), ("k", "7"), ("rate", "2"), ("polys", "[109, 79]"),
                 ("rep", "3")]
    for i, (v, value) in enumerate(variables):
        text += block(v, "variable", {"value": value}, 300 + 80 * i, 12)
    text += block("Const_HDR", "variable_constellation", PSK2, 900, 12)
    text += block("Const_PLD", "variable_constellation", pld, 1000, 12)
    text += block("enc", enc[0], enc[1], 1100, 12)
    text += block("enc_hdr", enc_hdr[0], enc_hdr[1], 1200, 12)
    if fmt.startswith("digital.header_format_counter"):
        text += block("hdr_format", "variable", {"value": fmt}, 1300, 12)
        fmt = "hdr_format"
    text += block("tx_rrc_taps", "variable_rrc_filter_taps", {"alpha": "eb", "gain": "nfilts",
                  "ntaps": "5*sps*nfilts", "samp_rate": "nfilts", "sym_rate": "1.0"}, 1400, 12)
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": data(PACKETS * LENGTH, 7),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1", "packet_len": str(LENGTH),
                                                              "len_tag_key": '"packet_len"'}, 100)
    text += block("to_pdu", "pdu_tagged_stream_to_pdu", {"type": "byte", "tag": "packet_len"}, 150)
    text += block("packet_tx_0", "packet_tx", {"hdr_const": "Const_HDR", "hdr_enc": "enc_hdr", "hdr_format": fmt,
                                               "pld_const": "Const_PLD", "pld_enc": "enc", "psf_taps": "tx_rrc_taps",
                                               "sps": "sps"}, 200)
    # GNU Radio's PFB resampler leaves the last few samples of the stream out (SigFlow's gives them): not compared
    text += block("head", "blocks_head", {"type": "complex", "num_items": str(KEPT), "vlen": "1"}, 400)
    text += block("sink", "blocks_file_sink", {"type": "complex", "file": f"{name}.cf32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    text += "\nconnections:\n"
    text += "- [src, '0', tagger, '0']\n"
    text += "- [tagger, '0', to_pdu, '0']\n"
    text += "- [to_pdu, pdus, packet_tx_0, in]\n"
    text += "- [packet_tx_0, '0', head, '0']\n"
    text += "- [head, '0', sink, '0']\n"
    text += "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"
    return text


DEC = {"dim1": "1", "dim2": "4", "ndim": "0", "framebits": "8000", "k": "k", "rate": "rate", "polys": "polys",
       "state_start": "0", "state_end": "-1", "padding": "False", "mode": "fec.CC_TERMINATED", "value": '"ok"'}
DEC_HDR = {"dim1": "1", "dim2": "1", "ndim": "0", "framebits": "hdr_format.header_nbits()", "rep": "rep",
           "prob": "0.5", "value": '"ok"'}


def loopback(name):
    """packet_loopback_hier.grc's objects, the transmitter straight into the receiver: the packets that pass the CRC
    (pkt out) as bytes → uchar_to_float → file sink."""
    text = flowgraph(name, *CASES["packet_tx_cc_qpsk"])
    text = text[:text.index("- name: head")]
    text += block("dec", "variable_cc_decoder_def", DEC, 1500, 12)
    text += block("dec_hdr", "variable_repetition_decoder_def", DEC_HDR, 1600, 12)
    text += block("rx_rrc_taps", "variable_rrc_filter_taps", {"alpha": "eb", "gain": "nfilts",
                  "ntaps": "11*sps*nfilts", "samp_rate": "nfilts*sps", "sym_rate": "1.0"}, 1700, 12)
    text += block("packet_rx_0", "packet_rx", {"eb": "eb", "hdr_const": "Const_HDR", "hdr_dec": "dec_hdr",
                                               "hdr_format": "hdr_format", "pld_const": "Const_PLD", "pld_dec": "dec",
                                               "psf_taps": "rx_rrc_taps", "sps": "sps"}, 400)
    text += block("to_stream", "pdu_pdu_to_tagged_stream", {"type": "byte", "tag": "packet_len"}, 500)
    text += block("to_float", "blocks_uchar_to_float", {}, 600)
    text += block("sink", "blocks_file_sink", {"type": "float", "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 700)
    return text + connections(["to_stream", "to_float", "sink"], [
        ("src", "'0'", "tagger", "'0'"), ("tagger", "'0'", "to_pdu", "'0'"), ("to_pdu", "pdus", "packet_tx_0", "in"),
        ("packet_tx_0", "'0'", "packet_rx_0", "'0'"), ("packet_rx_0", "pkt out", "to_stream", "pdus")])


def run_gnuradio(name, seconds=60):
    """GNU Radio's output of one case, stored beside it (the hier block compiled into a scratch HOME)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HOME=tmp)
        for hier in ("packet_tx.grc", "packet_rx.grc"):
            shutil.copy(pathlib.Path(OUT, "hier", hier), tmp)
            subprocess.run(["grcc", hier, "-o", os.path.join(tmp, ".grc_gnuradio")], cwd=tmp, env=env, check=True,
                           capture_output=True)
        shutil.copy(pathlib.Path(OUT, name + ".grc"), tmp)
        subprocess.run(["grcc", name + ".grc", "-o", "."], cwd=tmp, env=env, check=True, capture_output=True)
        script = ("import sys; sys.path.insert(0, '.'); import {0}; tb = {0}.{0}(); tb.start(); tb.wait()"
                  .format(name))
        try:
            subprocess.run(["/usr/bin/python3", "-c", script], cwd=tmp, env=env, timeout=seconds,
                           capture_output=True)
        except subprocess.TimeoutExpired:
            sys.exit(f"{name}: GNU Radio did not finish in {seconds} s")
        out = next(pathlib.Path(tmp).glob(name + ".*32"))
        shutil.copy(out, pathlib.Path(OUT, out.name))
        print(f"{name}: GNU Radio wrote {out.stat().st_size // 4} floats")


def main():
    texts = {name: flowgraph(name, *case) for name, case in CASES.items()}
    texts["packet_loopback_cc_qpsk"] = loopback("packet_loopback_cc_qpsk")
    for name, text in texts.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(text)
        if "--no-run" not in sys.argv:
            run_gnuradio(name)
    print(f"wrote {len(texts)} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
