#!/usr/bin/python3
"""Prasad & Subramanyan's comparison on today's machines: FIR of 4 ... 2048 taps and FFT of 64 ... 8192 points,
SigFlow's CPU block (`sigflow bench` on sample-graphs/research/bench/fir_n.graph, fft_n.graph), GNU Radio 3.10
(tools/research/gnuradio_fir_fft.py) and, from the GPU machine's `device-run.sh 0 research` bench.json (--gpu),
SigFlow's CUDA block end to end and its kernel rate. Writes a JSON of the figures and a PNG plot; prints a table.
Run with Debian's /usr/bin/python3 (GNU Radio 3.10 and matplotlib).
Usage: /usr/bin/python3 tools/research/fir_fft_sweep.py [--samples 2e7] [--gpu bench.json] [--out docs/research-fir-fft]
       /usr/bin/python3 tools/research/fir_fft_sweep.py --replot docs/research-fir-fft.json [--gpu bench.json
           --gpu-machine "NVIDIA H100 80GB HBM3, 16 CPUs"]
       (plot and table only; with --gpu, the GPU machine's figures merged into the JSON first)
       /usr/bin/python3 tools/research/fir_fft_sweep.py --host fir_fft_host.json [--out docs/research-fir-fft]
       (every column from one machine: tools/research/fir_fft_host.sh's output, the GNU Radio side from the packed
       C++ peer tools/research/gr_peer/gr_fir_fft.cc; any python3 with matplotlib)
GNU Radio's FIR is timed twice: fir_filter_ccf (direct form) and fft_filter_ccf (FFT convolution, what its users run
for long filters)."""
import argparse
import json
import os
import platform
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAPS = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
SIZES = [64, 128, 256, 512, 1024, 2048, 4096, 8192]


def sigflow(graph, var, value, samples):
    out = subprocess.run([os.path.join(ROOT, "sigflow"), "bench", graph, "--samples", str(samples), "--set",
                          f"{var}={value}", "--json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["msps"]


def gpu_rows(bench):
    """fir/fft -> size -> (end-to-end Msps, kernel Msps) from device-run.sh's merged bench.json (a path or its dict)."""
    rows = {"fir": {}, "fft": {}}
    for key, r in (json.load(open(bench)) if isinstance(bench, str) else bench).items():
        kind, _, rest = key.partition("-")
        if kind in rows and rest.endswith("-cuda"):
            dut = [b for b in r["blocks"] if b["id"] == "dut"][0]
            rows[kind][int(rest[:-5])] = (r["msps"], dut.get("gpu_msps"))
    return rows


def measure(samples, gpu):
    data = {"machine": f"{platform.node()} ({os.cpu_count()} CPUs)", "samples": samples, "fir": {}, "fft": {}}
    gr = json.loads(subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools/research/gnuradio_fir_fft.py"),
                                    "--samples", str(samples), "--taps", ",".join(map(str, TAPS)),
                                    "--sizes", ",".join(map(str, SIZES))],
                                   check=True, capture_output=True, text=True).stdout)
    data["gnuradio"] = gr["gnuradio"]
    g = gpu_rows(gpu) if gpu else {"fir": {}, "fft": {}}
    for kind, sizes, graph, var in [("fir", TAPS, "sample-graphs/research/bench/fir_n.graph", "ntaps"),
                                    ("fft", SIZES, "sample-graphs/research/bench/fft_n.graph", "n")]:
        for s in sizes:
            e2e, kernel = g[kind].get(s, (None, None))
            data[kind][s] = {"sigflow_cpu": sigflow(graph, var, s, samples), "gnuradio": gr[kind][str(s)],
                             "gnuradio_fft_filter": gr["fft_filter"][str(s)] if kind == "fir" else None,
                             "cuda_end_to_end": e2e, "cuda_kernel": kernel}
    return data


def host_data(path):
    """The figures of tools/research/fir_fft_host.sh's JSON: every column measured on one machine in one call."""
    h = json.load(open(path))
    data = {"machine": h["machine"] + ("" if h["gpu"] == "none" else f", {h['gpu']}"), "same_machine": True,
            "date": h["date"], "samples": h["cpu_samples"], "gpu_samples": h["gpu_samples"],
            "load": f"{h['load_before']} before, {h['load_after']} after", "fir": {}, "fft": {}}
    g, gr = gpu_rows(h["cuda"]), h.get("gnuradio", {"fir": {}, "fft_filter": {}, "fft": {}})
    for kind, sizes in [("fir", TAPS), ("fft", SIZES)]:
        for s in sizes:
            runs = sorted(h["sigflow_cpu"][kind].get(str(s), []))  # a run cut short leaves points out
            e2e, kernel = g[kind].get(s, (None, None))
            data[kind][str(s)] = {"sigflow_cpu": runs[len(runs) // 2] if runs else None, "gnuradio": gr[kind].get(str(s)),
                                  "gnuradio_fft_filter": gr["fft_filter"].get(str(s)) if kind == "fir" else None,
                                  "cuda_end_to_end": e2e, "cuda_kernel": kernel}
    return data


SERIES = [("sigflow_cpu", "SigFlow CPU (Msps)", 1), ("gnuradio", "GNU Radio 3.10 (Msps)", 1),
          ("gnuradio_fft_filter", "GNU Radio 3.10 `fft_filter_ccf` (Msps)", 1),
          ("cuda_end_to_end", "SigFlow CUDA end to end (Msps)", 1), ("cuda_kernel", "SigFlow CUDA kernel (Gsps)", 1e3)]


def table(data):
    """docs/research.md's layout: one row per implementation, one column per size."""
    for kind, label in [("fir", "FIR taps"), ("fft", "FFT points")]:
        xs = sorted(data[kind], key=int)
        print(f"\n| {label} | " + " | ".join(map(str, xs)) + " |")
        print("|---" * (len(xs) + 1) + "|")
        for key, name, scale in SERIES:
            vals = [data[kind][x].get(key) for x in xs]
            if all(v is None for v in vals):
                continue
            name = name.replace("GNU Radio 3.10 (", "GNU Radio 3.10 `fir_filter_ccf` (") if kind == "fir" else name
            f = lambda v: "—" if v is None else f"{v / scale:.3g}" if v / scale < 100 else f"{v / scale:.0f}"
            print(f"| {name} | " + " | ".join(f(v) for v in vals) + " |")


def plot(data, png):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, kind, label in [(axes[0], "fir", "FIR taps"), (axes[1], "fft", "FFT points")]:
        xs = sorted(data[kind], key=int)
        for i, (key, name) in enumerate([("sigflow_cpu", "SigFlow CPU"),
                                         ("gnuradio", "GNU Radio 3.10" + (" fir_filter_ccf" if kind == "fir" else " fft_vcc")),
                                         ("gnuradio_fft_filter", "GNU Radio 3.10 fft_filter_ccf"),
                                         ("cuda_end_to_end", "SigFlow CUDA, end to end"), ("cuda_kernel", "CUDA kernel")]):
            pts = [(int(x), data[kind][x].get(key)) for x in xs if data[kind][x].get(key) is not None]
            if pts:  # one colour per series in both panels
                ax.plot(*zip(*pts), marker="o", label=name, color=f"C{i}")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel(label)
        ax.set_ylabel("Msps (complex samples in)")
        ax.grid(True, which="both", alpha=0.3)
    where = f"CPU and GNU Radio: {data['machine']}"
    if data.get("same_machine"):
        where = f"all on one machine: {data['machine']}, {data['date'][:10]}"
    elif data.get("gpu_machine"):
        where += f"; CUDA: {data['gpu_machine']}"
    fig.suptitle(f"FIR and FFT throughput ({where})", fontsize=10)
    named = {}  # one legend for both panels, below them, so it covers no curve
    for ax in axes:
        for h, n in zip(*ax.get_legend_handles_labels()):
            named.setdefault(n, h)
    fig.legend(named.values(), named.keys(), loc="lower center", ncol=len(named), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(png, dpi=110)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=float, default=2e7)
    ap.add_argument("--gpu", default=None)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "research-fir-fft"))
    ap.add_argument("--replot", default=None)
    ap.add_argument("--host", default=None, help="fir_fft_host.sh's JSON: every column from one machine")
    ap.add_argument("--gpu-machine", default=None, help="the GPU machine, in words, for the plot's title (with --gpu)")
    a = ap.parse_args()
    if a.host:
        data = host_data(a.host)
        out = a.out
        with open(out + ".json", "w") as fh:
            json.dump(data, fh, indent=1)
    elif a.replot:
        data = json.load(open(a.replot))
        out = a.replot[:-5]
        if a.gpu:
            for kind, rows in gpu_rows(a.gpu).items():
                for s, (e2e, kernel) in rows.items():
                    data[kind][str(s)].update(cuda_end_to_end=e2e, cuda_kernel=kernel)
            data["gpu_machine"] = a.gpu_machine or "the GPU machine"
            with open(a.replot, "w") as fh:
                json.dump(data, fh, indent=1)
    else:
        data = measure(int(a.samples), a.gpu)
        out = a.out
        with open(out + ".json", "w") as fh:
            json.dump(data, fh, indent=1)
    plot(data, out + ".png")
    table(data)


if __name__ == "__main__":
    main()
