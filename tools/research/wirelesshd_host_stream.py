#!/usr/bin/env python3
"""Writes a variant of sample-graphs/research/wirelesshd-ofdm.graph whose memory nodes carry the radio's integer host
stream (cs8 or cs16): the time samples are quantised on the CPU as a radio's converter would (complex_to_interleaved_
char / _short, scale 128 / 32768, round half to even, clip), cross Memory CPU->GPGPU as cs8 / cs16 (widened to cf32
on the GPU), the FFT's output is narrowed back to cs8 / cs16 on the GPU (memory_d2h Host Type) and widened on the CPU
for the demapper. SigFlow has no CPU block that makes or takes a cs8 / cs16 stream from cf32 (the interleaved
converters give u8 / s16 pairs), so the bytes are re-typed through two loopback ZeroMQ PUSH/PULL pairs (raw items,
an end marker ends each stream): byte for byte what a radio's stream is. Usage: wirelesshd_host_stream.py BASE OUT
cs8|cs16 [METHOD] [PORT] (sample-graphs/research/wirelesshd-ofdm-cs8.graph: cs8, no method, port 5610)"""
import json
import sys

base, out, host = sys.argv[1:4]
method = sys.argv[4] if len(sys.argv) > 4 else None
port = int(sys.argv[5]) if len(sys.argv) > 5 else 5610
g = json.load(open(base))
bl = {b["id"]: b for b in g["blocks"]}
pair, scale, conv = {"cs8": ("u8", "128", "char"), "cs16": ("s16", "32768", "short")}[host]


def block(bid, btype, **params):
    return {"id": bid, "type": btype, "params": {k: str(v) for k, v in params.items()}, "state": "enabled",
            "x": 0, "y": 0, "rotation": 0}


def zmq(bid, kind, typ, vlen, p, **extra):
    return block(bid, kind, type=typ, vlen=vlen, address=f"'tcp://127.0.0.1:{p}'", bind="True" if kind == "zmq_push_sink" else "False",
                 timeout=100, pass_tags="False", hwm=-1, peer_timeout=0, **extra)


g["blocks"] += [
    block("to_int", f"complex_to_interleaved_{conv}", scale_factor=scale, vector="True"),
    zmq("up_tx", "zmq_push_sink", pair, 2, port, end_marker="True"),
    zmq("up_rx", "zmq_pull_source", host, 1, port),
    zmq("down_tx", "zmq_push_sink", host, "fft_size", port + 1, end_marker="True"),
    zmq("down_rx", "zmq_pull_source", pair, 2, port + 1),
    block("to_cf32", f"interleaved_{conv}_to_complex", scale_factor=scale, vector="True"),
    block("frames_cf32", "stream_to_vector", type="cf32", num_items="fft_size", vlen=1),
]
bl["frames"]["params"]["type"] = host
bl["h2d"]["params"].update(type=host, device_type="cf32", wire_format="fp32")
bl["d2h"]["params"].update(host_type=host, wire_format="fp32")
if method:
    bl["fft"]["params"]["method"] = method
c = [x for x in g["connections"] if (x["fromBlock"], x["toBlock"]) not in (("drop_cp", "frames"), ("d2h", "demap"))]
link = lambda a, b, pa="out", pb="in": {"fromBlock": a, "fromPort": pa, "toBlock": b, "toPort": pb}
c += [link("drop_cp", "to_int"), link("to_int", "up_tx"), link("up_rx", "frames"), link("d2h", "down_tx"),
      link("down_rx", "to_cf32"), link("to_cf32", "frames_cf32"), link("frames_cf32", "demap")]
g["connections"] = c
pos = {"to_int": (420, 260), "up_tx": (600, 260), "up_rx": (420, 340), "down_tx": (1140, 260), "down_rx": (1140, 340),
       "to_cf32": (1320, 340), "frames_cf32": (1320, 260)}
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
    f"for the demapper. No CPU block makes or takes a {host} stream from cf32, so two loopback ZeroMQ PUSH/PULL pairs "
    f"(ports {port} and {port + 1}, raw items, end markers) re-type the bytes. Made by "
    f"tools/research/wirelesshd_host_stream.py.")
with open(out, "w") as f:
    json.dump(g, f, indent=2)
    f.write("\n")
