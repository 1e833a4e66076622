#!/usr/bin/env python3
"""Table of tools/cuda/small-pages.sh's runs: per chain, page size and launch path the end-to-end microseconds per
page (and pages/s), the host microseconds per page of the slowest and the mean element-wise CUDA block (work time
over pages: every call, idle ones too), the chain's device microseconds per page (kernel time from events around
the kernels, summed over the chain's blocks), the memory nodes' host microseconds per page, and CuPy's per-page
time for the same chain. Writes OUT/small-pages.json (all figures) beside the printed table."""
import glob
import json
import os
import sys

out = sys.argv[1]
cupy = {}
if os.path.exists(f"{out}/cupy-chains.txt"):
    for line in open(f"{out}/cupy-chains.txt"):
        page, k, us = line.split()
        cupy[(int(page), int(k))] = float(us)
rows = []
raw = {}
for f in sorted(glob.glob(f"{out}/sp/*.json")):
    page, k, mode = os.path.basename(f)[:-5].split("-")
    page, k = int(page), int(k)
    try:
        r = json.load(open(f))
    except ValueError:
        rows.append(dict(page=page, k=k, mode=mode, error="no report (see stderr.log)"))
        continue
    raw[os.path.basename(f)[:-5]] = r
    ops = [b for b in r["blocks"] if b["id"].startswith("op")]
    pages = r["samples"] / page
    host = [page / b["msps"] for b in ops if b["msps"] > 0]
    dev = sum(b.get("kernel_ms", 0) / b.get("pages", b["pages_timed"]) * 1e3 for b in ops if b.get("pages_timed"))
    mem = {b["id"]: round(page / b["msps"], 2) for b in r["blocks"] if b["id"] in ("h2d", "d2h") and b["msps"] > 0}
    e2e = page / r["msps"] if r["msps"] > 0 else float("nan")
    rows.append(dict(page=page, k=k, mode=mode, pages=int(pages), e2e_us=round(e2e, 2),
                     pages_per_s=round(1e6 / e2e), host_us_max=round(max(host), 2), host_us_mean=round(sum(host) / len(host), 2),
                     device_us=round(dev, 2), memory_us=mem, fused=ops[0].get("fused", 0),
                     graph_pages=sum(b.get("graph_pages", 0) for b in ops), cupy_us=cupy.get((page, k)),
                     busy_max=max(b["busy"] for b in ops)))
json.dump({"rows": rows, "reports": raw}, open(f"{out}/small-pages.json", "w"), indent=1)
print(f"{'page':>8} {'k':>2} {'path':8} {'e2e us/page':>11} {'pages/s':>9} {'block host us (max/mean)':>25} "
      f"{'device us':>9} {'h2d/d2h host us':>16} {'CuPy us':>8} {'CuPy/SigFlow':>12}")
order = {"base": 0, "jcuda": 1, "ffm": 2, "graph": 3, "runsoff": 4, "fused": 5, "run2": 6, "run8": 7, "ring32": 8, "ring32r8": 9, "lap1": 10, "fusedffm": 11}
for r in sorted(rows, key=lambda r: (r["page"], r["k"], order.get(r["mode"], 9))):
    if "error" in r:
        print(f"{r['page']:>8} {r['k']:>2} {r['mode']:8} {r['error']}")
        continue
    c = r["cupy_us"]
    print(f"{r['page']:>8} {r['k']:>2} {r['mode']:8} {r['e2e_us']:>11.2f} {r['pages_per_s']:>9} "
          f"{r['host_us_max']:>12.2f} / {r['host_us_mean']:<10.2f} {r['device_us']:>9.2f} "
          f"{str(r['memory_us'].get('h2d', '-')) + ' / ' + str(r['memory_us'].get('d2h', '-')):>16} "
          f"{c if c is not None else '-':>8} {(c / r['e2e_us']) if c else float('nan'):>12.2f}")
