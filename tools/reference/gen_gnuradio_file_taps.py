#!/usr/bin/python3
"""GNU Radio 3.10's filter.file_taps_loader(...).get_taps() of the taps files in
engine/src/test/resources/grc/filetaps/ (GRC's variable_file_filter_taps), written as file_taps_gnuradio.json beside
them: file name -> [[re, im], ...] (float64 repr). GrcFileTapsTest compares the imported variables with it.

Usage: /usr/bin/python3 tools/reference/gen_gnuradio_file_taps.py
"""
import json
import os

from gnuradio import filter

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "grc", "filetaps")
FILES = ["complex_bandpass_taps", "real_taps.csv", "rows_of_numbers.txt"]

out = {}
for name in FILES:
    taps = filter.file_taps_loader(os.path.join(DIR, name), False).get_taps()
    out[name] = [[complex(t).real, complex(t).imag] for t in taps]
with open(os.path.join(DIR, "file_taps_gnuradio.json"), "w") as f:
    json.dump(out, f, indent=1)
print("wrote", {k: len(v) for k, v in out.items()})
