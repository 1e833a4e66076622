#!/usr/bin/python3
"""Commits GNU Radio examples with GNU Radio's samples as test cases (GnuRadioExamplesTest): each example is copied
as compare_grc.py --tap N rewrites it (every Qt GUI/null/audio/tag debug sink input -> head N -> file sink; unseeded
random sources fixed), run in GNU Radio 3.10 and in SigFlow, and, where they agree, the rewritten .grc and GNU
Radio's files are written to engine/src/test/resources/grc/gnuradio-examples/NAME/. Left out: examples that do not
end by themselves on both sides or whose sinks took other item counts (the graph ended when its first heads did).

Usage: python3 tools/grc/example_cases.py [--tap N] EXAMPLE.grc...
"""
import argparse
import pathlib
import shutil
import sys
import tempfile

import compare_grc

OUT = pathlib.Path(__file__).resolve().parents[2] / "engine/src/test/resources/grc/gnuradio-examples"
EXTS = {"." + t for t in compare_grc.DTYPES}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("examples", nargs="+")
    ap.add_argument("--tap", type=int, default=1000)
    ap.add_argument("--tol", type=float, default=1e-5)
    a = ap.parse_args()
    for e in map(pathlib.Path, a.examples):
        with tempfile.TemporaryDirectory() as keep:
            verdict, why, *_ = compare_grc.compare(e.resolve(), 30, a.tol, None, a.tap, keep)
            gr, sf = pathlib.Path(keep, e.stem, "gr"), pathlib.Path(keep, e.stem, "sf")
            outputs = sorted(f for f in gr.iterdir() if f.suffix in EXTS) if gr.exists() else []
            if verdict != "pass" or "stopped after" in why or "items from GNU Radio" in why or not outputs:
                print(f"left out {e.name}: {verdict}: {why}")
                continue
            case = OUT / e.stem
            shutil.rmtree(case, ignore_errors=True)
            case.mkdir(parents=True)
            shutil.copy(sf / e.name, case / e.name)
            for f in outputs:
                shutil.copy(f, case / f.name)
            print(f"wrote {case.relative_to(OUT.parents[4])}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
