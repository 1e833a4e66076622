#!/usr/bin/env python3
"""Runs .grc flowgraphs headless in GNU Radio 3.10 and in SigFlow and compares the samples their file sinks write.

Each flowgraph is copied into two scratch folders (relative sink paths land there; the .alist files beside it that it
names come along); GNU Radio runs the Python that
`grcc` generates, SigFlow runs `./sigflow run FILE.grc` (import in memory). Both are stopped after --seconds if they
do not finish (an endless source). Every file both wrote is compared over the samples both have:
max |sigflow - gnuradio| / rms(gnuradio) <= --tol passes. Flowgraphs that need a display (Qt GUI) or hardware, or
that either side cannot run, are listed as skipped with the reason.

Usage:
  python3 tools/grc/compare_grc.py FILE_OR_DIR...            # prints one line per flowgraph and a summary
  python3 tools/grc/compare_grc.py --save DIR FILE_OR_DIR...  # also stores GNU Radio's output files in DIR
Needs Debian's gnuradio (grcc, /usr/bin/python3) and ./sigflow's requirements.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
DTYPES = {"complex": np.complex64, "float": np.float32, "int": np.int32, "short": np.int16, "byte": np.int8}
# imports grcc's module and runs its top block to the end (its own main() may wait for Enter instead)
GR_RUNNER = ("import importlib, inspect, sys; from gnuradio import gr; m = importlib.import_module(sys.argv[1]); "
             "c = [v for v in vars(m).values() if inspect.isclass(v) and issubclass(v, gr.top_block) "
             "and v is not gr.top_block][0]; c().run()")
NEEDS_DISPLAY = re.compile(r"generate_options:\s*qt_gui|id:\s*qtgui_|id:\s*(uhd|soapy|audio|osmosdr)_")


def sinks(grc_text):
    """(file, item dtype, vlen) of each enabled blocks_file_sink, read loosely from the YAML."""
    import yaml  # PyYAML: only needed here
    try:
        doc = yaml.safe_load(grc_text)
    except yaml.YAMLError:
        return []
    out = []
    if not isinstance(doc, dict):
        return out
    for b in doc.get("blocks", []):
        state = str((b.get("states") or {}).get("state", "enabled"))
        if b.get("id") == "blocks_file_sink" and state in ("enabled", "True", "true"):
            p = b.get("parameters", {})
            out.append((str(p.get("file", "")), str(p.get("type", "complex")), str(p.get("vlen", "1"))))
    return out


def companions(grc, text):
    """Data files beside the flowgraph that it names (LDPC alist matrices), copied with it."""
    return [p for p in grc.parent.glob("*.alist") if p.name in text]


def run(cmd, cwd, seconds):
    """Runs cmd; returns None when it finished or was stopped after `seconds`, else the end of its stderr."""
    with subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as p:
        try:
            _, err = p.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.communicate()
            return None
        return None if p.returncode == 0 else (err.strip().splitlines() or ["exit %d" % p.returncode])[-1]


def compare(grc, seconds, tol, save):
    text = grc.read_text()
    if NEEDS_DISPLAY.search(text):
        return "skip", "needs a display or hardware"
    if text.lstrip().startswith("<"):
        return "skip", "GRC 3.7 XML"
    files = sinks(text)
    if not files or any(os.path.isabs(f) or not f for f, _, _ in files):
        return "skip", "no file sink with a relative path"
    if any(t not in DTYPES for _, t, _ in files):
        return "skip", "file sink type not compared"
    with tempfile.TemporaryDirectory() as tmp:
        gr_dir, sf_dir = pathlib.Path(tmp, "gr"), pathlib.Path(tmp, "sf")
        for d in (gr_dir, sf_dir):
            d.mkdir()
            shutil.copy(grc, d / grc.name)
            for data in companions(grc, text):
                shutil.copy(data, d / data.name)
        if subprocess.run(["grcc", grc.name, "-o", "."], cwd=gr_dir, capture_output=True).returncode != 0:
            return "skip", "grcc cannot compile it"
        py = [p for p in gr_dir.glob("*.py")]
        err = run(["/usr/bin/python3", "-c", GR_RUNNER, py[0].stem], gr_dir, seconds) if py else "no Python generated"
        if err:
            return "skip", "GNU Radio: " + err[:120]
        err = run([str(ROOT / "sigflow"), "run", grc.name], sf_dir, seconds)
        if err:
            return "fail", "SigFlow: " + err[:160]
        worst, samples = 0.0, 0
        for f, t, _ in files:
            g, s = gr_dir / f, sf_dir / f
            if not g.exists() or not s.exists():
                return "fail", f"{f}: written by {'neither' if not g.exists() and not s.exists() else 'one side'}"
            a, b = np.fromfile(g, DTYPES[t]), np.fromfile(s, DTYPES[t])
            if save:
                os.makedirs(save, exist_ok=True)
                shutil.copy(g, pathlib.Path(save, pathlib.Path(f).name))
            n = min(len(a), len(b))
            if len(a) != len(b) and n == 0:
                return "fail", f"{f}: {len(a)} samples from GNU Radio, {len(b)} from SigFlow"
            ref = a[:n].astype(np.complex128)
            rms = np.sqrt(np.mean(np.abs(ref) ** 2)) or 1.0
            worst = max(worst, float(np.max(np.abs(b[:n] - ref)) / rms) if n else 0.0)
            samples += n
        verdict = "pass" if worst <= tol else "fail"
        return verdict, f"{samples} samples, max error {worst:.2e} of rms"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--tol", type=float, default=1e-4)
    ap.add_argument("--save", default=None, help="folder for GNU Radio's output files")
    a = ap.parse_args()
    grcs = []
    for p in map(pathlib.Path, a.paths):
        grcs += sorted(p.rglob("*.grc")) if p.is_dir() else [p]
    counts = {}
    for g in grcs:
        verdict, why = compare(g.resolve(), a.seconds, a.tol, a.save)
        counts[verdict] = counts.get(verdict, 0) + 1
        print(f"{verdict:4}  {g}: {why}", flush=True)
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f" of {len(grcs)}")
    return 1 if counts.get("fail") else 0


if __name__ == "__main__":
    sys.exit(main())
