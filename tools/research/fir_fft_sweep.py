#!/usr/bin/python3
"""Prasad & Subramanyan's comparison on today's machines: FIR of 4 ... 2048 taps and FFT of 64 ... 8192 points,
SigFlow's CPU block (`sigflow bench` on sample-graphs/research/bench/fir_n.graph, fft_n.graph), GNU Radio 3.10
(tools/research/gnuradio_fir_fft.py) and, from the GPU machine's `device-run.sh 0 research` bench.json (--gpu),
SigFlow's CUDA block end to end and its kernel rate. Writes a JSON of the figures and a PNG plot; prints a table.
Run with Debian's /usr/bin/python3 (GNU Radio 3.10 and matplotlib).
Usage: /usr/bin/python3 tools/research/fir_fft_sweep.py [--samples 2e7] [--gpu bench.json] [--out docs/research-fir-fft]
       /usr/bin/python3 tools/research/fir_fft_sweep.py --replot docs/research-fir-fft.json [--gpu bench.json
           --gpu-machine "NVIDIA H100 80GB HBM3, 16 CPUs"]
       (plot and table only; with --gpu, the GPU machine's figures merged into the JSON first)"""
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


def gpu_rows(path):
    """fir/fft -> size -> (end-to-end Msps, kernel Msps) from device-run.sh's merged bench.json."""
    rows = {"fir": {}, "fft": {}}
    for key, r in json.load(open(path)).items():
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
                             "cuda_end_to_end": e2e, "cuda_kernel": kernel}
    return data


def table(data):
    for kind, label in [("fir", "taps"), ("fft", "points")]:
        print(f"\n| {label} | SigFlow CPU (Msps) | GNU Radio 3.10 (Msps) | SigFlow CUDA end to end | CUDA kernel |")
        print("|---|---|---|---|---|")
        for s, r in sorted(data[kind].items(), key=lambda kv: int(kv[0])):
            f = lambda v: "to run" if v is None else f"{v:.1f}"
            print(f"| {s} | {f(r['sigflow_cpu'])} | {f(r['gnuradio'])} | {f(r['cuda_end_to_end'])} | {f(r['cuda_kernel'])} |")


def plot(data, png):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, kind, label in [(axes[0], "fir", "FIR taps"), (axes[1], "fft", "FFT points")]:
        xs = sorted(data[kind], key=int)
        for key, name in [("sigflow_cpu", "SigFlow CPU"), ("gnuradio", "GNU Radio 3.10"),
                          ("cuda_end_to_end", "SigFlow CUDA, end to end"), ("cuda_kernel", "CUDA kernel")]:
            pts = [(int(x), data[kind][x][key]) for x in xs if data[kind][x][key] is not None]
            if pts:
                ax.plot(*zip(*pts), marker="o", label=name)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel(label)
        ax.set_ylabel("Msps (complex samples in)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    where = f"CPU and GNU Radio: {data['machine']}"
    if data.get("gpu_machine"):
        where += f"; CUDA: {data['gpu_machine']}"
    fig.suptitle(f"FIR and FFT throughput ({where})", fontsize=10)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=float, default=2e7)
    ap.add_argument("--gpu", default=None)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "research-fir-fft"))
    ap.add_argument("--replot", default=None)
    ap.add_argument("--gpu-machine", default=None, help="the GPU machine, in words, for the plot's title (with --gpu)")
    a = ap.parse_args()
    if a.replot:
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
