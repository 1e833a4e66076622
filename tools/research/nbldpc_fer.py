#!/usr/bin/env python3
"""Frame and symbol error rates of sample-graphs/research/nb-ldpc-gf16.graph vs Eb/N0 (runs ./sigflow headless,
CPU). Usage: tools/research/nbldpc_fer.py [FRAMES] [EbN0 dB ...]; prints a Markdown table for docs/research.md."""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
frames = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
points = [float(v) for v in sys.argv[2:]] or [0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]
print("| Eb/N0 (dB) | frames | frame errors | FER | symbol error rate |")
print("|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as tmp:
    for eb in points:
        out = os.path.join(tmp, "errors.f32")
        subprocess.run([os.path.join(ROOT, "sigflow"), "run", os.path.join(ROOT, "sample-graphs/research/nb-ldpc-gf16.graph"),
                        "--set", f"ebn0_db={eb}", "--set", f"frames={frames}", "--set", f"out_file='{out}'"],
                       check=True, capture_output=True)
        e = np.fromfile(out, "<f4")
        assert len(e) == frames, (len(e), frames)
        fe = int((e > 0).sum())
        print(f"| {eb:.1f} | {frames} | {fe} | {fe / frames:.2e} | {e.sum() / (48 * frames):.2e} |", flush=True)
