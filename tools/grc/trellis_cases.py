#!/usr/bin/python3
"""Writes GRC flowgraphs that check gr-trellis' ISI objects against GNU Radio 3.10, as viterbi_equalization.grc builds
them: fixed 4-ary symbols → chunks_to_symbols (fu.pam4) → FIR filter (the ISI channel fu.c_channel) + a fixed noise
vector → trellis_viterbi_combined with trellis.fsm(len(modulation[1]), len(channel)) and
fu.make_isi_lookup(modulation, channel, normalize) → char_to_float → file sink, into
engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on those files to store GNU Radio's output
beside each (GnuRadioSamplesTest compares).

Usage: python3 tools/grc/trellis_cases.py
"""
import random

from filter_cases import BLOCK, HEADER, connections, write_cases


def block(name, grc_id, params, x, y=100):
    text = ", ".join("{}: '{}'".format(k, v.replace("'", "''")) for k, v in params.items())
    return BLOCK.format(name=name, id=grc_id, params=text, x=x).replace(", 100]", f", {y}]")


BLOCKS, BLOCK_SIZE = 8, 100
# case -> (normalize the channel, noise standard deviation)
CASES = {"trellis_isi_pam4": ("False", 0.6), "trellis_isi_pam4_normalized": ("True", 0.25)}


def values(n, seed, symbols, sigma=0.0):
    rng = random.Random(seed)
    items = [str(rng.randrange(4)) if symbols else str(round(rng.gauss(0, sigma), 4)) for _ in range(n)]
    return "[" + ", ".join(items) + "]"


def flowgraph(name, normalize, sigma):
    n = BLOCKS * BLOCK_SIZE
    text = HEADER.format(name=name)
    text += block("imports", "import", {"imports": "import gnuradio.trellis.fsm_utils as fu"}, 200, 12)
    text += block("imports_trellis", "import", {"imports": "from gnuradio import trellis"}, 300, 12)
    variables = [("modulation", "fu.pam4"), ("channel", "fu.c_channel"),
                 ("fsm", "trellis.fsm(len(modulation[1]),len(channel))"),
                 ("tot_mod", f"fu.make_isi_lookup(modulation,channel,{normalize})")]   # c_channel's energy: 0.9996
    for i, (v, value) in enumerate(variables):
        text += block(v, "variable", {"value": value}, 400 + 100 * i, 12)
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": values(n, 11, True),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    text += block("mod", "digital_chunks_to_symbols_xx", {"dimension": "modulation[0]", "in_type": "byte",
                                                          "num_ports": "1", "out_type": "float",
                                                          "symbol_table": "modulation[1]"}, 100)
    text += block("isi", "fir_filter_xxx", {"decim": "1", "samp_delay": "0", "taps": "channel", "type": "fff"}, 200)
    text += block("noise", "blocks_vector_source_x", {"type": "float", "vector": values(n, 13, False, sigma),
                                                       "repeat": "False", "tags": "[]", "vlen": "1"}, 200, 200)
    text += block("add", "blocks_add_xx", {"type": "float", "num_inputs": "2", "vlen": "1"}, 300)
    text += block("va", "trellis_viterbi_combined_xx", {"block_size": str(BLOCK_SIZE), "dim": "tot_mod[0]",
                                                        "final_state": "-1", "fsm_args": "fsm", "init_state": "-1",
                                                        "metric_type": "digital.TRELLIS_EUCLIDEAN", "out_type": "b",
                                                        "table": "tot_mod[1]", "type": "f"}, 400)
    text += block("out", "blocks_char_to_float", {"scale": "1", "vlen": "1"}, 500)
    text += block("sink", "blocks_file_sink", {"type": "float", "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    return text + connections(["src", "mod", "isi", "add", "va", "out", "sink"], [("noise", "'0'", "add", "'1'")])


if __name__ == "__main__":
    write_cases(CASES, flowgraph)
