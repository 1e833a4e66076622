#!/usr/bin/env python3
"""Makes sample-graphs/recordings/fm-tone-256k.cu8: a small RTL-SDR style recording for the sample graphs.

An FM signal (1 kHz tone, 25 kHz deviation) at 256 kS/s, offset by +20 kHz from the centre, with a little noise,
quantised like an RTL-SDR (interleaved unsigned 8-bit I/Q, code = round(x * 127.5 + 127.5)). 2^17 complex samples
(0.51 s, 256 KiB). Deterministic (fixed seed): rerunning gives the same bytes.

Usage: python3 tools/samples/make_fm_recording.py
"""
import pathlib

import numpy as np

FS = 256_000
N = 1 << 17
TONE = 1_000.0
DEVIATION = 25_000.0
OFFSET = 20_000.0

rng = np.random.default_rng(20261121)
t = np.arange(N) / FS
message = np.sin(2 * np.pi * TONE * t)
phase = 2 * np.pi * DEVIATION * np.cumsum(message) / FS + 2 * np.pi * OFFSET * t
x = 0.7 * np.exp(1j * phase)
x += (rng.normal(size=N) + 1j * rng.normal(size=N)) * 0.02
iq = np.empty(2 * N)
iq[0::2] = x.real
iq[1::2] = x.imag
codes = np.clip(np.round(iq * 127.5 + 127.5), 0, 255).astype(np.uint8)
out = pathlib.Path(__file__).resolve().parents[2] / "sample-graphs" / "recordings" / "fm-tone-256k.cu8"
out.write_bytes(codes.tobytes())
print(f"wrote {out} ({len(codes)} bytes)")
