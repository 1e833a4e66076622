#!/usr/bin/env python3
"""GNU Radio 3.10's flat-top window (fft.window.flattop, float32) for a few lengths.

Writes engine/src/test/resources/reference/gnuradio_flattop.json: {"n": [values…]}. Needs /usr/bin/python3 with
GNU Radio.
"""
import json
import os

from gnuradio.fft import window

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_flattop.json")
with open(OUT, "w") as f:
    json.dump({str(n): [float(v) for v in window.flattop(n)] for n in (2, 7, 64, 1024)}, f)
    f.write("\n")
print("wrote", OUT)
