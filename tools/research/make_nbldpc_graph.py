#!/usr/bin/env python3
"""Writes sample-graphs/research/nb-ldpc-gf16.graph: a probability-domain FFT-BP decoder of a (2, 4) GF(16) LDPC
code, one column of blocks per iteration, whose check-node update is Walsh-Hadamard -> product -> Walsh-Hadamard 1/q.
Run from anywhere; the output is committed."""
from graphs import block, chain, graph, write

ITERATIONS = 8
code = dict(q="q", n="n", code_seed="code_seed")
channel = dict(code, ebn0_db="ebn0_db", seed="seed")
blocks = [block("channel", "nbldpc_source", 40, 40, frames="frames", **channel)]
ids = ["channel"]
for i in range(1, ITERATIONS + 1):
    x = 40 + 200 * i
    stage = [block(f"wht{i}", "wht", x, 40, q="q", vectors="2 * n", scaling="none", ordering="conflict_free"),
             block(f"check{i}", "nbldpc_check_product", x, 140, q="q", n="n"),
             block(f"iwht{i}", "wht", x, 240, q="q", vectors="2 * n", scaling="1/q", ordering="conflict_free")]
    if i < ITERATIONS:
        stage.append(block(f"var{i}", "nbldpc_variable_node", x, 340, **channel))
    blocks += stage
    ids += [b["id"] for b in stage]
x = 40 + 200 * (ITERATIONS + 1)
blocks += [block("decide", "nbldpc_decision", x, 40, **channel),
           block("out", "file_sink", x, 140, file="out_file", format="f32_le", type="f32", append="false", vlen=1)]
ids += ["decide", "out"]
write("sample-graphs/research/nb-ldpc-gf16.graph", graph(
    "Non-binary LDPC over GF(16): FFT-BP decoding, check nodes by Walsh-Hadamard transform",
    "Iterative updating (Onsjo, Kasai & Watanabe) doing its real job: random codewords of a regular (2, 4) GF(16) LDPC "
    f"code of 48 symbols (192 bits, rate 1/2) sent as BPSK through white noise at Eb/N0 = ebn0_db, decoded by {ITERATIONS} "
    "iterations of probability-domain FFT-BP. Each check-node update is three blocks: Walsh-Hadamard transform of every "
    "edge message (2n vectors of 16 per frame), product of each check's other edges, inverse transform (scaling 1/q). "
    "The file gets one float per frame: its symbol errors after decoding (a frame error when above 0).",
    {"q": "16", "n": "48", "code_seed": "1", "ebn0_db": "3", "seed": "1", "frames": "200",
     "out_file": "'nb-ldpc-symbol-errors.f32'"},
    blocks, chain(ids)))
