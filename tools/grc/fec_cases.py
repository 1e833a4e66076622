#!/usr/bin/python3
"""Writes small GRC flowgraphs that check GNU Radio's FEC API blocks against GNU Radio 3.10: fixed bits → FEC
encoder (a coder variable, as GNU Radio's examples define them) → ±1 (digital_map_bb, char_to_float) + a fixed noise
vector → FEC decoder → char_to_float → file sink, one per case, into engine/src/test/resources/grc/gnuradio/. Then
run compare_grc.py --save on those files to store GNU Radio's output beside each (GnuRadioSamplesTest compares).

Usage: python3 tools/grc/fec_cases.py
"""
import os
import random

from filter_cases import BLOCK, HEADER, OUT


def block(name, grc_id, params, x):
    text = ", ".join("{}: '{}'".format(k, v.replace("'", "''")) for k, v in params.items())
    return BLOCK.format(name=name, id=grc_id, params=text, x=x)


def values(n, seed, bits):
    rng = random.Random(seed)
    items = [str(rng.randint(0, 1)) if bits else str(round(rng.gauss(0, 0.7), 4)) for _ in range(n)]
    return "[" + ", ".join(items) + "]"


CC = {"dim1": "1", "dim2": "1", "ndim": "0", "framebits": "frame_size*8", "k": "k", "rate": "rate", "polys": "polys",
      "state_start": "0", "padding": "False"}
# case name -> (encoder variable id, its params, decoder variable id, its params, code bits per 80 data bits, tagged)
CASES = {
    "fec_cc_terminated": ("variable_cc_encoder_def", dict(CC, mode="fec.CC_TERMINATED"),
                          "variable_cc_decoder_def", dict(CC, mode="fec.CC_TERMINATED", state_end="-1", value='"ok"'),
                          2 * (80 + 6), False),
    "fec_ccsds_streaming": ("variable_ccsds_encoder_def", {"dim1": "1", "dim2": "1", "ndim": "0",
                            "framebits": "frame_size*8", "state_start": "0", "mode": "fec.CC_STREAMING"},
                            "variable_cc_decoder_def", dict(CC, mode="fec.CC_STREAMING", state_end="-1",
                                                            value='"ok"'), 160, False),
    "fec_repetition_tagged": ("variable_repetition_encoder_def", {"dim1": "1", "dim2": "1", "ndim": "0",
                              "framebits": "frame_size*8", "rep": "3"},
                              "variable_repetition_decoder_def", {"dim1": "1", "dim2": "1", "ndim": "0",
                              "framebits": "frame_size*8", "rep": "3", "prob": "0.5", "value": '"ok"'}, 240, True),
    "fec_polar_sc": ("variable_polar_encoder_def", {"block_size": "128", "num_info_bits": "80", "is_packed": "False",
                     "frozen_bit_positions": "cfg['positions']", "frozen_bit_values": "cfg['values']", "dim1": "1",
                     "dim2": "1", "ndim": "0"},
                     "variable_polar_decoder_sc_def", {"block_size": "128", "num_info_bits": "80", "dim1": "1",
                     "frozen_bit_positions": "cfg['positions']", "frozen_bit_values": "cfg['values']", "dim2": "1",
                     "ndim": "0", "value": '"ok"'}, 128, False),
}
FRAMES = 12
# the polar case's code configurator (BEC construction at 0.5 dB)
CONFIG = ("cfg", "variable_polar_code_configurator", {"block_size": "128", "num_info_bits": "80",
                                                      "channel": "polar.CHANNEL_TYPE_BEC", "design_snr": "0.5",
                                                      "mu": "32"})


def flowgraph(name, enc_id, enc, dec_id, dec, code_bits, tagged):
    text = HEADER.format(name=name)
    for i, (v, value) in enumerate([("k", "7"), ("rate", "2"), ("polys", "[109, 79]"), ("frame_size", "10")]):
        text += block(v, "variable", {"value": value}, 300 + 80 * i).replace(", 100]", ", 12]")
    if "polar" in enc_id:
        text += block(*CONFIG, 500).replace(", 100]", ", 12]")
    text += block("enc_def", enc_id, enc, 600).replace(", 100]", ", 12]")
    text += block("dec_def", dec_id, dec, 700).replace(", 100]", ", 12]")
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": values(80 * FRAMES, 3, True),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    chain = ["src"]
    if tagged:
        text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1",
                                                                  "packet_len": "80", "len_tag_key": '"pkt"'}, 100)
        text += block("enc", "fec_extended_tagged_encoder", {"encoder_list": "enc_def", "puncpat": "'11'",
                                                            "lentagname": '"pkt"', "mtu": "100"}, 200)
        chain += ["tagger"]
    else:
        text += block("enc", "fec_extended_encoder", {"encoder_list": "enc_def", "puncpat": "'11'",
                                                     "threadtype": "none"}, 200)
    text += block("mapper", "digital_map_bb", {"map": "[-1, 1]"}, 260)
    text += block("c2f", "blocks_char_to_float", {"scale": "1", "vlen": "1"}, 320)
    text += block("noise", "blocks_vector_source_x", {"type": "float", "vector": values(code_bits * FRAMES, 5, False),
                                                       "repeat": "False", "tags": "[]", "vlen": "1"}, 320)
    text += block("add", "blocks_add_xx", {"type": "float", "num_inputs": "2", "vlen": "1"}, 380)
    if tagged:
        text += block("dec", "fec_extended_tagged_decoder", {"decoder_list": "dec_def", "ann": "None",
                                                            "puncpat": "'11'", "lentagname": '"pkt"', "mtu": "100",
                                                            "value": "fec_extended_decoder"}, 440)
    else:
        text += block("dec", "fec_extended_decoder", {"decoder_list": "dec_def", "ann": "None", "puncpat": "'11'",
                                                     "threadtype": "none", "value": "fec_extended_decoder"}, 440)
    text += block("out", "blocks_char_to_float", {"scale": "1", "vlen": "1"}, 500)
    text += block("sink", "blocks_file_sink", {"type": "float", "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    chain += ["enc", "mapper", "c2f", "add", "dec", "out", "sink"]
    text += "\nconnections:\n"
    for a, b in zip(chain, chain[1:]):
        text += f"- [{a}, '0', {b}, '0']\n"
    text += "- [noise, '0', add, '1']\n"
    text += "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"
    return text


def main():
    for name, case in CASES.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, *case))
    print(f"wrote {len(CASES)} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
