#!/usr/bin/env python3
"""Summary of link-source.sh: every chain beside its own null source alone, round by round (same call), as now and
with the source rewriting its ring every call ("_rewrite"). Usage: link_source_report.py BENCH_DIR OUT_DIR
(BENCH_DIR holds b-r<round>-<name>.json; OUT_DIR gets link-source.json with every report)."""
import glob
import json
import os
import re
import sys

SOURCE = {"multiply_const": "source_cf32_v1", "fft_1024": "source_cf32_v1", "wirelesshd_fp32": "source_cf32_v512",
          "wirelesshd_cs16_host": "source_cs16_v512", "wirelesshd_cs8_host": "source_cs8_v512"}

runs = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/b-*.json")):
    if os.path.getsize(f):
        runs[os.path.basename(f)[2:-5]] = json.load(open(f))
json.dump(runs, open(f"{sys.argv[2]}/link-source.json", "w"), indent=1)


def busy(r):
    b = {x["id"]: x for x in r["blocks"]}
    return " ".join(f"{k} {b[k]['busy']:.2f}" for k in ("src", "h2d", "dut", "d2h") if k in b)


rounds = sorted({int(re.match(r"r(\d+)-", n).group(1)) for n in runs})
for chain, source in SOURCE.items():
    for mode in ("", "_rewrite"):
        print(f"-- {chain}{mode} (source: {source}{mode})")
        for r in rounds:
            c, s = runs.get(f"r{r}-{chain}{mode}"), runs.get(f"r{r}-{source}{mode}")
            if not c or not s:
                print(f"   round {r}: missing")
                continue
            ns = f", {512e3 / c['msps']:.1f} ns per FFT" if chain.startswith("wirelesshd") and c["msps"] else ""
            print(f"   round {r}: {c['msps']:.0f} Msps{ns} ({busy(c)}); source alone {s['msps']:.0f} Msps "
                  f"(busy {busy(s)}); chain / source {c['msps'] / s['msps']:.2f}")
