#!/usr/bin/python3
"""Dev-only cross-check of the GRC importer (not run in CI): runs tools/grc/chain.grc in GNU Radio 3.10 (grcc +
python3) and, imported, in SigFlow (./sigflow run chain.grc), then compares the two float32 outputs.

    /usr/bin/python3 tools/grc/compare_gnuradio.py        # from the repository root; needs gnuradio and numpy
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRC = ROOT / "tools" / "grc" / "chain.grc"


def run_gnuradio(work: pathlib.Path) -> np.ndarray:
    d = work / "gnuradio"
    d.mkdir()
    shutil.copy(GRC, d / "chain.grc")
    subprocess.run(["grcc", "-o", str(d), str(d / "chain.grc")], check=True, capture_output=True)
    subprocess.run(["/usr/bin/python3", str(d / "grc_import_check.py")], check=True, cwd=d, capture_output=True)
    return np.fromfile(d / "out.f32", dtype=np.float32)


def run_sigflow(work: pathlib.Path) -> np.ndarray:
    d = work / "sigflow"
    d.mkdir()
    shutil.copy(GRC, d / "chain.grc")
    subprocess.run([str(ROOT / "sigflow"), "run", str(d / "chain.grc")], check=True)
    return np.fromfile(d / "out.f32", dtype=np.float32)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        gr = run_gnuradio(work)
        sf = run_sigflow(work)
    print(f"GNU Radio: {len(gr)} samples, SigFlow: {len(sf)} samples")
    if len(gr) != len(sf):
        print("FAIL: lengths differ")
        return 1
    err = np.max(np.abs(gr.astype(np.float64) - sf.astype(np.float64)))
    rel = err / np.max(np.abs(gr))
    print(f"max |GNU Radio - SigFlow| = {err:.3e} (relative to the peak: {rel:.3e})")
    ok = rel < 1e-5
    print("OK" if ok else "FAIL: above 1e-5 of the peak")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
