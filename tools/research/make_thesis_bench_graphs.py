#!/usr/bin/env python3
"""Writes the bench chains of the thesis's per-block GPU-vs-CPU tables (sample-graphs/research/bench/thesis_*.graph):
for add, multiply (two inputs), magnitude, conjugate, single-pole IIR and FM de-emphasis, a CPU chain (null sources,
the block, null sink) and a CUDA chain (each source through Memory CPU->GPGPU, the CUDA twin, Memory GPGPU->CPU).
FFT, FIR and FFT filter use research/bench/fft_n*.graph, fir_n.graph and bench/cuda/fir_filter_64.graph
(tools/research/thesis_tables.sh runs them all). Run from anywhere; the output is committed."""
from graphs import block, chain, edge, graph, write

DESC = ("Bench chain of the thesis's per-block GPU-vs-CPU tables (tools/research/thesis_tables.sh): null sources, "
        "the block under test, a null sink. Without a GPU the CUDA blocks run on the CPU.")
BLOCKS = [  # name, block id, params, input dtype, output dtype, inputs
    ("add", "add", dict(type="cf32", num_inputs=2, vlen=1), "cf32", "cf32", 2),
    ("multiply", "multiply", dict(type="cf32", num_inputs=2, vlen=1), "cf32", "cf32", 2),
    ("magnitude", "complex_to_mag", dict(vlen=1), "cf32", "f32", 1),
    ("conjugate", "conjugate", dict(vlen=1), "cf32", "cf32", 1),
    ("iir", "single_pole_iir", dict(type="cf32", alpha="0.001"), "cf32", "cf32", 1),
    ("fm_deemph", "fm_deemph", dict(samp_rate="240e3", tau="75e-6"), "f32", "f32", 1),
]
for name, bid, params, tin, tout, n in BLOCKS:
    for cuda in (False, True):
        blocks, edges = [], []
        dut = block("dut", bid + ("_cuda" if cuda else ""), 400, 60, **params)
        for i in range(n):
            src = f"src{i}"
            blocks.append(block(src, "null_source", 40, 60 + 120 * i, type=tin, vlen=1))
            port = f"in{i}" if n > 1 else "in"
            if cuda:
                blocks.append(block(f"h2d{i}", "memory_h2d", 220, 60 + 120 * i, type=tin, vlen=1,
                                    wire_format="fp32", page_items="page_items"))
                edges += [edge(src, f"h2d{i}"), edge(f"h2d{i}", "dut", "out", port)]
            else:
                edges.append(edge(src, "dut", "out", port))
        blocks.append(dut)
        tail = ["dut"]
        if cuda:
            blocks.append(block("d2h", "memory_d2h", 580, 60, type=tout, vlen=1, wire_format="fp32",
                                page_items="page_items"))
            tail.append("d2h")
        blocks.append(block("sink", "null_sink", 760, 60, type=tout, vlen=1))
        edges += chain(tail + ["sink"])
        suffix = "_cuda" if cuda else ""
        write(f"sample-graphs/research/bench/thesis_{name}{suffix}.graph", graph(
            f"Bench (thesis tables): {bid}{' (CUDA)' if cuda else ''}", DESC,
            {"page_items": "4194304"} if cuda else {}, blocks, edges))
