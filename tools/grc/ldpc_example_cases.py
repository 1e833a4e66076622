#!/usr/bin/python3
"""Writes headless copies of GNU Radio's six LDPC FEC examples (gr-fec/examples/fecapi_*ldpc*.grc) and its polar
decoders example (SC and SC list) as GnuRadioSamplesTest
cases: every Qt time sink input becomes a float file sink (CASE.f32, CASE.1.f32, …), the throttle becomes a head of
HEAD bytes (a finite run), the ControlPort monitor goes, and the alist paths under gr.prefix() name the copies of GNU
Radio's alist files committed beside the cases. Then run compare_grc.py --save on them to store GNU Radio's outputs.

Usage: python3 tools/grc/ldpc_example_cases.py [EXAMPLES_DIR]   (default /work/shared/grc-examples/gr-fec/examples)
"""
import os
import re
import sys

import yaml

from filter_cases import OUT

EXAMPLES = ["fecapi_ldpc_encoders", "fecapi_ldpc_decoders", "fecapi_tagged_ldpc_encoders",
            "fecapi_tagged_ldpc_decoders", "fecapi_async_ldpc_encoders", "fecapi_async_ldpc_decoders",
            "fecapi_polar_decoders"]
HEAD = 420                                     # bytes: 80 words of 42 bits
PREFIX = re.compile(r'gr\.prefix\(\)\s*\+\s*"/share/gnuradio/fec/ldpc/"\s*\+\s*')


def headless(doc, case):
    doc["options"]["parameters"]["generate_options"] = "no_gui"
    doc["options"]["parameters"]["id"] = case
    blocks, sinks = [], {}
    for b in doc["blocks"]:
        p = b["parameters"]
        if b.get("states", {}).get("state") == "disabled" or b["id"] == "blocks_ctrlport_monitor_performance":
            continue
        for key in ("file", "filename"):
            if key in p and "gr.prefix()" in str(p[key]):
                p[key] = PREFIX.sub("", str(p[key])).replace('gr.prefix() +"/share/gnuradio/fec/ldpc/', '"')
        if b["id"] == "blocks_throttle":
            b["id"] = "blocks_head"
            b["parameters"] = {"type": "byte", "num_items": str(HEAD), "vlen": "1"}
        if b["id"] == "qtgui_time_sink_x":
            sinks[b["name"]] = int(p["nconnections"])
            continue
        blocks.append(b)
    names = {b["name"] for b in blocks}
    connections = [c for c in doc["connections"] if c[0] in names and c[2] in names]
    # a block fed only by a disabled one (GRC greys it out) goes too, and what it alone fed
    fed = {c[2] for c in doc["connections"]}
    while True:
        names = {b["name"] for b in blocks}
        orphans = {m for m in names & fed if not any(c[2] == m and c[0] in names for c in connections)}
        if not orphans:
            break
        blocks = [b for b in blocks if b["name"] not in orphans]
        connections = [c for c in connections if c[0] not in orphans and c[2] not in orphans]
    names = {b["name"] for b in blocks}
    n = 0
    for c in doc["connections"]:
        if c[2] in sinks and c[0] in names:
            name = "sink%d" % n
            blocks.append({"name": name, "id": "blocks_file_sink", "parameters": {
                "type": "float", "file": case + (".%d" % n if n else "") + ".f32", "append": "False",
                "unbuffered": "False", "vlen": "1"}, "states": {"coordinate": [900, 100 + 60 * n], "rotation": 0,
                                                                 "state": "enabled"}})
            connections.append([c[0], c[1], name, "0"])
            n += 1
    doc["blocks"] = blocks
    doc["connections"] = connections
    return doc


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/grc-examples/gr-fec/examples"
    for name in EXAMPLES:
        with open(os.path.join(src, name + ".grc")) as f:
            doc = yaml.safe_load(f)
        case = "example_" + name
        with open(os.path.join(OUT, case + ".grc"), "w") as f:
            yaml.safe_dump(headless(doc, case), f, sort_keys=False, width=120)
    print(f"wrote {len(EXAMPLES)} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
