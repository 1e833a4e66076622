#!/usr/bin/env python3
"""Summary of link-writing-source.sh: per case and round, each chain variant against its source alone of the same
round (s0: as now; s<k>: the other source-alone variants, e.g. s2 its thread pinned), with the source's busy share and its work rate (samples over its
work time: a source slower inside its calls, or one waiting for ring space more, or both). Usage:
writing_source_report.py BENCH_DIR OUT_DIR (BENCH_DIR holds b-r<round>-<case>-<variant>.json)."""
import glob
import json
import os
import re
import sys

runs = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/b-*.json")):
    if os.path.getsize(f):
        try:
            runs[os.path.basename(f)[2:-5]] = json.load(open(f))
        except ValueError:
            pass
json.dump(runs, open(f"{sys.argv[2]}/writing-source.json", "w"), indent=1)


def blocks(r):
    return {x["id"]: x for x in r["blocks"]}


def line(r):
    b = blocks(r)
    s = b.get("src", {})
    busy = " ".join(f"{k} {b[k]['busy']:.2f}" for k in ("h2d", "dut", "d2h") if k in b)
    return f"{r['msps']:8.0f} Msps, src busy {s.get('busy', 0):.2f} work {s.get('msps', 0):8.0f} Msps" + (
        f"; {busy}" if busy else "")


keys = [re.match(r"r(\d+)-(\w+)-(\w+)$", n) for n in runs]
cases = sorted({m.group(2) for m in keys if m}, key=["mc", "cs8", "file"].index)
rounds = sorted({int(m.group(1)) for m in keys if m})
for c in cases:
    print(f"-- {c}")
    variants = sorted({m.group(3) for m in keys if m and m.group(2) == c})
    ratios = {}
    for r in rounds:
        s0 = runs.get(f"r{r}-{c}-s0")
        for v in variants:
            x = runs.get(f"r{r}-{c}-{v}")
            if not x:
                continue
            extra = ""
            if not v.startswith("s") and s0:
                q = x["msps"] / s0["msps"]
                ratios.setdefault(v, []).append(q)
                extra = f"  / s0 {q:.2f}"
                for a in [a for a in variants if a.startswith("s") and a != "s0"]:
                    sa = runs.get(f"r{r}-{c}-{a}")
                    if sa:
                        extra += f"  / {a} {x['msps'] / sa['msps']:.2f}"
            print(f"   r{r} {v:3s} {line(x)}{extra}")
    for v, q in ratios.items():
        print(f"   {v}: chain / source alone (s0) per round " + ", ".join(f"{x:.2f}" for x in q)
              + f"; min {min(q):.2f}")
