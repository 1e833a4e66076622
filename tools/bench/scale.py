#!/usr/bin/python3
"""Scheduling at scale: start, stop and throughput of a chain of N blocks, SigFlow against GNU Radio 3.10.

The chain is null_source -> (N-2) x multiply_const (f32, 1.0) -> null_sink, N = 10, 100, 1000, 2000 by default.
SigFlow: `./sigflow run CHAIN.graph --seconds S+15` (the limit counts from the command's start); its summary gives the
seconds from the command's start until every block runs ("command to running", JVM start-up, loading and validation
included), of which building and starting the blocks ("graph start"), the items that reached the sink over the run's
own seconds, and how long the stop took ("stop took"). The graph files are written to a temp folder.
GNU Radio: the same chain as a gr.top_block on the default thread-per-block scheduler; start = tb.start() (block
construction is reported apart), throughput = sink.nitems_read(0) / S, stop = tb.stop(); tb.wait().
A case that does not finish within --timeout seconds is reported as such.

Usage: /usr/bin/python3 tools/bench/scale.py [--sizes 10,100,1000,2000] [--seconds 5] [--startup-room 15]
       [--skip-gnuradio] [--json]
Needs Debian's `gnuradio` package for the peer (apt-get install gnuradio), a JDK 25 for ./sigflow.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

STARTUP_ROOM = 15
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def chain_graph(n):
    blocks = [{"id": "b0", "type": "null_source", "params": {"type": "f32"}}]
    for i in range(1, n - 1):
        blocks.append({"id": f"b{i}", "type": "multiply_const", "params": {"type": "f32", "const": "1.0"}})
    blocks.append({"id": f"b{n - 1}", "type": "null_sink", "params": {"type": "f32"}})
    for b in blocks:
        b.update({"state": "enabled", "x": 0, "y": 0, "rotation": 0})
    conns = [{"fromBlock": f"b{i}", "fromPort": "out", "toBlock": f"b{i + 1}", "toPort": "in"} for i in range(n - 1)]
    return {"format": "sigflow-graph", "version": 1,
            "metadata": {"title": f"chain of {n}", "description": "", "author": "tools/bench/scale.py"},
            "variables": {}, "blocks": blocks, "connections": conns, "views": []}


def sigflow(n, seconds, timeout, extra_env, startup_room=STARTUP_ROOM):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"chain-{n}.graph")
        with open(path, "w") as f:
            json.dump(chain_graph(n), f)
        t0 = time.monotonic()
        try:
            # --seconds counts from the command's start: add room for JVM start-up and loading
            p = subprocess.run([os.path.join(ROOT, "sigflow"), "run", path, "--seconds", str(seconds + startup_room)],
                               capture_output=True, text=True, timeout=timeout, env={**os.environ, **extra_env})
        except subprocess.TimeoutExpired:
            return {"blocks": n, "error": f"did not finish in {timeout} s"}
        wall = time.monotonic() - t0
        m = re.search(r"stopped: ([\d.]+) s, ([\d,]+) items to the sinks .*command to running ([\d.]+) s "
                      r"\(graph start ([\d.]+) s\), stop took (\d+) ms", p.stdout)
        if not m:
            return {"blocks": n, "error": (p.stdout + p.stderr).strip()[-300:]}
        run_s, items, command_s, start_s, stop_ms = (float(m[1]), int(m[2].replace(",", "")), float(m[3]),
                                                     float(m[4]), int(m[5]))
        return {"blocks": n, "command_to_running_s": command_s, "start_s": start_s, "msps": items / run_s / 1e6,
                "stop_ms": stop_ms, "wall_s": round(wall, 2)}


def gnuradio(n, seconds, timeout):
    from gnuradio import blocks, gr
    result = {}

    def body():
        t0 = time.monotonic()
        tb = gr.top_block()
        chain = [blocks.null_source(gr.sizeof_float)]
        chain += [blocks.multiply_const_ff(1.0) for _ in range(n - 2)]
        sink = blocks.null_sink(gr.sizeof_float)
        chain.append(sink)
        for a, b in zip(chain, chain[1:]):
            tb.connect(a, b)
        built = time.monotonic()
        tb.start()
        started = time.monotonic()
        time.sleep(max(0.0, seconds - (started - t0)))
        items = sink.nitems_read(0)
        ran = time.monotonic() - started
        t1 = time.monotonic()
        tb.stop()
        tb.wait()
        result.update({"blocks": n, "build_s": round(built - t0, 3), "start_s": round(started - built, 3),
                       "msps": items / ran / 1e6 if ran > 0 else 0,
                       "stop_ms": round((time.monotonic() - t1) * 1e3)})

    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(timeout)
    return result if result else {"blocks": n, "error": f"did not finish in {timeout} s"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10,100,1000,2000")
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--scheduler", default="", help="SigFlow scheduling: pool (default) or threads")
    ap.add_argument("--skip-gnuradio", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--startup-room", type=float, default=STARTUP_ROOM,
                    help="seconds added to --seconds for SigFlow's start-up (its limit counts from the command's start; "
                         "a heavily loaded machine needs 40)")
    a = ap.parse_args()
    env = {"SIGFLOW_JAVA_OPTS": f"-Dsigflow.scheduler={a.scheduler}"} if a.scheduler else {}
    rows = []
    for n in [int(s) for s in a.sizes.split(",")]:
        rows.append({"engine": "sigflow", **sigflow(n, a.seconds, a.timeout, env, a.startup_room)})
        if not a.skip_gnuradio:
            rows.append({"engine": "gnuradio-3.10", **gnuradio(n, a.seconds, a.timeout)})
        if not a.json:
            for r in rows[-2:] if not a.skip_gnuradio else rows[-1:]:
                print(json.dumps(r), flush=True)
    if a.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    sys.exit(main())
