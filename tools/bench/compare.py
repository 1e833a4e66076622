#!/usr/bin/env python3
"""Runs `sigflow bench` and the GNU Radio 3.10 peer side by side on the bench chains; prints a Markdown table.

Each side: one warm-up, then --repeat measured runs (median), --samples samples each, same machine, same moment.
Usage: python3 tools/bench/compare.py [--samples 5e8] [--repeat 3] [--only rotator,agc] [--alternate]
--alternate runs the two sides in turns (SigFlow, GNU Radio, SigFlow, ...), so a load that changes during the
measurement weighs on both alike (each GNU Radio turn has its own warm-up).
Needs ./sigflow's requirements and Debian's gnuradio (for /usr/bin/python3).
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
LABELS = {"multiply_const": "multiply const (cf32)", "quadrature_demod": "quadrature demod (cf32→f32)",
          "fir_filter_64": "FIR, 64 real taps, cf32",
          "fir_filter_512c": "FIR, 512 complex taps, cf32 (GNU Radio: fft_filter_ccc)",
          "fir_filter_512cf": "FIR, 512 real taps, cf32 (GNU Radio: fft_filter_ccf)",
          "fir_filter_512f": "FIR, 512 real taps, f32 (GNU Radio: fft_filter_fff)", "fft_1024": "FFT 1024, Blackman-Harris, cf32",
          "rational_resampler_3_2": "rational resampler 3/2, designed taps, cf32",
          "freq_xlating_64_d4": "freq-xlating FIR, 64 taps, decim 4, cf32",
          "pfb_channelizer_16": "PFB channelizer, 16 ch, 384 taps, cf32",
          "rotator": "rotator, cf32", "agc": "AGC, cf32", "dc_blocker_32": "DC blocker 32, long form, cf32",
          "iir_filter_4": "IIR, 4th order, f32", "moving_average_1000": "moving average 1000, cf32",
          "log_power_fft_1024": "log-power FFT 1024, averaged, cf32", "costas_loop_4": "Costas loop, order 4, cf32",
          "pfb_arb_resampler_1_37": "PFB arbitrary resampler 1.37, 32 filters, designed taps, cf32",
          "fractional_resampler_0_73": "fractional (MMSE) resampler 0.73, cf32",
          "pfb_decimator_8_ch1": "PFB decimator 8, channel 1, designed taps, cf32"}
CHAINS = list(LABELS)


def sigflow(chain, samples):
    out = subprocess.run([str(ROOT / "sigflow"), "bench", f"sample-graphs/bench/{chain}.graph", "--samples",
                          str(samples), "--json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def gnuradio(chain, samples, repeat):
    out = subprocess.run(["/usr/bin/python3", str(ROOT / "tools/bench/gnuradio_peer.py"), "--samples", str(samples),
                          "--repeat", str(repeat), "--only", chain, "--json"], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)["results"][0]["msps"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", default="5e8")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default=None, help="comma-separated chain names")
    ap.add_argument("--alternate", action="store_true", help="SigFlow and GNU Radio runs in turns")
    a = ap.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; samples {a.samples}; "
          f"median of {a.repeat}")
    print()
    print("| chain | SigFlow Msps (end to end) | SigFlow block Msps (work) | GNU Radio 3.10 Msps | ratio |")
    print("|---|---:|---:|---:|---:|")
    for chain in (a.only.split(",") if a.only else CHAINS):
        if a.alternate:
            runs, grs = [], []
            for _ in range(a.repeat):
                runs.append(sigflow(chain, a.samples))
                grs.append(gnuradio(chain, a.samples, 1))
            gr = statistics.median(grs)
            print(f"<!-- {chain}: SigFlow " + ", ".join(f"{r['msps']:.0f}" for r in runs) + "; GNU Radio "
                  + ", ".join(f"{g:.0f}" for g in grs) + " -->")
        else:
            runs = [sigflow(chain, a.samples) for _ in range(a.repeat)]
            gr = gnuradio(chain, a.samples, a.repeat)
        sf = statistics.median(r["msps"] for r in runs)
        dut = statistics.median(b["msps"] for r in runs for b in r["blocks"] if b["id"] == "dut")
        print(f"| {LABELS[chain]} | {sf:.0f} | {dut:.0f} | {gr:.0f} | {sf / gr:.2f}× |")


if __name__ == "__main__":
    main()
