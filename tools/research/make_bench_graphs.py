#!/usr/bin/env python3
"""Writes the research bench chains for 'sigflow bench' (sample-graphs/research/bench/): the Walsh-Hadamard
transform of vectors of q = 256 (the iterative-updating paper's Table 1 size) on the CPU and, between memory nodes,
on the GPU in both orderings. Variables: q, page_items (vectors per page). Run from anywhere; the output is committed."""
from graphs import block, chain, graph, write

DESC = ("Bench chain for 'sigflow bench': a null source of vectors of q floats, the Walsh-Hadamard transform, a null "
        "sink. Without a GPU the CUDA blocks run on the CPU.")
for name, cuda, ordering in [("wht_256", False, None), ("wht_256_cuda", True, "conflict_free"),
                             ("wht_256_cuda_naive", True, "naive")]:
    wht = block("dut", "wht_cuda" if cuda else "wht", 400, 60, q="q", vectors=1, scaling="none",
                ordering=ordering or "conflict_free")
    mem = lambda bid, kind, x: block(bid, kind, x, 60, type="f32", vlen="q", wire_format="fp32", page_items="page_items")
    blocks = [block("src", "null_source", 40, 60, type="f32", vlen="q")]
    blocks += [mem("h2d", "memory_h2d", 220), wht, mem("d2h", "memory_d2h", 580)] if cuda else [wht]
    blocks.append(block("sink", "null_sink", 760, 60, type="f32", vlen="q"))
    write(f"sample-graphs/research/bench/{name}.graph",
          graph(f"Bench: Walsh-Hadamard q = 256{' (CUDA, ' + ordering + ')' if cuda else ''}", DESC,
                {"q": "256", "page_items": "4096"}, blocks, chain([b["id"] for b in blocks])))
