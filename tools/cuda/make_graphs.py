#!/usr/bin/env python3
"""Writes the CUDA graphs: the GPU bench chains (sample-graphs/bench/cuda/*.graph, the CPU bench chains with
h2d -> CUDA twin -> d2h in the middle) and the test graph the CUDA tests run on both paths
(engine/src/test/resources/graphs/cuda-chain.graph). Run from the repository root; the output is committed."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def block(bid, btype, x, **params):
    return {"id": bid, "type": btype, "params": {k: str(v) for k, v in params.items()},
            "state": "enabled", "x": x, "y": 60, "rotation": 0}


def edge(a, b, ap="out", bp="in"):
    return {"fromBlock": a, "fromPort": ap, "toBlock": b, "toPort": bp}


def graph(title, description, blocks, connections, variables=None):
    return {"format": "sigflow-graph", "version": 1,
            "metadata": {"title": title, "description": description, "author": "SigFlow samples"},
            "variables": variables or {}, "blocks": blocks, "connections": connections, "views": []}


def write(path, g):
    p = ROOT / path
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(g, indent=2, ensure_ascii=False) + "\n")
    print(p.relative_to(ROOT))


def mem(bid, kind, x, dtype="cf32", vlen=1, page="page_items", wire="fp32", **other):
    return block(bid, kind, x, type=dtype, vlen=vlen, wire_format=wire, page_items=page, **other)


LINK = "GPU link benchmark for 'sigflow bench' (tools/cuda/cupy_peer.py link runs the same in CuPy)."


def link_graphs():
    """The WirelessHD 512-point FFT stream (Kim et al. 2010) in each wire, host cf32 with the wire packed on the CPU
    or the radio's integer stream (cs16 / cs8) widened and narrowed on the GPU; chains of 1, 4 and 8 element-wise
    blocks (page size set per run); and the null source alone, the rate that bounds every chain."""
    fft = dict(type="cf32", fft_size=512, direction="forward", window="rectangular", beta=6.76, shift="false",
               scaling="none")
    for wire in ("fp32", "fp16", "int16", "int8"):
        write(f"sample-graphs/bench/cuda/wirelesshd_fft512_{wire}.graph", graph(
            f"GPU bench: WirelessHD 512-point FFT stream, {wire} wire", LINK,
            [block("src", "null_source", 40, type="cf32", vlen=512),
             mem("h2d", "memory_h2d", 200, "cf32", 512, wire=wire), block("dut", "fft_cuda", 360, **fft),
             mem("d2h", "memory_d2h", 520, "cf32", 512, wire=wire), block("sink", "null_sink", 680, type="cf32", vlen=512)],
            [edge("src", "h2d"), edge("h2d", "dut"), edge("dut", "d2h"), edge("d2h", "sink")], {"page_items": "8192"}))
    write("sample-graphs/bench/cuda/wirelesshd_fft512_fp32_grouped.graph", graph(
        "GPU bench: WirelessHD 512-point FFT stream, fp32 wire, a sample stream grouped into 512-vectors by "
        "memory_h2d (Items per GPU Vector)", LINK,
        [block("src", "null_source", 40, type="cf32", vlen=1),
         mem("h2d", "memory_h2d", 200, "cf32", 1, device_items=512), block("dut", "fft_cuda", 360, **fft),
         mem("d2h", "memory_d2h", 520, "cf32", 512), block("sink", "null_sink", 680, type="cf32", vlen=512)],
        [edge("src", "h2d"), edge("h2d", "dut"), edge("dut", "d2h"), edge("d2h", "sink")], {"page_items": "8192"}))
    for host in ("cs16", "cs8"):
        write(f"sample-graphs/bench/cuda/wirelesshd_fft512_{host}_host.graph", graph(
            f"GPU bench: WirelessHD 512-point FFT stream, {host} on the host, widened and narrowed on the GPU", LINK,
            [block("src", "null_source", 40, type=host, vlen=512),
             mem("h2d", "memory_h2d", 200, host, 512, device_type="cf32"), block("dut", "fft_cuda", 360, **fft),
             mem("d2h", "memory_d2h", 520, "cf32", 512, host_type=host), block("sink", "null_sink", 680, type=host, vlen=512)],
            [edge("src", "h2d"), edge("h2d", "dut"), edge("dut", "d2h"), edge("d2h", "sink")], {"page_items": "8192"}))
    for k in (1, 4, 8):
        ops = [block(f"op{i}", "multiply_const_cuda", 360 + 40 * i, type="cf32", const="0.5 + 0.5j", vlen=1) for i in range(k)]
        ids = ["h2d"] + [b["id"] for b in ops] + ["d2h"]
        write(f"sample-graphs/bench/cuda/chain_{k}.graph", graph(
            f"GPU bench: {k} element-wise CUDA blocks in a chain", LINK,
            [block("src", "null_source", 40, type="cf32", vlen=1), mem("h2d", "memory_h2d", 200), *ops,
             mem("d2h", "memory_d2h", 720), block("sink", "null_sink", 880, type="cf32", vlen=1)],
            [edge("src", "h2d")] + [edge(a, b) for a, b in zip(ids, ids[1:])] + [edge("d2h", "sink")],
            {"page_items": "4194304"}))
    for vlen in (1, 512):
        write(f"sample-graphs/bench/source/null_source_cf32_v{vlen}.graph", graph(
            f"Bench: the null source alone (cf32, vector length {vlen})", "The rate a single source thread produces "
            "into a null sink: what bounds the GPU link benchmarks (run with the same -Dsigflow.chunkElements).",
            [block("src", "null_source", 40, type="cf32", vlen=vlen), block("sink", "null_sink", 200, type="cf32", vlen=vlen)],
            [edge("src", "sink")]))


BENCH = "GPU benchmark chain for 'sigflow bench': null source, Memory CPU→GPGPU, the CUDA block under test, Memory " \
        "GPGPU→CPU, null sink (tools/cuda/cupy_peer.py runs the same chain in CuPy). Without a GPU it runs on the CPU."

chains = {
    "multiply_const": ([block("dut", "multiply_const_cuda", 360, type="cf32", const="0.5 + 0.5j", vlen=1)], "cf32", 1, "cf32"),
    "quadrature_demod": ([block("dut", "quadrature_demod_cuda", 360, gain=1.0)], "cf32", 1, "f32"),
    "fir_filter_64": ([block("dut", "fir_filter_cuda", 360, io_type="cf32", taps_type="real", decimation=1,
                             taps_mode="explicit", taps="[1.0 / ntaps] * ntaps")], "cf32", 1, "cf32"),
    "fft_1024": ([block("dut", "fft_cuda", 360, type="cf32", fft_size=1024, direction="forward",
                        window="blackman_harris", beta=6.76, shift="false", scaling="none")], "cf32", 1024, "cf32"),
    "rotator": ([block("dut", "rotator_cuda", 360, phase_inc=0.3)], "cf32", 1, "cf32"),
    "pfb_channelizer_64": ([block("dut", "pfb_channelizer_cuda", 360, nchans=64, taps="[1.0 / 1024] * 1024", osr=1)],
                           "cf32", 1, "cf32"),
    "freq_xlating_fir_filter_64": ([block("dut", "freq_xlating_fir_filter_cuda", 360, taps_type="real", decimation=4,
                                          center_freq=3000, samp_rate=32000, taps_mode="explicit",
                                          taps="[1.0 / 64] * 64", cutoff=4000, transition_width=1000,
                                          window="hamming", beta=6.76, gain=1)], "cf32", 1, "cf32"),
    "rational_resampler_64_down4": ([block("dut", "rational_resampler_cuda", 360, io_type="cf32", taps_type="real",
                                           interpolation=1, decimation=4, taps="[1.0 / 64] * 64", fbw=0,
                                           start="zero_history")],
                                    "cf32", 1, "cf32"),
    "rational_resampler_3_2": ([block("dut", "rational_resampler_cuda", 360, io_type="cf32", taps_type="real",
                                      interpolation=3, decimation=2, taps="[1.0 / 48] * 48", fbw=0,
                                      start="zero_history")],
                               "cf32", 1, "cf32"),
    "log_power_fft_1024": ([block("dut", "log_power_fft_cuda", 360, type="cf32", samp_rate=32000, fft_size=1024,
                                  ref_scale=2, frame_rate=31.25, average="average", avg_alpha=0.1,
                                  window="blackman_harris", beta=6.76, shift="True")], "cf32", 1, "f32"),
    "moving_average_1000": ([block("dut", "moving_average_cuda", 360, type="cf32", length=1000, scale=0.001, vlen=1)],
                            "cf32", 1, "cf32"),
    "single_pole_iir": ([block("dut", "single_pole_iir_cuda", 360, type="cf32", alpha=0.001)], "cf32", 1, "cf32"),
    "dc_blocker_32_long": ([block("dut", "dc_blocker_cuda", 360, type="cf32", length=32, long_form="True")],
                           "cf32", 1, "cf32"),
    "hilbert_65": ([block("dut", "hilbert_cuda", 360, num_taps=65, window="hamming", beta=6.76)], "f32", 1, "cf32"),
}

VARS = {"fir_filter_64": {"ntaps": "64"}, "log_power_fft_1024": {"average": "False"}}
OUT_VLEN = {"log_power_fft_1024": 1024}  # output vector length where it differs from the input's
OUTPUTS = {"pfb_channelizer_64": 64}  # chains whose block under test has several outputs: one d2h and sink each

if __name__ == "__main__":
    link_graphs()
    for name, (dut, din, vlen, dout) in chains.items():
        page = "4194304" if vlen == 1 else "4096"  # 32 MiB pages: per-page launch costs fade (measured)
        blocks = [block("src", "null_source", 40, type=din, vlen=1)]
        conns = []
        prev = "src"
        if vlen > 1:  # the stream crosses as vectors: memory_h2d's Items per GPU Vector (no host copy)
            blocks += [mem("h2d", "memory_h2d", 200, din, 1, "page_items", device_items=vlen), *dut]
        else:
            blocks += [mem("h2d", "memory_h2d", 200, din, vlen, "page_items"), *dut]
        conns += [edge(prev, "h2d"), edge("h2d", "dut")]
        outs = OUTPUTS.get(name, 1)
        for k in range(outs):
            d2h, sink = ("d2h", "sink") if outs == 1 else (f"d2h{k}", f"sink{k}")
            ov = OUT_VLEN.get(name, vlen)
            blocks += [mem(d2h, "memory_d2h", 520, dout, ov, "page_items"), block(sink, "null_sink", 680, type=dout, vlen=ov)]
            conns += [edge("dut", d2h, "out" if outs == 1 else f"out{k}"), edge(d2h, sink)]
        if vlen > 1:  # the same with a CPU stream_to_vector in front (the design before Items per GPU Vector)
            s2v = [block("src", "null_source", 40, type=din, vlen=1),
                   block("frames", "stream_to_vector", 120, type="cf32", num_items=vlen, vlen=1),
                   mem("h2d", "memory_h2d", 200, din, vlen, "page_items"), *dut] + blocks[-2:]
            write(f"sample-graphs/bench/cuda/{name}_stream_to_vector.graph",
                  graph(f"GPU bench: {name.replace('_', ' ')}, CPU stream_to_vector in front", BENCH, s2v,
                        [edge("src", "frames"), edge("frames", "h2d")] + conns[1:],
                        {"page_items": page, **VARS.get(name, {})}))
        write(f"sample-graphs/bench/cuda/{name}.graph",
              graph(f"GPU bench: {name.replace('_', ' ')}", BENCH, blocks, conns,
                    {"page_items": page, **VARS.get(name, {})}))
