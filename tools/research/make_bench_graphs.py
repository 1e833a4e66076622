#!/usr/bin/env python3
"""Writes the research bench chains for 'sigflow bench' (sample-graphs/research/bench/): the Walsh-Hadamard
transform of vectors of q = 256 (the iterative-updating paper's Table 1 size) on the CPU and, between memory nodes,
on the GPU in each ordering. Variables: q, page_items (vectors per page). Run from anywhere; the output is committed."""
from graphs import block, chain, graph, write

DESC = ("Bench chain for 'sigflow bench': a null source of vectors of q floats, the Walsh-Hadamard transform, a null "
        "sink. Without a GPU the CUDA blocks run on the CPU.")
for name, cuda, ordering in [("wht_256", False, None), ("wht_256_cuda", True, "conflict_free"),
                             ("wht_256_cuda_naive", True, "naive"), ("wht_256_cuda_random", True, "random")]:
    wht = block("dut", "wht_cuda" if cuda else "wht", 400, 60, q="q", vectors=1, scaling="none",
                ordering=ordering or "conflict_free")
    mem = lambda bid, kind, x: block(bid, kind, x, 60, type="f32", vlen="q", wire_format="fp32", page_items="page_items")
    blocks = [block("src", "null_source", 40, 60, type="f32", vlen="q")]
    blocks += [mem("h2d", "memory_h2d", 220), wht, mem("d2h", "memory_d2h", 580)] if cuda else [wht]
    blocks.append(block("sink", "null_sink", 760, 60, type="f32", vlen="q"))
    write(f"sample-graphs/research/bench/{name}.graph",
          graph(f"Bench: Walsh-Hadamard q = 256{' (CUDA, ' + ordering + ')' if cuda else ''}", DESC,
                {"q": "256", "page_items": "4096"}, blocks, chain([b["id"] for b in blocks])))

# Prasad & Subramanyan's sweep: FIR of ntaps taps and FFT of n points, CPU block and CUDA block (fir_filter_cuda's
# chain is sample-graphs/bench/cuda/fir_filter_64.graph, which takes --set ntaps=N as well)
SWEEP = ("Bench chain for the GPU FIR/FFT vs CPU sweep (tools/research/fir_fft_sweep.py): null source, the block under "
         "test, null sink; --set ntaps=N or n=N.")
fir = block("dut", "fir_filter", 400, 60, io_type="cf32", taps_type="real", decimation="1", taps_mode="explicit",
            taps="[1.0 / ntaps] * ntaps")
write("sample-graphs/research/bench/fir_n.graph", graph(
    "Bench: FIR of ntaps taps (CPU)", SWEEP, {"ntaps": "64"},
    [block("src", "null_source", 40, 60, type="cf32", vlen=1), fir,
     block("sink", "null_sink", 760, 60, type="cf32", vlen=1)], chain(["src", "dut", "sink"])))
for cuda in (False, True):
    fft = block("dut", "fft_cuda" if cuda else "fft", 400, 60, type="cf32", fft_size="n", direction="forward",
                window="rectangular", beta="6.76", shift="False", scaling="none", method="cufft")
    mem = lambda bid, kind, x: block(bid, kind, x, 60, type="cf32", vlen="n", wire_format="fp32",
                                     page_items="page_items // n")
    blocks = [block("src", "null_source", 40, 60, type="cf32", vlen=1),
              block("frames", "stream_to_vector", 220, 60, type="cf32", num_items="n", vlen=1)]
    blocks += [mem("h2d", "memory_h2d", 310), fft, mem("d2h", "memory_d2h", 580)] if cuda else [fft]
    blocks.append(block("sink", "null_sink", 760, 60, type="cf32", vlen="n"))
    write(f"sample-graphs/research/bench/fft_n{'_cuda' if cuda else ''}.graph", graph(
        f"Bench: FFT of n points ({'CUDA, cuFFT' if cuda else 'CPU'})", SWEEP,
        dict({"n": "1024"}, **({"page_items": "4194304"} if cuda else {})), blocks, chain([b["id"] for b in blocks])))
