#!/usr/bin/env python3
"""Runs .grc flowgraphs headless in GNU Radio 3.10 and in SigFlow and compares the samples their file sinks write.

Each flowgraph is copied into two scratch folders. In the copies, every file sink writes into the scratch folder
(an absolute path such as /tmp/x.dat becomes x.dat) and input files found beside the original are copied along (also the LDPC .alist matrices it names).
SigFlow runs `./sigflow run --seconds S FILE.grc` (import in memory); GNU Radio runs the Python that `grcc`
generates, its top block started and stopped after S seconds if it has not ended (Qt GUI flowgraphs too, on Qt's
offscreen platform, their event loop pumped while they run). Every file sink (blocks_file_sink of any item type and
vector length) is compared over the items both wrote (an endless graph: the common prefix):
max |SigFlow - GNU Radio| / rms(GNU Radio) <= --tol passes (or max |SigFlow - GNU Radio| <= --atol: an output that
is rounding noise about zero). Unseeded random draws (analog_random_source_x, a variable's list of Python random
draws) are fixed to the same draws on both sides; other unseeded ones make a difference verdict "random", and a
socket source (ZeroMQ, network) the verdict "timing". A flowgraph not compared gets its reason: no file sink,
hardware, a missing input file, a hier block, SigFlow or GNU Radio cannot run it (with the end of its message).

Usage:
  python3 tools/grc/compare_grc.py FILE_OR_DIR...            # one line per flowgraph and a summary
  python3 tools/grc/compare_grc.py --save DIR FILE_OR_DIR...  # also stores GNU Radio's output files in DIR
  python3 tools/grc/compare_grc.py --table OUT.md DIR         # also writes a Markdown table (file, items, errors)
Needs Debian's gnuradio (grcc, /usr/bin/python3 with gnuradio, PyQt5, numpy, PyYAML) and ./sigflow's requirements.
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
# Imports grcc's module and runs its top block until it ends or SECONDS pass (then stops it: files are complete).
# Qt GUI graphs need a QApplication before their top block (a QWidget) is made; its events are processed while
# the graph runs so that Qt sinks do not pile them up. Exit code 3: stopped by the time limit.
GR_RUNNER = r'''
import gc, importlib, inspect, os, sys, threading, time
from gnuradio import gr
name, seconds, qt = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "1"
if qt:
    from PyQt5 import Qt
    app = Qt.QApplication(["gr"])
m = importlib.import_module(name)
c = [v for v in vars(m).values() if inspect.isclass(v) and issubclass(v, gr.top_block)
     and v.__module__ == m.__name__][0]
tb = c()
tb.start()
done = threading.Event()
threading.Thread(target=lambda: (tb.wait(), done.set()), daemon=True).start()
deadline = time.time() + seconds
while not done.is_set() and time.time() < deadline:
    if qt:
        app.processEvents()
    done.wait(0.02)
ended = done.is_set()
if not ended:
    tb.stop()
    done.wait(30)
del tb  # closes the file sinks (their destructors flush)
gc.collect()
sys.stdout.flush()
os._exit(0 if ended else 3)
'''
HARDWARE = re.compile(r"(uhd|soapy|audio|osmosdr|iio|rtlsdr|video_sdl)_\w+")
# sources whose first items depend on the wall clock (a subscriber joining a publisher that already sends)
WALL_CLOCK = re.compile(r"zeromq_\w+_source|network_\w+_source|blocks_(udp|tcp)_source")
FILE_SOURCES = ("blocks_file_source", "blocks_file_meta_source", "blocks_wavfile_source")
OTHER_FILE_SINKS = ("blocks_file_meta_sink", "blocks_tagged_file_sink", "blocks_wavfile_sink")
# --tap: stream sinks whose inputs are written to files instead: id -> (default item type, inputs parameter)
TAPPED = {"qtgui_time_sink_x": ("complex", "nconnections"), "qtgui_freq_sink_x": ("complex", "nconnections"),
          "qtgui_const_sink_x": ("complex", "nconnections"), "qtgui_waterfall_sink_x": ("complex", "nconnections"),
          "qtgui_sink_x": ("complex", None), "qtgui_histogram_sink_x": ("float", "nconnections"),
          "qtgui_time_raster_sink_x": ("float", "nconnections"), "qtgui_number_sink": ("float", "nconnections"),
          "qtgui_vector_sink_f": ("float", "nconnections"), "blocks_null_sink": ("complex", "num_inputs"),
          "audio_sink": ("float", "num_inputs"), "blocks_tag_debug": ("complex", "num_inputs")}


def yaml_doc(text):
    import yaml
    return yaml.safe_load(text)


def known_block_ids():
    """GRC block ids GNU Radio's installation defines."""
    ids = {"variable", "parameter", "import", "options", "note", "pad_source", "pad_sink", "virtual_source",
           "virtual_sink", "epy_block", "epy_module", "snippet"}
    for f in pathlib.Path("/usr/share/gnuradio/grc/blocks").glob("*.block.yml"):
        m = re.search(r"^id:\s*(\S+)", f.read_text(errors="replace"), re.M)
        ids.add(m.group(1) if m else f.name[: -len(".block.yml")])
    return ids


def enabled_blocks(doc):
    for b in doc.get("blocks", []) or []:
        state = str((b.get("states") or {}).get("state", "enabled"))
        if state in ("enabled", "True", "true"):
            yield b


def tap(doc, limit):
    """Replaces each enabled stream sink of TAPPED by head(limit) -> file sink per input, in place."""
    blocks, added = doc.get("blocks", []) or [], []
    conns = doc.get("connections", []) or []
    for b in list(enabled_blocks(doc)):
        kind = TAPPED.get(b.get("id"))
        if not kind:
            continue
        p = b.get("parameters", {}) or {}
        t = str(p.get("type", kind[0]))
        t = {"fc": "complex", "ff": "float", "f": "float", "c": "complex", "b": "byte", "i": "int",
             "s": "short"}.get(t, t)
        n = str(p.get(kind[1], "1")) if kind[1] else "1"
        vlen = str(p.get("vlen", "1")) if b["id"] in ("blocks_null_sink", "qtgui_vector_sink_f", "blocks_tag_debug") \
            else "1"
        if t not in DTYPES or not n.isdigit():
            continue
        name = b["name"]
        blocks.remove(b)
        for k in range(int(n)):
            h, f = f"{name}_head{k}", f"{name}_file{k}"
            added.append({"name": h, "id": "blocks_head", "parameters": {"type": t, "num_items": str(limit),
                          "vlen": vlen}, "states": {"coordinate": [0, 0], "rotation": 0, "state": "enabled"}})
            added.append({"name": f, "id": "blocks_file_sink", "parameters": {
                "type": t, "vlen": vlen, "file": f"{name}_{k}.{t}", "append": "False", "unbuffered": "False"},
                "states": {"coordinate": [0, 0], "rotation": 0, "state": "enabled"}})
            conns.append([h, "0", f, "0"])
        for c in list(conns):
            if isinstance(c, list) and len(c) == 4 and c[2] == name:
                conns.remove(c)
                if str(c[3]).isdigit():
                    conns.append([c[0], c[1], f"{name}_head{c[3]}", "0"])
    blocks += added
    doc["blocks"], doc["connections"] = blocks, conns
    return bool(added)


PY_RANDOM_LIST = re.compile(r"\[random\.(randrange|getrandbits)\(([^()]+)\) for \w+ in range\(([^()]+)\)\]")
UNSEEDED = re.compile(r"\b(?:np\.random|numpy\.random|random)\.\w+")


def literal_int(text):
    """An integer written with numbers and arithmetic only (2 ** 10 + 1); ValueError for anything else."""
    import ast
    import operator
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Pow: operator.pow,
           ast.FloorDiv: operator.floordiv, ast.USub: operator.neg}

    def ev(n):
        if isinstance(n, ast.Constant) and isinstance(n.value, int):
            return n.value
        if isinstance(n, ast.BinOp) and type(n.op) in ops:
            return ops[type(n.op)](ev(n.left), ev(n.right))
        if isinstance(n, ast.UnaryOp) and type(n.op) in ops:
            return ops[type(n.op)](ev(n.operand))
        raise ValueError(text)
    try:
        return int(ev(ast.parse(str(text).strip(), mode="eval").body))
    except SyntaxError as e:
        raise ValueError(text) from e


def fix_random(doc):
    """Replaces each analog_random_source_x (numpy's unseeded draw in GNU Radio) by a vector source of fixed draws
    (Python's random seeded with the block's name; reduced by the bounds' expressions where those are not
    literals), and a variable's [random.randrange(n) for i in range(k)] or getrandbits list by fixed draws, in place;
    returns the names replaced."""
    import random
    done = []
    for b in enabled_blocks(doc):
        p = b.get("parameters", {}) or {}
        if b.get("id") not in ("analog_random_source_x", "variable"):
            continue
        rng = random.Random(b["name"])
        if b.get("id") == "variable":   # Python's random in a list: [random.randrange(n) for i in range(k)]
            value = str(p.get("value", ""))
            m = PY_RANDOM_LIST.search(value)
            if m:
                bound = f"({m.group(2)})" if m.group(1) == "randrange" else f"(2**({m.group(2)}))"
                try:
                    k = literal_int(m.group(3))
                except ValueError:
                    k = 1024
                fixed = "[" + ", ".join(f"{rng.randrange(1 << 16)}%{bound}" for _ in range(min(k, 1024))) + "]"
                p["value"] = value[:m.start()] + fixed + value[m.end():]
                done.append(b["name"])
            continue
        lo_text, hi_text = str(p.get("min", "0")), str(p.get("max", "2"))
        try:
            n = literal_int(p.get("num_samps", "1000"))
        except ValueError:
            n = 4096
        try:
            lo, hi = literal_int(lo_text), literal_int(hi_text)
            draws = [str(rng.randrange(lo, hi)) for _ in range(min(n, 4096))]   # a short period, the same on both sides
        except ValueError:   # bounds from the flowgraph's variables: each draw reduced by its expressions
            span = f"({hi_text})" if lo_text.strip() == "0" else f"(({hi_text})-({lo_text}))"
            shift = "" if lo_text.strip() == "0" else f"+({lo_text})"
            draws = [f"{rng.randrange(1 << 16)}%{span}{shift}" for _ in range(min(n, 1024))]   # expressions stay short
        b["id"] = "blocks_vector_source_x"
        b["parameters"] = {"type": str(p.get("type", "byte")), "repeat": str(p.get("repeat", "True")),
                           "tags": "[]", "vlen": "1", "vector": "[" + ", ".join(draws) + "]"}
        done.append(b["name"])
    return done


def unseeded(doc):
    """Names of enabled blocks whose parameters draw from an unseeded generator (numpy's or Python's random)."""
    out = []
    for b in enabled_blocks(doc):
        if b.get("id") == "analog_random_source_x" or any(UNSEEDED.search(str(v))
                                                          for v in (b.get("parameters") or {}).values()):
            out.append(b["name"])
    return out


def hier_blocks(grc, text):
    """The .grc hier block definitions beside the flowgraph whose ids it uses as block ids."""
    out = []
    for p in grc.parent.glob("*.grc"):
        if p != grc and re.search(r"\bid:\s*" + re.escape(p.stem) + r"\s*$", text, re.M) \
                and re.search(r"generate_options:\s*hb", p.read_text(errors="replace")):
            out.append(p)
    return out


def companions(grc, text):
    """Data files beside the flowgraph that it names (LDPC alist matrices), copied with it."""
    return [p for p in grc.parent.glob("*.alist") if p.name in text]


def classify(grc, limit=None):
    """(doc, sinks, inputs) of a flowgraph, or (None, reason) when it cannot be compared."""
    import yaml  # PyYAML: only needed here
    text = grc.read_text(errors="replace")
    if text.lstrip().startswith("<"):
        return None, "GRC 3.7 XML"
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return None, "not readable YAML"
    if not isinstance(doc, dict):
        return None, "not a flowgraph"
    opts = (doc.get("options") or {}).get("parameters", {}) or {}
    if str(opts.get("generate_options", "")).startswith("hb"):
        return None, "hier block (no top block of its own)"
    tapped = limit and tap(doc, limit)
    fixed = fix_random(doc)
    if tapped or fixed:
        text = yaml.safe_dump(doc, sort_keys=False)
    blocks = list(enabled_blocks(doc))
    sinks = [b for b in blocks if b.get("id") == "blocks_file_sink"]
    others = sorted({b["id"] for b in blocks if b.get("id") in OTHER_FILE_SINKS})
    if not sinks:
        return None, ("only " + ", ".join(others) + " (not compared)") if others else "no file sink"
    hw = sorted({b["id"] for b in blocks if HARDWARE.fullmatch(str(b.get("id")))})
    if hw:
        return None, "hardware: " + ", ".join(hw)
    out = []
    for b in sinks:
        p = b.get("parameters", {}) or {}
        t = str(p.get("type", "complex"))
        if t not in DTYPES:
            return None, f"file sink type {t} not compared"
        out.append((str(p.get("file", "")), t, str(p.get("vlen", "1"))))
    inputs = [str((b.get("parameters") or {}).get("file", "")) for b in blocks if b.get("id") in FILE_SOURCES]
    return text, (out, inputs, fixed, unseeded(doc))


def scratch_copy(grc, text, sinks, inputs, folder):
    """Writes the flowgraph into folder with every file sink writing there; returns the sinks' new names or a
    reason (missing input file)."""
    names = []
    for f, _, _ in sinks:
        if not f or f.startswith(("'", '"')) and len(f) < 3:
            return "a file sink without a file name"
        base = pathlib.Path(f.strip("'\"")).name
        if f != base:
            text = re.sub(r"(\n\s+file:\s*)" + re.escape(f) + r"\s*\n", lambda m: m.group(1) + base + "\n", text)
        names.append(base)
    for f in inputs:
        src = pathlib.Path(f.strip("'\""))
        if src.is_absolute():   # read from a copy in the folder, as the sinks write there
            if not src.is_file():
                return f"missing input file {f}"
            shutil.copy(src, folder / src.name)
            if pathlib.Path(str(src) + ".hdr").is_file():   # a metadata file's detached header
                shutil.copy(str(src) + ".hdr", folder / (src.name + ".hdr"))
            text = re.sub(r"(\n\s+file:\s*)" + re.escape(f) + r"\s*\n", lambda m: m.group(1) + src.name + "\n", text)
            continue
        beside = grc.parent / src
        if not beside.exists():
            return f"missing input file {f}"
        (folder / src).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(beside, folder / src)
    for data in companions(grc, text):
        shutil.copy(data, folder / data.name)
    for hier in hier_blocks(grc, text):   # GRC hier blocks defined beside it (packet_tx.grc), found there by SigFlow
        shutil.copy(hier, folder / hier.name)
    (folder / grc.name).write_text(text)
    return names


def run(cmd, cwd, seconds):
    """Runs cmd for at most seconds (+ a grace); returns (exit code or None if killed, end of its stderr)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          start_new_session=True, env=env) as p:
        try:
            _, err = p.communicate(timeout=seconds + 60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.communicate()
            return None, "killed after the time limit"
        lines = [ln for ln in err.strip().splitlines() if ln.strip() and not ln.startswith("warning:")]
        return p.returncode, (lines or ["exit %d" % p.returncode])[-1]


def items(path, t, vlen):
    a = np.fromfile(path, DTYPES[t])
    n = max(1, int(vlen)) if vlen.isdigit() else 1
    return a[: len(a) // n * n]


def compare(grc, seconds, tol, save, limit=None, keep=None, atol=0.0):
    """(verdict, detail, items compared, max error / rms, rms error / rms)."""
    text, info = classify(grc, limit)
    if text is None:
        return "skip", info, 0, None, None
    sinks, inputs, fixed, random_blocks = info
    with tempfile.TemporaryDirectory() as tmp:
        gr_dir, sf_dir = pathlib.Path(tmp, "gr"), pathlib.Path(tmp, "sf")
        names = None
        for d in (gr_dir, sf_dir):
            d.mkdir()
            # GNU Radio 3.10.5 has no blocks_throttle2 (3.10.7's); its throttle gives the same samples
            t = re.sub(r"(\bid:\s*)blocks_throttle2\b", r"\1blocks_throttle", text) if d == gr_dir else text
            names = scratch_copy(grc, t, sinks, inputs, d)
            if isinstance(names, str):
                return "skip", names, 0, None, None
        if keep:
            shutil.rmtree(pathlib.Path(keep, grc.stem), ignore_errors=True)
            shutil.copytree(tmp, pathlib.Path(keep, grc.stem), dirs_exist_ok=True,
                            ignore=lambda d, names: [])
            gr_dir, sf_dir = pathlib.Path(keep, grc.stem, "gr"), pathlib.Path(keep, grc.stem, "sf")
        # --trust: GNU Radio's own examples read files outside their folder (gr.prefix()'s LDPC matrices)
        code, err = run([str(ROOT / "sigflow"), "run", "--trust", "--seconds", str(seconds), grc.name], sf_dir, seconds)
        if code != 0:
            return "sigflow", "SigFlow: " + err[:160], 0, None, None
        hiers = hier_blocks(grc, text)
        for hier in hiers:   # grcc builds a hier block's .py and .block.yml beside it; GRC_BLOCKS_PATH finds them
            shutil.copy(hier, gr_dir / hier.name)
            subprocess.run(["grcc", hier.name], cwd=gr_dir, capture_output=True)
        env = dict(os.environ, GRC_BLOCKS_PATH=str(gr_dir)) if hiers else None
        if subprocess.run(["grcc", grc.name, "-o", "."], cwd=gr_dir, capture_output=True, env=env).returncode != 0:
            unknown = sorted({str(b.get("id")) for b in enabled_blocks(yaml_doc(text))} - known_block_ids())
            return "skip", "grcc cannot compile it" + (" (not in GNU Radio 3.10.5: " + ", ".join(unknown) + ")"
                                                       if unknown else ""), 0, None, None
        py = [p for p in gr_dir.glob("*.py") if p.stem not in {h.stem for h in hiers}]
        if not py and "output_language: cpp" not in text:   # seen once under heavy load: try again
            subprocess.run(["grcc", grc.name, "-o", "."], cwd=gr_dir, capture_output=True)
            py = [p for p in gr_dir.glob("*.py") if p.stem not in {h.stem for h in hiers}]
        if not py and "output_language: cpp" in text:
            return "skip", "C++ flowgraph (grcc writes C++)", 0, None, None
        if not py:
            return "skip", "grcc wrote no Python", 0, None, None
        (gr_dir / "gr_runner.py").write_text(GR_RUNNER)
        code, err = run(["/usr/bin/python3", "gr_runner.py", py[0].stem, str(seconds), "0" if "no_gui" in text
                         else "1"], gr_dir, seconds)
        if code not in (0, 3):
            return "skip", "GNU Radio: " + err[:120], 0, None, None
        endless = code == 3
        worst, rms_err, total, worst_at = 0.0, 0.0, 0, ""
        power_ratios = []
        notes = []
        for name, (f, t, vlen) in zip(names, sinks):
            g, s = gr_dir / name, sf_dir / name
            if not g.exists() or not s.exists():
                who = "neither" if not g.exists() and not s.exists() else "only GNU Radio" if g.exists() \
                    else "only SigFlow"
                return "fail", f"{name}: written by {who}", 0, None, None
            a, b = items(g, t, vlen), items(s, t, vlen)
            if save:
                os.makedirs(save, exist_ok=True)
                shutil.copy(g, pathlib.Path(save, name))
            n = min(len(a), len(b))
            if n == 0 and len(a) == len(b):   # a sink neither side feeds (a selector's other output)
                notes.append(f"{name}: no item on either side")
                continue
            if n == 0:
                return "fail", f"{name}: {len(a)} items from GNU Radio, {len(b)} from SigFlow", 0, None, None
            if len(a) != len(b) and not endless:  # a sink beside a head ends when the graph does: a prefix too
                notes.append(f"{name}: {len(a)} items from GNU Radio, {len(b)} from SigFlow")
            ref = a[:n].astype(np.complex128)
            with np.errstate(invalid="ignore"):
                d = np.abs(b[:n].astype(np.complex128) - ref)
                both_nan = np.isnan(ref) & np.isnan(b[:n].astype(np.complex128))
                same = both_nan | (b[:n].astype(np.complex128) == ref)   # equal infinities (log of 0) too
                d = np.where(same, 0.0, np.where(np.isnan(d), np.inf, d))
                ref = np.where(np.isfinite(ref), ref, 0)
                rms = np.sqrt(np.mean(np.abs(ref) ** 2)) or 1.0   # NaN and infinite items counted as 0
            if float(np.max(d)) <= atol:   # an output that is rounding noise about 0 (its rms too)
                d = np.zeros_like(d)
            e = float(np.max(d) / rms)
            if e > worst:
                worst, worst_at = e, f"{name} item {int(np.argmax(d))}"
            rms_err = max(rms_err, float(np.sqrt(np.mean(d ** 2)) / rms))
            got = b[:n].astype(np.complex128)
            got_rms = float(np.sqrt(np.mean(np.abs(np.where(np.isfinite(got), got, 0)) ** 2)))
            power_ratios.append(f"{name} {got_rms / rms:.3f}")   # statistics, where samples cannot agree
            total += n
        timing = sorted({str(b.get("id")) for b in enabled_blocks(yaml_doc(text))
                         if WALL_CLOCK.fullmatch(str(b.get("id")))})
        if total == 0:
            return "skip", "no item written on either side", 0, None, None
        verdict = "pass" if worst <= tol else "random" if random_blocks else "timing" if timing else "fail"
        if verdict == "timing":
            notes.append("what a socket source receives depends on when it joined: " + ", ".join(timing))
        if verdict in ("timing", "random"):
            notes.append("rms SigFlow / GNU Radio: " + ", ".join(power_ratios))
        if fixed:
            notes.append("random source(s) fixed to the same draws on both sides: " + ", ".join(fixed))
        if verdict == "random":
            notes.append("unseeded random draws in GNU Radio: " + ", ".join(random_blocks))
        detail = f"{total} items{' (common prefix, stopped after %gs)' % seconds if endless else ''}, " \
                 f"max error {worst:.2e} of rms ({worst_at}), rms error {rms_err:.2e}" + ("; " + "; ".join(notes) if notes else "")
        return verdict, detail, total, worst, rms_err


def skip_reason(why):
    """The group of a flowgraph not compared: its reason without the file's own particulars."""
    if why.startswith("hardware"):
        return "hardware"
    if why.startswith("missing input file"):
        return "missing input file"
    if ": 0 items from GNU Radio, 0 from SigFlow" in why:
        return "no item written on either side"
    return re.sub(r"\s*\(.*|: .*", "", why)


def skip_detail(why):
    m = re.match(r"missing input file (.*)", why)
    return f" ({m.group(1)})" if m else ""


def table(rows, counts, total):
    """Markdown: the counts, one row per flowgraph run on both sides or refused by SigFlow, then the others grouped
    by the reason they were not compared."""
    out = ["Of %d flowgraphs: %s." % (total, ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))), "",
           "| file | items compared | max error / rms | rms error / rms | verdict: detail |", "|---|---|---|---|---|"]
    skipped = {}
    for f, verdict, why, n, worst, rms_err in rows:
        if verdict == "skip":
            skipped.setdefault(skip_reason(why), []).append(pathlib.Path(f).stem + skip_detail(why))
            continue
        e1 = f"{worst:.1e}" if worst is not None else ""
        e2 = f"{rms_err:.1e}" if rms_err is not None else ""
        out.append(f"| {f} | {n or ''} | {e1} | {e2} | {verdict}: {why.replace('|', '/')} |")
    out += ["", "Not compared:", ""]
    for reason, files in sorted(skipped.items(), key=lambda kv: -len(kv[1])):
        out.append(f"- {reason} ({len(files)}): " + ", ".join(files))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--seconds", type=float, default=10, help="stop both sides of an endless graph after this")
    ap.add_argument("--tol", type=float, default=1e-4, help="max |SigFlow - GNU Radio| / rms(GNU Radio) per file")
    ap.add_argument("--atol", type=float, default=1e-5,
                    help="a file whose max |SigFlow - GNU Radio| is at most this passes whatever its rms")
    ap.add_argument("--save", default=None, help="folder for GNU Radio's output files")
    ap.add_argument("--tap", type=int, default=None, metavar="N",
                    help="also compare what Qt GUI, null, audio and tag debug sinks take: the first N items of "
                         "each of their inputs, written to a file (in the copies only)")
    ap.add_argument("--keep", default=None, help="run in DIR/<name>/{gr,sf} and keep both sides' files")
    ap.add_argument("--table", default=None, help="Markdown table of the results")
    a = ap.parse_args()
    grcs = []
    for p in map(pathlib.Path, a.paths):
        grcs += sorted(p.rglob("*.grc")) if p.is_dir() else [p]
    base = os.path.commonpath([str(g.resolve().parent) for g in grcs]) if len(grcs) > 1 else None
    counts, rows = {}, []
    for g in grcs:
        try:
            verdict, why, n, worst, rms_err = compare(g.resolve(), a.seconds, a.tol, a.save, a.tap, a.keep, a.atol)
        except Exception as e:  # one odd file must not end the sweep
            verdict, why, n, worst, rms_err = "skip", f"not compared: {type(e).__name__}: {e}"[:160], 0, None, None
        counts[verdict] = counts.get(verdict, 0) + 1
        print(f"{verdict:7}  {g}: {why}", flush=True)
        rows.append((os.path.relpath(g.resolve(), base) if base else g.name, verdict, why, n, worst, rms_err))
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f" of {len(grcs)}")
    if a.table:
        with open(a.table, "w") as t:
            t.write(table(rows, counts, len(grcs)))
    return 1 if counts.get("fail") or counts.get("sigflow") else 0


if __name__ == "__main__":
    sys.exit(main())
