#!/usr/bin/env python3
"""One line from a `sigflow bench --json` report of the research GPU scripts (gpu_round2.sh, gpu_round3.sh):
WHD (the 512-point FFT stream), CHAN (the channelizer), SOURCE (a source alone) or any other KIND (a chain with a
block "dut": its rate, busy and kernel rate), with the busiest block per id
prefix (src, h2d, d2h). Usage: bench_line.py REPORT NAME KIND"""
import json, sys
path, name, kind = sys.argv[1:]
try:
    r = json.load(open(path))
except Exception as e:
    print(f"{kind} {name}: no report ({e})"); sys.exit()
b = {x["id"]: x for x in r["blocks"]}
busy = lambda p: max([x.get("busy", 0) for i, x in b.items() if i.startswith(p)] or [0])
msps = r["msps"]
if kind == "WHD":
    d = b["dut"]
    ns = 512e3 / d["gpu_msps"] if d.get("gpu_msps") else float("nan")
    print(f"WHD {name:22} {msps:9.1f} Msps = {512e3 / msps:7.1f} ns/FFT end to end, {msps * 1344 / 512 / 1e3:5.2f} Gbps "
          f"(336 x 4 bits per 512 samples); src busy {busy('src'):.2f}, h2d {busy('h2d'):.2f}, d2h {busy('d2h'):.2f}; "
          f"FFT kernel in the chain {ns:.2f} ns/FFT")
elif kind == "CHAN":
    d = b["dut"]
    print(f"CHAN {name:22} {msps:9.1f} Msps end to end; src busy {busy('src'):.2f}, h2d {busy('h2d'):.2f}, "
          f"d2h max {busy('d2h'):.2f}; kernel {d.get('gpu_msps', float('nan')):.0f} Msps"
          + (f"; copies per set {b['d2h0']['copies_per_set']:.0f}" if "copies_per_set" in b.get("d2h0", {}) else ""))
elif kind != "SOURCE":
    d = b.get("dut", {})
    k = f"; kernel {d['gpu_msps']:.0f} Msps" if d.get("gpu_msps") else ""
    print(f"{kind} {name:22} {msps:9.1f} Msps end to end; dut busy {d.get('busy', float('nan')):.2f}{k}")
else:
    print(f"SOURCE {name:20} {msps:9.1f} Msps (src busy {busy('src'):.2f})")
