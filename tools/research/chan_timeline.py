#!/usr/bin/env python3
"""Summarises a -Dsigflow.cuda.timeline file of the 64-channel channelizer bench (docs/research.md, "One download for
the channelizer's outputs"): per page, the device spans of the upload (thread sigflow-h2d), the channelizer
(sigflow-dut) and the 64 downloads (sigflow-d2h*, or the grouped download's own line), and how late the host queued
each of them. Usage: chan_timeline.py FILE [LABEL]. Times in ms; medians over the pages of the middle of the run."""
import collections
import statistics
import sys


def main():
    path = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else path
    spans = collections.defaultdict(dict)  # role -> page -> list of (host, start, end)
    for line in open(path):
        parts = line.split()
        if len(parts) != 5:
            continue
        who, page, host, start, end = parts[0], int(parts[1]), *map(float, parts[2:])
        role = "h2d" if who.endswith("-h2d") else "dut" if who.endswith("-dut") else "d2h" if "d2h" in who else who
        spans[role].setdefault(page, []).append((host, start, end))
    pages = sorted(set(spans["h2d"]) & set(spans["dut"]) & set(spans["d2h"]))
    if len(pages) < 8:
        print(f"TIMELINE {label}: too few pages timed ({len(pages)})")
        return
    mid = pages[len(pages) // 8: len(pages) * 7 // 8]
    rows = collections.defaultdict(list)
    for p in mid:
        (uh, us, ue), = spans["h2d"][p][:1]
        (kh, ks, ke), = spans["dut"][p][:1]
        d = spans["d2h"][p]
        ds, de = min(x[1] for x in d), max(x[2] for x in d)
        dh0, dh1 = min(x[0] for x in d), max(x[0] for x in d)
        rows["upload span"].append(ue - us)
        rows["kernel span"].append(ke - ks)
        rows["downloads span (first start to last end)"].append(de - ds)
        rows["kernel start after upload end"].append(ks - ue)
        rows["kernel host queue after upload end"].append(kh - ue)
        rows["first download start after kernel end"].append(ds - ke)
        rows["downloads host queue: first after kernel end"].append(dh0 - ke)
        rows["downloads host queue: last minus first"].append(dh1 - dh0)
        if p + 1 in spans["h2d"]:
            (nh, ns, ne), = spans["h2d"][p + 1][:1]
            rows["next upload start after this upload end"].append(ns - ue)
            rows["page period (upload start to next)"].append(ns - us)
        if p + 1 in spans["dut"]:
            rows["next kernel start after this kernel end"].append(spans["dut"][p + 1][0][1] - ke)
    print(f"TIMELINE {label}: {len(pages)} pages timed, medians of {len(mid)} (p10 / p90)")
    for k, v in rows.items():
        v = sorted(v)
        print(f"  {k:48s} {statistics.median(v):8.3f}  ({v[len(v) // 10]:.3f} / {v[len(v) * 9 // 10]:.3f})")


if __name__ == "__main__":
    main()
