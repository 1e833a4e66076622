#!/usr/bin/env python3
"""Reference frames for SigFlow's Qt-style display sinks, computed independently in float64 with numpy.

Regenerate (deterministic, fixed seed):
    python3 tools/reference/gen_qtgui_sinks.py
Writes engine/src/test/resources/reference/qtgui_sinks.json, read by QtSinkFramesTest. How each is computed:
  histogram      numpy.histogram over edges x_min + (k - 1/2) w, k = 0..bins, w = (x_max - x_min) / bins
                 (GNU Radio's histogram plot puts bin k's centre at x_min + k w and counts each sample in the nearest)
  vector average GNU Radio's vector sink update avg = (1 - a) avg + a x from zeros, for each vector in turn
  time raster    the stream cut into rows of `columns` from its first sample; the newest `rows` whole rows,
                 times mult plus offset
  eye            GNU Radio's eye plot: trace i = x[2 sps i : 2 sps i + 2 sps + 1], i < (points - 1) // (2 sps);
                 a complex input gives the real traces, then the imaginary ones
  autocorrelator |fft(|fft(x)|)| (numpy.fft.fft), first size/2 lags; dB: 20 log10 r - 20 log10 size; else r / max r
  matrix         the vector reshaped to (vlen / columns, columns), row-major
Inputs are rounded to float32, since the engine sees float32 samples.
"""
import json
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "qtgui_sinks.json")
rng = np.random.default_rng(20261126)


def f32(a):
    return np.asarray(a, dtype=np.float32).astype(np.float64)


def fl(a):
    return [float(v) for v in np.ravel(a)]


cases = {}

# histogram: 1024 Gaussian samples (sigma 0.4, some beyond +-1), 100 bins over [-1, 1]; and 37 bins over [-0.5, 2]
hist = []
for n, sigma, mean, bins, xmin, xmax in [(1024, 0.4, 0.0, 100, -1.0, 1.0), (4096, 0.7, 0.5, 37, -0.5, 2.0)]:
    x = f32(rng.normal(mean, sigma, n))
    w = (xmax - xmin) / bins
    edges = xmin + (np.arange(bins + 1) - 0.5) * w
    counts, _ = np.histogram(x, bins=edges)
    hist.append({"x": fl(x), "bins": bins, "x_min": xmin, "x_max": xmax, "counts": fl(counts)})
cases["histogram"] = hist

# vector sink averaging: three vectors of 16, weight 0.2
vecs = f32(rng.normal(0, 1, (3, 16)))
avg = np.zeros(16)
for v in vecs:
    avg = (1 - 0.2) * avg + 0.2 * v
cases["vector_average"] = {"vectors": [fl(v) for v in vecs], "average": 0.2, "expected": fl(avg)}

# time raster: a ramp stream of 1000 samples, 7 rows of 23 columns, mult 2, offset -1
stream = f32(np.arange(1000) * 0.01)
rows, cols = 7, 23
whole = len(stream) // cols
raster = stream[(whole - rows) * cols: whole * cols].reshape(rows, cols) * 2.0 - 1.0
cases["time_raster"] = {"stream": fl(stream), "rows": rows, "columns": cols, "mult": 2.0, "offset": -1.0,
                        "expected": [fl(r) for r in raster]}

# eye: 101 complex samples, 4 samples per symbol
x = f32(rng.normal(0, 1, 101)) + 1j * f32(rng.normal(0, 1, 101))
sps = 4
periods = (len(x) - 1) // (2 * sps)
eye = [x.real[2 * sps * i: 2 * sps * i + 2 * sps + 1] for i in range(periods)]
eye += [x.imag[2 * sps * i: 2 * sps * i + 2 * sps + 1] for i in range(periods)]
cases["eye"] = {"re": fl(x.real), "im": fl(x.imag), "sps": sps, "expected": [fl(t) for t in eye]}

# auto-correlator: a 3-level triangle-ish tone plus noise, 256 samples
n = 256
t = np.arange(n)
x = f32(np.cos(2 * np.pi * 0.05 * t) + 0.1 * rng.normal(0, 1, n)) + 1j * f32(np.sin(2 * np.pi * 0.05 * t))
r = np.abs(np.fft.fft(np.abs(np.fft.fft(x))))[: n // 2]
cases["autocorrelator"] = {"re": fl(x.real), "im": fl(x.imag), "db": fl(20 * np.log10(r) - 20 * np.log10(n)),
                           "normalized": fl(r / r.max())}

# matrix: 100 values as 10 x 10 and as 4 x 25
v = f32(rng.uniform(0, 1, 100))
cases["matrix"] = {"vector": fl(v), "rows10": [fl(r) for r in v.reshape(10, 10)],
                   "rows25": [fl(r) for r in v.reshape(4, 25)]}

with open(OUT, "w") as f:
    json.dump(cases, f, indent=None, separators=(",", ":"))
    f.write("\n")
print("wrote", OUT)
