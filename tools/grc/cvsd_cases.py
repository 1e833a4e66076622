#!/usr/bin/python3
"""Writes small GRC flowgraphs that check GNU Radio's CVSD vocoder blocks (vocoder_cvsd_encode_fb/_decode_bf, the
hier wrappers with their resampling filters) against GNU Radio 3.10: a fixed swept tone -> encoder -> bytes as
floats (uchar_to_float) -> file sink, the same through encoder and decoder, and fixed bytes -> decoder -> file sink,
one per case, into engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on those files to store
GNU Radio's output beside each (GnuRadioSamplesTest compares; the encoder's bytes must be equal).

Usage: python3 tools/grc/cvsd_cases.py
"""
import math
import random

from case_files import METADATA, chain_connections, write_cases
from fec_cases import block
from filter_cases import HEADER


def sweep(n):
    """A tone sweeping 100 Hz -> 3.5 kHz at 8 kHz, amplitude 0.9, 4 decimals (both sides read the same floats)."""
    phase, out = 0.0, []
    for i in range(n):
        phase += 2 * math.pi * (100 + 3400 * i / n) / 8000
        out.append(str(round(0.9 * math.sin(phase), 4)))
    return "[" + ", ".join(out) + "]"


def some_bytes(n, seed):
    rng = random.Random(seed)
    return "[" + ", ".join(str(rng.randrange(256)) for _ in range(n)) + "]"


# case name -> (source type, source vector, [(GRC id, params)...] in a chain, sink type)
CASES = {
    "cvsd_encode_r8": ("float", sweep(3000), [("vocoder_cvsd_encode_fb", {"resample": "8", "bw": "0.5"}),
                                              ("blocks_uchar_to_float", {})], "float"),
    "cvsd_encode_r4_bw03": ("float", sweep(2400), [("vocoder_cvsd_encode_fb", {"resample": "4", "bw": "0.3"}),
                                                   ("blocks_uchar_to_float", {})], "float"),
    "cvsd_roundtrip_r8": ("float", sweep(3000), [("vocoder_cvsd_encode_fb", {"resample": "8", "bw": "0.5"}),
                                                 ("vocoder_cvsd_decode_bf", {"resample": "8", "bw": "0.5"})],
                          "float"),
    "cvsd_decode_r3_bw04": ("byte", some_bytes(900, 4), [("vocoder_cvsd_decode_bf", {"resample": "3",
                                                                                      "bw": "0.4"})], "float"),
}


def flowgraph(name, src_type, vector, chain, sink_type):
    text = HEADER.format(name=name)
    text += block("src", "blocks_vector_source_x", {"type": src_type, "vector": vector, "repeat": "False",
                                                     "tags": "[]", "vlen": "1"}, 16)
    names = ["src"]
    for i, (grc_id, params) in enumerate(chain):
        names.append(f"b{i}")
        text += block(names[-1], grc_id, params, 200 + 150 * i)
    text += block("sink", "blocks_file_sink", {"type": sink_type, "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 700)
    names.append("sink")
    return text + "\nconnections:\n" + chain_connections(names) + METADATA


if __name__ == "__main__":
    write_cases(CASES, flowgraph)
