#!/usr/bin/env python3
"""EVM and bit errors of the WirelessHD-like 16-QAM OFDM stream per memory-node wire format, simulated in numpy
float64 with the wire rules of kernels/src/main/cuda/wire.cu (fp16: IEEE half, round to nearest; int16/int8: full
scale +-1, x * 32767 or x * 127 rounded, clamped; the radio's cs16/cs8 host streams: x * 32768 or x * 128 rounded,
clipped to the integer range, as sf_narrow_cs16/cs8) applied to what Memory CPU->GPGPU carries (the time samples,
cyclic prefix dropped) and what Memory GPGPU->CPU carries (the unitary FFT's bins). Same plan and scaling as
sample-graphs/research/wirelesshd-ofdm.graph (512 bins, 336 data, 16 pilots, RMS 0.25, white noise at SNR dB per
carrier before the upload; 'inf' for none), gain from the pilots.
Usage: tools/research/ofdm_wire_evm.py [SYMBOLS] [RMS] [SNR_DB]; prints a Markdown table."""
import sys

import numpy as np

N, DATA, PILOTS = 512, 336, 16
symbols = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
rms = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25
snr = float(sys.argv[3]) if len(sys.argv) > 3 else float("inf")
used = DATA + PILOTS
ks = [u - used // 2 - 1 if u < used // 2 else u - used // 2 + 2 for u in range(used)]
bins = np.array([k % N for k in ks])
spacing = used // PILOTS
is_pilot = np.arange(used) % spacing == spacing // 2
pbins, dbins = bins[is_pilot], bins[~is_pilot]
pvals = np.array([1.0 if bin(p * 0x2B).count("1") % 2 == 0 else -1.0 for p in range(PILOTS)])
level = np.array([-3, -1, 3, 1]) / np.sqrt(10)
rng = np.random.default_rng(1)
vals = rng.integers(0, 16, (symbols, DATA))
X = np.zeros((symbols, N), complex)
X[:, dbins] = level[vals >> 2] + 1j * level[vals & 3]
X[:, pbins] = pvals
x = np.fft.ifft(X, axis=1) * np.sqrt(N) * rms * np.sqrt(N / used)  # unitary inverse, RMS = rms
sigma = rms * np.sqrt(N / used) * 10 ** (-snr / 20)  # complex noise RMS: per-carrier Es/N0 = snr
x = x + sigma / np.sqrt(2) * (rng.standard_normal(x.shape) + 1j * rng.standard_normal(x.shape))


def wire(z, fmt):
    def q(v):
        if fmt == "fp32":
            return v.astype(np.float32).astype(np.float64)
        if fmt == "fp16":
            return v.astype(np.float16).astype(np.float64)
        if fmt in ("cs16", "cs8"):
            s = {"cs16": 32768.0, "cs8": 128.0}[fmt]
            return np.clip(np.rint(v * s), -s, s - 1) / s
        s = {"int16": 32767.0, "int8": 127.0}[fmt]
        return np.rint(np.clip(v, -1, 1) * s) / s
    return q(z.real) + 1j * q(z.imag)


def axis(v):
    v = v * np.sqrt(10)
    return np.where(v < -2, 0, np.where(v < 0, 1, np.where(v < 2, 3, 2)))


print(f"RMS {rms}, SNR {snr} dB per carrier, {symbols} OFDM symbols\n")
print(f"| wire format | direction | EVM (dB) | bit errors of {symbols * DATA * 4} | clipped samples |")
print("|---|---|---|---|---|")
for fmt in ["fp32", "fp16", "int16", "int8", "cs16", "cs8"]:
    for direction in ["CPU->GPGPU", "GPGPU->CPU", "both"]:
        up, down = direction != "GPGPU->CPU", direction != "CPU->GPGPU"
        t = wire(x, fmt) if up else x
        Y = np.fft.fft(t, axis=1) / np.sqrt(N)
        clipped = 0 if fmt in ("fp32", "fp16") else int(
            up * ((np.abs(x.real) > 1).sum() + (np.abs(x.imag) > 1).sum())
            + down * ((np.abs(Y.real) > 1).sum() + (np.abs(Y.imag) > 1).sum()))
        Y = wire(Y, fmt) if down else Y
        g = (Y[:, pbins] * pvals).sum(axis=1) / (pvals ** 2).sum()
        eq = Y[:, dbins] / g[:, None]
        err = np.abs(eq - X[:, dbins]) ** 2
        dec = axis(eq.real) << 2 | axis(eq.imag)
        bit_errors = int(np.unpackbits((dec ^ vals).astype(np.uint8)).sum())
        print(f"| {fmt} | {direction} | {10 * np.log10(err.mean()):.1f} | {bit_errors} | {clipped} |")
