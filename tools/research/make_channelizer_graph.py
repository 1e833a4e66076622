#!/usr/bin/env python3
"""Writes sample-graphs/research/wideband-channelizer.graph: a generated band of dozens of CW and FM carriers split
by the polyphase channelizer into 16 channels, a waterfall on each of four selected channels. Run from anywhere; the
output is committed."""
from graphs import block, edge, graph, write

CHANNELS = 16
SHOWN = [1, 4, 9, 13]  # channels with a waterfall (9 and 13: negative frequencies)
blocks = [
    block("band", "carrier_band_source", 40, 160, samp_rate="samp_rate", channels=CHANNELS, carriers="carriers",
          amplitude="0.1", seed="seed"),
    block("noise", "noise_source", 40, 300, type="cf32", noise_type="gaussian", amplitude="noise", seed="9"),
    block("sum", "add", 220, 220, type="cf32", num_inputs=2, vlen=1),
    block("length", "head", 400, 220, type="cf32", num_items="int(seconds * samp_rate)", vlen=1),
    block("channels", "pfb_channelizer", 580, 220, nchans=CHANNELS, taps="[]", osr=1),
    block("channel1", "file_sink", 1000, 40, file="out_file", format="cf32_le", type="cf32", append="false", vlen=1),
]
connections = [edge("band", "sum", "out", "in0"), edge("noise", "sum", "out", "in1"), edge("sum", "length"),
               edge("length", "channels")]
views = []
for k in range(CHANNELS):
    y = 40 + 60 * k
    if k in SHOWN:
        blocks.append(block(f"wf{k}", "waterfall_sink", 800, y, type="cf32", samp_rate=f"samp_rate / {CHANNELS}",
                            center_freq=f"{k if k <= CHANNELS // 2 else k - CHANNELS} * samp_rate / {CHANNELS}",
                            fft_size=256, window="blackman_harris", averaging=1, update_rate=30))
        views.append({"id": f"view{k}", "kind": "waterfall", "block": f"wf{k}", "x": 40 + 330 * SHOWN.index(k),
                      "y": 1040, "width": 320, "height": 300, "options": {}})
    else:
        blocks.append(block(f"idle{k}", "null_sink", 800, y, type="cf32", vlen=1))
    connections.append(edge("channels", f"wf{k}" if k in SHOWN else f"idle{k}", f"out{k}", "in"))
connections.append(edge("channels", "channel1", "out1", "in"))  # channel 1 also to a file, for the tests
write("sample-graphs/research/wideband-channelizer.graph", graph(
    "Wideband polyphase channelizer: dozens of carriers into 16 channels",
    "The wideband channelizer paper's setting, scaled to a CPU: a 1.6 MS/s band of 'carriers' CW and FM carriers "
    "(carrier_band_source, seeded) plus noise, split by the polyphase filter-bank channelizer into 16 channels of "
    "100 kS/s; channels 1, 4, 9 and 13 each get a waterfall, the others a null sink; channel 1 is also written to "
    "the file (complex float). For the GPU, put Memory CPU->GPGPU / GPGPU->CPU around a pfb_channelizer_cuda.",
    {"samp_rate": "1.6e6", "carriers": "32", "seed": "2", "noise": "0.001", "seconds": "0.25",
     "out_file": "'channel1.cf32'"},
    blocks, connections, views))
