#!/usr/bin/env python3
"""What audio_sink hands a sound card: float32 samples as 16-bit PCM, computed in numpy float64.

code = clip(floor(x * 32768 + 0.5), -32768, 32767), NaN -> 0 (±1 full scale; halves round up, as Java's Math.round;
louder samples clip). Inputs: a 440 Hz tone at 1.3 full scale (clips), uniform noise in [-1.5, 1.5), exact halves
and the edges. Writes engine/src/test/resources/reference/audio_pcm16.json: {"x": [...], "pcm": [...]}.
"""
import json
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "audio_pcm16.json")
rng = np.random.default_rng(20261126)
tone = 1.3 * np.sin(2 * np.pi * 440 * np.arange(480) / 48000)
noise = rng.uniform(-1.5, 1.5, 1000)
k = rng.integers(-32768, 32767, 40)
edges = np.concatenate([(k + 0.5) / 32768, [1.0, -1.0, 32767 / 32768, 32767.5 / 32768, -32768.5 / 32768, 0.0, -0.0,
                                              1e-9, -1e-9, np.inf, -np.inf, np.nan]])
x = np.concatenate([tone, noise, edges]).astype(np.float32)
v = x.astype(np.float64) * 32768
pcm = np.where(np.isnan(v), 0, np.clip(np.floor(np.nan_to_num(v, posinf=1e9, neginf=-1e9) + 0.5), -32768, 32767))
with open(OUT, "w") as f:
    json.dump({"x": [None if np.isnan(a) else (a if np.isfinite(a) else str(a)) for a in x.astype(float).tolist()],
               "pcm": pcm.astype(np.int16).tolist()}, f)
    f.write("\n")
print("wrote", OUT, len(x), "samples,", int(np.sum(np.abs(v) > 32767)), "clipped")
