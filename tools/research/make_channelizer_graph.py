#!/usr/bin/env python3
"""Writes the wideband channelizer sample graphs: sample-graphs/research/wideband-channelizer.graph (a generated band
of dozens of CW and FM carriers split by the polyphase channelizer into 16 channels, a waterfall on each of four
selected channels) and its GPU twin wideband-channelizer-cuda.graph (the same with Memory CPU->GPGPU ->
pfb_channelizer_cuda -> one Memory GPGPU->CPU per channel); and the channelizer's end-to-end GPU benchmarks
sample-graphs/research/bench/channelizer_64_*.graph (64 channels x 16 taps, as the CuPy comparison) per host stream, and its CPU twin channelizer_64_cpu.graph (the same 64 x 16 on the CPU, for the GPU-vs-CPU
figure of the paper's abstract). Run from anywhere; the output is committed."""
from graphs import block, edge, graph, write

CHANNELS = 16
SHOWN = [1, 4, 9, 13]  # channels with a waterfall (9 and 13: negative frequencies)


def channelizer(gpu):
    shift = 200 if gpu else 0  # the GPU twin's sinks sit right of the download nodes
    blocks = [
        block("band", "carrier_band_source", 40, 160, samp_rate="samp_rate", channels=CHANNELS, carriers="carriers",
              amplitude="0.1", seed="seed"),
        block("noise", "noise_source", 40, 300, type="cf32", noise_type="gaussian", amplitude="noise", seed="9"),
        block("sum", "add", 220, 220, type="cf32", num_inputs=2, vlen=1),
        block("length", "head", 400, 220, type="cf32", num_items="int(seconds * samp_rate)", vlen=1),
    ]
    connections = [edge("band", "sum", "out", "in0"), edge("noise", "sum", "out", "in1"), edge("sum", "length")]
    if gpu:
        blocks += [block("h2d", "memory_h2d", 580, 220, type="cf32", vlen=1, wire_format="fp32", page_items="page_items"),
                   block("channels", "pfb_channelizer_cuda", 760, 220, nchans=CHANNELS, taps="[]", osr=1)]
        connections += [edge("length", "h2d"), edge("h2d", "channels")]
    else:
        blocks.append(block("channels", "pfb_channelizer", 580, 220, nchans=CHANNELS, taps="[]", osr=1))
        connections.append(edge("length", "channels"))
    blocks.append(block("channel1", "file_sink", 1000 + shift, 40, file="out_file", format="cf32_le", type="cf32",
                        append="false", vlen=1))
    views = []
    for k in range(CHANNELS):
        y = 40 + 60 * k
        src, port = ("channels", f"out{k}")
        if gpu:  # each channel back to the host through its own download node
            blocks.append(block(f"d2h{k}", "memory_d2h", 960, y, type="cf32", vlen=1, wire_format="fp32",
                                page_items=f"int(page_items / {CHANNELS})"))
            connections.append(edge("channels", f"d2h{k}", f"out{k}", "in"))
            src, port = (f"d2h{k}", "out")
        if k in SHOWN:
            blocks.append(block(f"wf{k}", "waterfall_sink", 800 + shift, y, type="cf32",
                                samp_rate=f"samp_rate / {CHANNELS}",
                                center_freq=f"{k if k <= CHANNELS // 2 else k - CHANNELS} * samp_rate / {CHANNELS}",
                                fft_size=256, window="blackman_harris", averaging=1, update_rate=30))
            views.append({"id": f"view{k}", "kind": "waterfall", "block": f"wf{k}", "x": 40 + 330 * SHOWN.index(k),
                          "y": 1040, "width": 320, "height": 300, "options": {}})
        else:
            blocks.append(block(f"idle{k}", "null_sink", 800 + shift, y, type="cf32", vlen=1))
        connections.append(edge(src, f"wf{k}" if k in SHOWN else f"idle{k}", port, "in"))
    connections.append(edge("d2h1" if gpu else "channels", "channel1", "out" if gpu else "out1", "in"))
    variables = {"samp_rate": "1.6e6", "carriers": "32", "seed": "2", "noise": "0.001", "seconds": "0.25",
                 "out_file": "'channel1.cf32'"}
    if gpu:
        variables["page_items"] = "65536"
    return blocks, connections, views, variables


blocks, connections, views, variables = channelizer(False)
write("sample-graphs/research/wideband-channelizer.graph", graph(
    "Wideband polyphase channelizer: dozens of carriers into 16 channels",
    "The wideband channelizer paper's setting, scaled to a CPU: a 1.6 MS/s band of 'carriers' CW and FM carriers "
    "(carrier_band_source, seeded) plus noise, split by the polyphase filter-bank channelizer into 16 channels of "
    "100 kS/s; channels 1, 4, 9 and 13 each get a waterfall, the others a null sink; channel 1 is also written to "
    "the file (complex float). For the GPU, put Memory CPU->GPGPU / GPGPU->CPU around a pfb_channelizer_cuda.",
    variables, blocks, connections, views))

blocks, connections, views, variables = channelizer(True)
write("sample-graphs/research/wideband-channelizer-cuda.graph", graph(
    "Wideband polyphase channelizer on the GPU: dozens of carriers into 16 channels",
    "The GPU twin of wideband-channelizer: the same band (1.6 MS/s, 'carriers' CW and FM carriers plus noise) crosses "
    "Memory CPU->GPGPU in pages of page_items samples (a multiple of the 16 channels), pfb_channelizer_cuda splits "
    "it on the GPU into 16 channels of 100 kS/s, and each channel comes back through its own Memory GPGPU->CPU "
    "(pages of page_items / 16) to the same waterfalls (channels 1, 4, 9, 13), null sinks and channel 1's file. "
    "Without a CUDA device the channelizer's CPU twin runs and the memory nodes pass samples through, so the channels "
    "are those of wideband-channelizer.",
    variables, blocks, connections, views))

# End-to-end benchmarks, 64 channels x 16 taps (the CuPy channelize_poly comparison): the band from one null source
# thread, as cf32 or as the radio's integers (cs16 / cs8 on the host, widened on the GPU; each channel narrowed back
# on the GPU), so the zero-copy memory nodes move 8, 4 or 2 bytes per sample each way.
BENCH_CH = 64
for host in ("cf32", "cs16", "cs8"):
    up = {} if host == "cf32" else {"device_type": "cf32"}
    down = {} if host == "cf32" else {"host_type": host}
    b = [block("src", "null_source", 40, 60, type=host, vlen=1),
         block("h2d", "memory_h2d", 200, 60, type=host, vlen=1, wire_format="fp32", page_items="page_items", **up),
         block("dut", "pfb_channelizer_cuda", 360, 60, nchans=BENCH_CH, taps=f"[1.0 / {16 * BENCH_CH}] * {16 * BENCH_CH}",
               osr=1)]
    c = [edge("src", "h2d"), edge("h2d", "dut")]
    for k in range(BENCH_CH):
        b += [block(f"d2h{k}", "memory_d2h", 520, 60 + 40 * k, type="cf32", vlen=1, wire_format="fp32",
                    page_items=f"int(page_items / {BENCH_CH})", **down),
              block(f"sink{k}", "null_sink", 680, 60 + 40 * k, type=host, vlen=1)]
        c += [edge("dut", f"d2h{k}", f"out{k}", "in"), edge(f"d2h{k}", f"sink{k}")]
    write(f"sample-graphs/research/bench/channelizer_64_{host}.graph", graph(
        f"GPU bench: polyphase channelizer, 64 channels x 16 taps, {host} on the host",
        "End-to-end benchmark for 'sigflow bench' (docs/research.md, piece 4): one null source thread makes the band "
        f"as {host}" + ("" if host == "cf32" else ", widened to cf32 on the GPU") + "; pages of page_items samples "
        "(default 16 Mi: each channel's page is 256 Ki samples, above the zero-copy minimum of 128 Ki) cross "
        "Memory CPU->GPGPU, pfb_channelizer_cuda splits them into 64 channels, each channel comes back through its own "
        "Memory GPGPU->CPU" + ("" if host == "cf32" else f" narrowed to {host} on the GPU") + " into a null sink. "
        "Its bound is the source: run bench/channelizer_source_" + host + ".graph beside it.",
        {"page_items": "16777216"}, b, c))
    write(f"sample-graphs/research/bench/channelizer_source_{host}.graph", graph(
        f"Bench: the channelizer benchmark's null source alone ({host})",
        "The rate one null source thread produces into a null sink: what bounds channelizer_64_" + host + ".",
        {}, [block("src", "null_source", 40, 60, type=host, vlen=1), block("sink", "null_sink", 200, 60, type=host, vlen=1)],
        [edge("src", "sink")]))

# The same channelizer on the CPU (no memory nodes): the GPU-vs-CPU speed-up the paper's abstract quotes, measured on
# the GPU machine's host beside channelizer_64_cf32.
b = [block("src", "null_source", 40, 60, type="cf32", vlen=1),
     block("dut", "pfb_channelizer", 200, 60, nchans=BENCH_CH, taps=f"[1.0 / {16 * BENCH_CH}] * {16 * BENCH_CH}", osr=1)]
c = [edge("src", "dut")]
for k in range(BENCH_CH):
    b.append(block(f"sink{k}", "null_sink", 360, 60 + 40 * k, type="cf32", vlen=1))
    c.append(edge("dut", f"sink{k}", f"out{k}", "in"))
write("sample-graphs/research/bench/channelizer_64_cpu.graph", graph(
    "CPU bench: polyphase channelizer, 64 channels x 16 taps",
    "The CPU twin of channelizer_64_cf32 for 'sigflow bench' (docs/research.md, piece 4): one null source thread makes "
    "the band as cf32, the CPU pfb_channelizer splits it into 64 channels, each into a null sink. Run it beside "
    "channelizer_64_cf32 on the GPU machine for the GPU-vs-CPU speed-up of the paper's abstract.",
    {}, b, c))
