#!/usr/bin/env python3
"""Writes sample-graphs/research/nb-ldpc-gf16.graph: a probability-domain FFT-BP decoder of a (2, 4) GF(16) LDPC
code, one column of blocks per iteration, whose check-node update is Walsh-Hadamard -> product -> Walsh-Hadamard 1/q;
and nb-ldpc-gf16-cuda.graph, the same with every check-node update on the GPU between memory nodes.
Run from anywhere; the output is committed."""
from graphs import block, chain, graph, write

ITERATIONS = 8
code = dict(q="q", n="n", code_seed="code_seed")
channel = dict(code, ebn0_db="ebn0_db", seed="seed")
VARIABLES = {"q": "16", "n": "48", "code_seed": "1", "ebn0_db": "3", "seed": "1", "frames": "200",
             "out_file": "'nb-ldpc-symbol-errors.f32'"}
DESCRIPTION = (
    "Iterative updating (Onsjo, Kasai & Watanabe) doing its real job: random codewords of a regular (2, 4) GF(16) LDPC "
    f"code of 48 symbols (192 bits, rate 1/2) sent as BPSK through white noise at Eb/N0 = ebn0_db, decoded by {ITERATIONS} "
    "iterations of probability-domain FFT-BP. Each check-node update is three blocks: Walsh-Hadamard transform of every "
    "edge message (2n vectors of 16 per frame), product of each check's other edges, inverse transform (scaling 1/q). "
    "The file gets one float per frame: its symbol errors after decoding (a frame error when above 0).")


def decoder(cuda):
    suffix = "_cuda" if cuda else ""
    blocks = [block("channel", "nbldpc_source", 40, 40, frames="frames", **channel)]
    ids = ["channel"]
    for i in range(1, ITERATIONS + 1):
        x = 40 + 200 * i
        mem = lambda bid, kind, y: block(bid, kind, x, y, type="f32", vlen="2 * n * q", wire_format="fp32",
                                         page_items="page_frames")
        stage = [block(f"wht{i}", "wht" + suffix, x, 140, q="q", vectors="2 * n", scaling="none",
                       ordering="conflict_free"),
                 block(f"check{i}", "nbldpc_check_product" + suffix, x, 240, q="q", n="n"),
                 block(f"iwht{i}", "wht" + suffix, x, 340, q="q", vectors="2 * n", scaling="1/q",
                       ordering="conflict_free")]
        if cuda:
            stage = [mem(f"up{i}", "memory_h2d", 40)] + stage + [mem(f"down{i}", "memory_d2h", 440)]
        if i < ITERATIONS:
            stage.append(block(f"var{i}", "nbldpc_variable_node", x, 540, **channel))
        blocks += stage
        ids += [b["id"] for b in stage]
    x = 40 + 200 * (ITERATIONS + 1)
    blocks += [block("decide", "nbldpc_decision", x, 40, **channel),
               block("out", "file_sink", x, 140, file="out_file", format="f32_le", type="f32", append="false", vlen=1)]
    ids += ["decide", "out"]
    return blocks, chain(ids)


write("sample-graphs/research/nb-ldpc-gf16.graph", graph(
    "Non-binary LDPC over GF(16): FFT-BP decoding, check nodes by Walsh-Hadamard transform", DESCRIPTION, VARIABLES,
    *decoder(False)))
write("sample-graphs/research/nb-ldpc-gf16-cuda.graph", graph(
    "Non-binary LDPC over GF(16): FFT-BP decoding, check nodes on the GPU",
    DESCRIPTION + " Here every check-node update runs on the GPU between memory nodes (page_frames frames per page); "
    "the variable nodes stay on the CPU. Without a GPU it runs on the CPU and gives the same symbol errors.",
    dict(VARIABLES, page_frames="32"), *decoder(True)))
