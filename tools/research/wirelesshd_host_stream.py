#!/usr/bin/env python3
"""Writes a variant of sample-graphs/research/wirelesshd-ofdm.graph whose memory nodes carry the radio's integer host
stream (cs8 or cs16): the time samples are quantised on the CPU as a radio's converter would (complex_to_interleaved_
char / _short, scale 128 / 32768, round half to even, clip), cross Memory CPU->GPGPU as cs8 / cs16 (widened to cf32
on the GPU), the FFT's output is narrowed back to cs8 / cs16 on the GPU (memory_d2h Host Type) and widened on the CPU
for the demapper. The interleaved converters make and take the cs8 / cs16 stream themselves (their Output / Input
Type param): byte for byte what a radio's stream is. (Until 2026-11-27 two loopback ZeroMQ PUSH/PULL pairs re-typed
the bytes; a stalled ZeroMQ link once hung the CI test of this graph.) Usage: wirelesshd_host_stream.py BASE OUT
cs8|cs16 [METHOD] (sample-graphs/research/wirelesshd-ofdm-cs8.graph: cs8, no method)"""
import json
import sys

base, out, host = sys.argv[1:4]
method = sys.argv[4] if len(sys.argv) > 4 else None
g = json.load(open(base))
bl = {b["id"]: b for b in g["blocks"]}
scale, conv = {"cs8": ("128", "char"), "cs16": ("32768", "short")}[host]


def block(bid, btype, **params):
    return {"id": bid, "type": btype, "params": {k: str(v) for k, v in params.items()}, "state": "enabled",
            "x": 0, "y": 0, "rotation": 0}


g["blocks"] += [
    block("to_int", f"complex_to_interleaved_{conv}", scale_factor=scale, vector="True", out_type=host),
    block("unframe", "vector_to_stream", type=host, num_items="fft_size", vlen=1),
    block("to_cf32", f"interleaved_{conv}_to_complex", scale_factor=scale, vector="True", in_type=host),
    block("frames_cf32", "stream_to_vector", type="cf32", num_items="fft_size", vlen=1),
]
bl["frames"]["params"]["type"] = host
bl["h2d"]["params"].update(type=host, device_type="cf32", wire_format="fp32")
bl["d2h"]["params"].update(host_type=host, wire_format="fp32")
if method:
    bl["fft"]["params"]["method"] = method
c = [x for x in g["connections"] if (x["fromBlock"], x["toBlock"]) not in (("drop_cp", "frames"), ("d2h", "demap"))]
link = lambda a, b, pa="out", pb="in": {"fromBlock": a, "fromPort": pa, "toBlock": b, "toPort": pb}
c += [link("drop_cp", "to_int"), link("to_int", "frames"), link("d2h", "unframe"),
      link("unframe", "to_cf32"), link("to_cf32", "frames_cf32"), link("frames_cf32", "demap")]
g["connections"] = c
pos = {"to_int": (420, 260), "unframe": (1140, 260), "to_cf32": (1320, 340), "frames_cf32": (1320, 260)}
for b in g["blocks"]:
    if b["id"] in pos:
        b["x"], b["y"] = pos[b["id"]]
bits = host[2:]
g["metadata"]["title"] = f"WirelessHD-like 16-QAM OFDM, the radio's {host} stream through the GPU's memory nodes"
g["metadata"]["description"] = (
    f"The wirelesshd-ofdm stream as a radio's {bits}-bit integers on the link (docs/research.md, piece 1: the paper's "
    f"'8 bits suffice' on the device): the time samples are quantised on the CPU (Complex To I{conv.capitalize()}, "
    f"scale {scale}, as a radio's converter), cross Memory CPU->GPGPU as {host} and are widened to cf32 on the GPU; "
    f"the FFT's output is narrowed to {host} on the GPU (Memory GPGPU->CPU, Host Type {host}) and widened on the CPU "
    f"for the demapper (I{conv.capitalize()} To Complex, Input Type {host}). Made by "
    f"tools/research/wirelesshd_host_stream.py.")
with open(out, "w") as f:
    json.dump(g, f, indent=2)
    f.write("\n")
