#!/usr/bin/env python3
"""Writes a .graph of N blocks for the designer's pan/zoom benchmark (pan_zoom.sh): null_source -> (N-2) x
multiply_const (f32, 1.0) -> null_sink, laid out row by row, 20 blocks a row, 200 x 120 apart.
Usage: chain_graph.py N OUT.graph"""
import json
import sys


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    blocks, conns = [], []
    for i in range(n):
        kind = "null_source" if i == 0 else "null_sink" if i == n - 1 else "multiply_const"
        params = {"type": "f32", "vlen": "1"}
        if kind == "multiply_const":
            params["const"] = "1.0"
        blocks.append({"id": f"b{i}", "type": kind, "params": params, "state": "enabled",
                       "x": 40 + (i % 20) * 200, "y": 40 + (i // 20) * 120, "rotation": 0})
        if i > 0:
            conns.append({"fromBlock": f"b{i - 1}", "fromPort": "out", "toBlock": f"b{i}", "toPort": "in"})
    graph = {"format": "sigflow-graph", "version": 1,
             "metadata": {"title": f"{n}-block chain", "description": "pan/zoom benchmark", "author": "SigFlow"},
             "variables": {}, "blocks": blocks, "connections": conns}
    with open(out, "w") as f:
        json.dump(graph, f, indent=1)


if __name__ == "__main__":
    main()
