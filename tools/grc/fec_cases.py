#!/usr/bin/python3
"""Writes small GRC flowgraphs that check GNU Radio's FEC API blocks against GNU Radio 3.10: fixed bits → FEC
encoder (a coder variable, as GNU Radio's examples define them; the LDPC ones on GNU Radio's alist files, committed
beside the cases) → ±1 (digital_map_bb, char_to_float) + a fixed noise
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
H42 = '"n_0100_k_0042_gap_02.alist"'
G58 = "'./' + " + '"n_0100_k_0058_gen_matrix.alist"'     # a path expression, as GNU Radio's examples write them
LDPC = {"dim1": "1", "dim2": "1", "ndim": "0", "value": '"ok"'}
# LDPC cases: name -> (matrix and coder variables, information bits per word, code bits per word, tagged packet words)
# (their alist files, GNU Radio's own, are committed beside the cases and copied with them)
LDPC_CASES = {
    "fec_ldpc_G_bit_flip": ([("G", "variable_ldpc_G_matrix_def", {"filename": G58, "value": '"ok"'}),
                             ("enc_def", "variable_ldpc_encoder_G_def", dict(LDPC, G="G")),
                             ("dec_def", "variable_ldpc_bit_flip_decoder_def",
                              dict(LDPC, matrix_object="G", max_iterations="100"))], 58, 100, 0),
    "fec_ldpc_H_bit_flip_tagged": ([("H", "variable_ldpc_H_matrix_def", {"filename": H42, "gap": "2", "value": '"ok"'}),
                                    ("enc_def", "variable_ldpc_encoder_H_def", dict(LDPC, H="H")),
                                    ("dec_def", "variable_ldpc_bit_flip_decoder_def",
                                     dict(LDPC, matrix_object="H", max_iterations="100"))], 42, 100, 2),
    "fec_ldpc_sum_product": ([("enc_def", "variable_ldpc_encoder_def", dict(LDPC, file=H42)),
                              ("dec_def", "variable_ldpc_decoder_def", dict(LDPC, file=H42, sigma="0.7",
                                                                            max_iter="50"))], 42, 100, 0),
    "fec_ldpc_sum_product_tagged": ([("enc_def", "variable_ldpc_encoder_def", dict(LDPC, file=H42)),
                                     ("dec_def", "variable_ldpc_decoder_def", dict(LDPC, file=H42, max_iter="20"))],
                                    42, 100, 1),
}
FRAMES = 12
# the polar case's code configurator (BEC construction at 0.5 dB)
CONFIG = ("cfg", "variable_polar_code_configurator", {"block_size": "128", "num_info_bits": "80",
                                                      "channel": "polar.CHANNEL_TYPE_BEC", "design_snr": "0.5",
                                                      "mu": "32"})


def flowgraph(name, enc_id, enc, dec_id, dec, code_bits, tagged, variables=(), bits=80, words=1, mtu=100):
    """A case; with `variables` (LDPC: (name, GRC id, params) of the matrices and coders) enc_id is unused, frames
    are `bits` long and a tagged packet is `words` frames."""
    text = HEADER.format(name=name)
    for i, (v, value) in enumerate([("k", "7"), ("rate", "2"), ("polys", "[109, 79]"), ("frame_size", "10")]):
        text += block(v, "variable", {"value": value}, 300 + 80 * i).replace(", 100]", ", 12]")
    if "polar" in enc_id:
        text += block(*CONFIG, 500).replace(", 100]", ", 12]")
    for i, v in enumerate(variables or [("enc_def", enc_id, enc), ("dec_def", dec_id, dec)]):
        text += block(*v, 600 + 100 * i).replace(", 100]", ", 12]")
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": values(bits * FRAMES, 3, True),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    chain = ["src"]
    if tagged:
        text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1",
                                                                  "packet_len": str(bits * words),
                                                                  "len_tag_key": '"pkt"'}, 100)
        text += block("enc", "fec_extended_tagged_encoder", {"encoder_list": "enc_def", "puncpat": "'11'",
                                                            "lentagname": '"pkt"', "mtu": str(mtu)}, 200)
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
                                                            "puncpat": "'11'", "lentagname": '"pkt"', "mtu": str(mtu),
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
    for name, (variables, k, n, words) in LDPC_CASES.items():
        # MTU: a whole number of words in bytes (GNU Radio's tagged coders take MTU × 8 bits as their frame size)
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, "", {}, "", {}, n, words > 0, variables, k, max(words, 1), k))
    print(f"wrote {len(CASES) + len(LDPC_CASES)} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
