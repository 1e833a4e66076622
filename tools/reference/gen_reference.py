#!/usr/bin/env python3
"""Reference vectors for SigFlow's DSP kernels and blocks, computed independently in float64 with numpy/scipy.

Regenerate (deterministic: fixed seed, no dependence on time or machine):
    python3 tools/reference/gen_reference.py
It rewrites engine/src/test/resources/reference/: one little-endian float64 file per array (*.f64; complex arrays
interleaved re, im) and manifest.json listing every case with its parameters, input/expected files and tolerance.

How each reference is computed (never with SigFlow code):
  window            scipy.signal.get_window(name, N, fftbins=False)  (symmetric windows)
  firdes            scipy.signal.firwin(ntaps, cutoff(s), window=..., pass_zero=..., scale=True, fs=fs) * gain,
                    ntaps from GNU Radio's compute_ntaps: int(att_dB * fs / (22 * tw)), +1 if even, with
                    att_dB = rect 21, hamming 53, hann 44, blackman 74, blackman-harris 92, kaiser beta/0.1102+8.7
  complex band-pass firwin low-pass of half the band width times exp(j*wc*(n-M)) (GNU Radio complex_band_pass)
  fft               numpy.fft.fft, and numpy.fft.ifft * N for the unscaled inverse
  fft block         window * frame, numpy.fft.ifftshift before an inverse, numpy.fft.fftshift after a forward,
                    then the scaling (none, 1/N, 1/sqrt(N))
  fir_filter        scipy.signal.lfilter(taps, 1, x)[::decimation]
  interp_fir_filter scipy.signal.upfirdn(taps, x, I), cut to len(x) * I
  rational_resampler scipy.signal.upfirdn(taps, x, I, D), cut to whole steps (len(x) // D * I); designed taps as
                    GNU Radio's design_resampler_filter (I/D reduced by their gcd, Kaiser beta 7 low-pass via firwin)
  iir_filter        scipy.signal.lfilter(b, a, x) (old-style feedback taps fb: a = [1, -fb[1], -fb[2], ...])
  single_pole_iir   lfilter([alpha], [1, alpha - 1], x)
  moving_average    scale * lfilter(ones(length), 1, x) per vector element
  dc_blocker        x delayed by (length-1) (short) or 2(length-1) (long) minus 2 or 4 cascaded
                    lfilter(ones(length)/length, 1, .) (GNU Radio dc_blocker's structure)
  pfb_channelizer   channel k = lfilter(h * exp(j 2 pi k j / N), 1, x)[N-1::N] (band-pass FIR per channel, keep the
                    last sample of each step), channels concatenated; default prototype firwin(blackman-harris)
                    at fs = N, cutoff 0.5, width 0.2
  agc               GNU Radio agc_cc/agc_ff per-sample loop, in float64
  rotator           x * exp(1j * phase_inc * n)
  log_power_fft     GNU Radio logpwrfft: last frame of each group of round(fs/N/frame_rate), window, numpy fft,
                    |X|^2, single-pole average from 0, 10 log10 - 20 log10 N - 10 log10(sum w^2 / N) - 20 log10(ref/2)
  hilbert           GNU Radio firdes.hilbert taps; x delayed by (ntaps-1)/2 + 1j * lfilter(h, 1, x)
  costas_loop       GNU Radio costas_loop_cc / control_loop per-sample loop in float64 (detector on the float32
                    output sample, as GNU Radio); expected output and frequency estimate
  pll_carriertracking GNU Radio pll_carriertracking_cc loop in float64, exact atan2, no squelch
  freq_xlating      lfilter(taps, 1, x * exp(-j w n))[::D] * exp(-j w (ntaps-1)/2), w = 2 pi fc / fs (mix down,
                    filter, decimate; GNU Radio 3.10's phase reference at the centre tap)
  signal_source     GNU Radio analog.sig_source formulas (gr-analog/lib/sig_source_impl.cc) evaluated in numpy
                    on the closed-form phase wrap(phase0 + 2*pi*f*n/fs) into [-pi, pi)
  quadrature_demod  gain * numpy.angle(x[n] * conj(x[n-1])), x[-1] = 0 (GNU Radio quadrature_demod_cf)
  frequency_mod     numpy.exp(1j * numpy.cumsum(sensitivity * x)) (GNU Radio frequency_modulator_fc)
  fm_deemph         lfilter([b0, b0], [1, -p1], x) with GNU Radio analog.fm_deemph's bilinear taps (prewarped 1/tau)
  wht               x @ scipy.linalg.hadamard(q) per vector of q (Walsh-Hadamard, GF(2^m) Fourier), times the
                    scaling (none, 1/q, 1/sqrt(q)); own generator, so earlier cases keep their random inputs
  wifi_rx           tools/reference/wifi_rx.py: 802.11a frames built from the standard, a two-path channel with a
                    frequency offset and noise, then the receiver (detection, LTF alignment, fine offset, unitary
                    FFT, 'ltf' and 'pilots' equalisers) in float64; expected: each frame's LTF start and offset,
                    and its equalised data carriers
  magnitude         numpy.abs(x) ** k;  complex_to_real/imag/mag/arg: x.real, x.imag, numpy.abs, numpy.angle
Inputs are rounded to float32 before the reference is computed, since the engine sees float32 samples.
tools/reference/check_gnuradio.py runs the same inputs through GNU Radio 3.10 where the block exists there and
reports how far GNU Radio is from these references (documented differences are labelled).

Tolerance metrics (per case, in the manifest):
  "max_rel_rms": max |actual - expected| / rms(expected) <= tol
  "rms_rel_rms": rms(actual - expected) / rms(expected) <= tol
"""
import json
import os

import numpy as np
from scipy import signal

import wifi_rx

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference")
os.makedirs(OUT, exist_ok=True)
rng = np.random.default_rng(20240611)
cases = []

ATTEN = {"rectangular": 21, "hamming": 53, "hann": 44, "blackman": 74, "blackman_harris": 92}
SCIPY_WIN = {"rectangular": "boxcar", "hamming": "hamming", "hann": "hann", "blackman": "blackman",
             "blackman_harris": "blackmanharris"}


def f32(a):
    """Round to what a float32 stream carries."""
    if np.iscomplexobj(a):
        return a.real.astype(np.float32).astype(np.float64) + 1j * a.imag.astype(np.float32).astype(np.float64)
    return np.asarray(a, dtype=np.float32).astype(np.float64)


def write(name, arr):
    arr = np.asarray(arr)
    if np.iscomplexobj(arr):
        flat = np.empty(2 * arr.size)
        flat[0::2] = arr.real.ravel()
        flat[1::2] = arr.imag.ravel()
    else:
        flat = arr.astype(np.float64).ravel()
    fname = name + ".f64"
    flat.astype("<f8").tofile(os.path.join(OUT, fname))
    return {"file": fname, "complex": bool(np.iscomplexobj(arr)), "length": int(arr.size)}


def case(name, kind, params, inputs, expected, tol, metric="max_rel_rms"):
    cases.append({
        "name": name, "kind": kind, "params": params,
        "inputs": {k: write(f"{name}.in.{k}", v) for k, v in inputs.items()},
        "expected": {k: write(f"{name}.out.{k}", v) for k, v in expected.items()},
        "tolerance": tol, "metric": metric,
    })


def scipy_window(name, n, beta):
    w = ("kaiser", beta) if name == "kaiser" else SCIPY_WIN[name]
    return signal.get_window(w, n, fftbins=False)


def gr_ntaps(fs, tw, window, beta):
    att = beta / 0.1102 + 8.7 if window == "kaiser" else ATTEN[window]
    n = int(att * fs / (22.0 * tw))
    return n + 1 if n % 2 == 0 else n


def firwin_ref(kind, gain, fs, c1, c2, tw, window, beta):
    n = gr_ntaps(fs, tw, window, beta)
    w = ("kaiser", beta) if window == "kaiser" else SCIPY_WIN[window]
    if kind == "low_pass":
        h = signal.firwin(n, c1, window=w, pass_zero=True, fs=fs)
    elif kind == "high_pass":
        h = signal.firwin(n, c1, window=w, pass_zero=False, fs=fs)
    elif kind == "band_pass":
        h = signal.firwin(n, [c1, c2], window=w, pass_zero=False, fs=fs)
    else:
        h = signal.firwin(n, [c1, c2], window=w, pass_zero=True, fs=fs)
    return gain * h


def crandn(n, scale=1.0):
    return f32(scale * (rng.standard_normal(n) + 1j * rng.standard_normal(n)) / np.sqrt(2))


def wrap(p):
    return (p + np.pi) % (2 * np.pi) - np.pi


# ---------------------------------------------------------------- windows
for name in ["rectangular", "hamming", "hann", "blackman", "blackman_harris", "kaiser"]:
    for n in (51, 64):
        beta = 7.0 if name == "kaiser" else 0.0
        case(f"window_{name}_{n}", "window", {"window": name, "n": n, "beta": beta}, {},
             {"w": scipy_window(name, n, beta)}, 1e-12)

# ---------------------------------------------------------------- firdes
designs = [
    ("low_pass", 2.0, 48000.0, 5000.0, 0.0, 2000.0, "hamming", 0.0),
    ("low_pass", 1.0, 1.0e6, 100e3, 0.0, 50e3, "kaiser", 8.0),
    ("high_pass", 1.0, 48000.0, 8000.0, 0.0, 3000.0, "blackman", 0.0),
    ("band_pass", 1.5, 32000.0, 3000.0, 6000.0, 1500.0, "kaiser", 6.0),
    ("band_stop", 1.0, 32000.0, 4000.0, 7000.0, 2000.0, "hann", 0.0),
    ("band_pass", 1.0, 32000.0, 2000.0, 9000.0, 2500.0, "blackman_harris", 0.0),
    ("low_pass", 1.0, 8000.0, 1000.0, 0.0, 1000.0, "rectangular", 0.0),
]
for i, (kind, gain, fs, c1, c2, tw, win, beta) in enumerate(designs):
    h = firwin_ref(kind, gain, fs, c1, c2, tw, win, beta)
    case(f"firdes_{i}_{kind}_{win}", "firdes",
         {"filter": kind, "gain": gain, "samp_rate": fs, "cutoff": c1, "high_cutoff": c2, "transition_width": tw,
          "window": win, "beta": beta, "ntaps": len(h)}, {}, {"h": h}, 1e-10)

# complex band-pass: low-pass of half width, shifted to the band centre
for i, (lo, hi, win) in enumerate([(-8000.0, -2000.0, "hamming"), (1000.0, 9000.0, "blackman")]):
    fs, tw, gain = 48000.0, 2000.0, 1.0
    lp = firwin_ref("low_pass", gain, fs, (hi - lo) / 2, 0, tw, win, 0.0)
    m = (len(lp) - 1) // 2
    h = lp * np.exp(1j * 2 * np.pi * (lo + hi) / 2 / fs * (np.arange(len(lp)) - m))
    case(f"firdes_complex_band_pass_{i}", "complex_band_pass",
         {"gain": gain, "samp_rate": fs, "low_cutoff": lo, "high_cutoff": hi, "transition_width": tw,
          "window": win, "beta": 0.0, "ntaps": len(h)}, {}, {"h": h}, 1e-10)

# ---------------------------------------------------------------- FFT kernel
for n in (1, 2, 3, 5, 8, 12, 64, 100, 1000, 1024, 4096):
    x = crandn(n)
    case(f"fft_{n}_forward", "fft", {"n": n, "inverse": False}, {"x": x}, {"y": np.fft.fft(x)}, 1e-5, "rms_rel_rms")
    case(f"fft_{n}_inverse", "fft", {"n": n, "inverse": True}, {"x": x}, {"y": np.fft.ifft(x) * n}, 1e-5,
         "rms_rel_rms")

# ---------------------------------------------------------------- fft block
def fft_block(frames, size, direction, window, beta, shift, scaling):
    w = scipy_window(window, size, beta)
    out = []
    for fr in frames.reshape(-1, size):
        v = fr * w
        if direction == "inverse":
            if shift:
                v = np.fft.ifftshift(v)
            v = np.fft.ifft(v) * size
        else:
            v = np.fft.fft(v)
            if shift:
                v = np.fft.fftshift(v)
        v = v * {"none": 1.0, "1/N": 1.0 / size, "1/sqrt(N)": 1.0 / np.sqrt(size)}[scaling]
        out.append(v)
    return np.concatenate(out)


for i, (size, typ, direction, window, beta, shift, scaling, frames) in enumerate([
    (256, "cf32", "forward", "hamming", 0.0, True, "1/N", 6),
    (256, "cf32", "inverse", "rectangular", 0.0, True, "none", 3),
    (100, "cf32", "forward", "blackman_harris", 0.0, False, "1/sqrt(N)", 5),
    (128, "f32", "forward", "hann", 0.0, True, "none", 4),
    (63, "cf32", "forward", "kaiser", 5.0, True, "none", 3),
]):
    t = np.arange(size * frames)
    if typ == "cf32":
        x = f32(np.exp(2j * np.pi * 0.1234 * t) + crandn(size * frames, 0.1))
    else:
        x = f32(np.cos(2 * np.pi * 0.0789 * t) + 0.1 * rng.standard_normal(size * frames))
    y = fft_block(x, size, direction, window, beta, shift, scaling)
    case(f"fft_block_{i}", "fft_block",
         {"fft_size": size, "type": typ, "direction": direction, "window": window, "beta": beta, "shift": shift,
          "scaling": scaling}, {"x": x}, {"y": y}, 1e-5, "rms_rel_rms")

# ---------------------------------------------------------------- fir_filter block
def lfilter_dec(h, x, d):
    return signal.lfilter(h, 1.0, x)[::d]


n = 3000
xc = crandn(n)
xr = f32(rng.standard_normal(n))
h_real63 = f32(signal.firwin(63, 0.2))
h_real41 = f32(signal.firwin(41, [0.1, 0.4], pass_zero=False))
h_cplx31 = f32((rng.standard_normal(31) + 1j * rng.standard_normal(31)) / 8)
for name, io, taps_type, taps, d, x in [
    ("ccf_d1", "cf32", "real", h_real63, 1, xc),
    ("ccf_d4", "cf32", "real", h_real63, 4, xc),
    ("ccc_d1", "cf32", "complex", h_cplx31, 1, xc),
    ("ccc_d3", "cf32", "complex", h_cplx31, 3, xc),
    ("fff_d1", "f32", "real", h_real41, 1, xr),
    ("fff_d2", "f32", "real", h_real41, 2, xr),
    ("ccf_d1_3taps", "cf32", "real", f32(np.array([0.25, 0.5, 0.25])), 1, xc),
]:
    case(f"fir_{name}", "fir_filter",
         {"io_type": io, "taps_type": taps_type, "decimation": d, "taps_mode": "explicit"},
         {"x": x, "taps": taps}, {"y": lfilter_dec(taps, x, d)}, 1e-5)

for name, io, kind, c1, c2, win, beta, d, x in [
    ("designed_lp_ccf_d2", "cf32", "low_pass", 6000.0, 0.0, "hamming", 0.0, 2, xc),
    ("designed_bp_fff", "f32", "band_pass", 4000.0, 10000.0, "kaiser", 7.0, 1, xr),
    ("designed_hp_fff", "f32", "high_pass", 12000.0, 0.0, "blackman", 0.0, 1, xr),
    ("designed_bs_ccf", "cf32", "band_stop", 5000.0, 9000.0, "hann", 0.0, 1, xc),
]:
    fs, tw, gain = 48000.0, 3000.0, 1.0
    h = firwin_ref(kind, gain, fs, c1, c2, tw, win, beta)
    case(f"fir_{name}", "fir_filter",
         {"io_type": io, "taps_type": "real", "decimation": d, "taps_mode": "designed", "filter": kind,
          "samp_rate": fs, "cutoff": c1, "low_cutoff": c1, "high_cutoff": c2, "transition_width": tw,
          "window": win, "beta": beta, "gain": gain, "ntaps": len(h)},
         {"x": x}, {"y": lfilter_dec(h, x, d)}, 1e-5)

# ---------------------------------------------------------------- signal_source (GNU Radio formulas)
def sig_source(typ, waveform, fs, f, a, off, phase0, n):
    p = wrap(phase0 + 2 * np.pi * f / fs * np.arange(n))
    # keep away from decision boundaries so a 1e-13 phase difference cannot flip a square/triangle branch
    for edge in (-np.pi / 2, 0.0, np.pi / 2):
        assert np.min(np.abs(p - edge)) > 1e-9
    if typ == "f32":
        y = {"sine": a * np.sin(p), "cosine": a * np.cos(p), "square": np.where(p < 0, a, 0.0),
             "triangle": np.where(p < 0, a * p / np.pi + a, -a * p / np.pi + a),
             "sawtooth": a * p / (2 * np.pi) + a / 2, "constant": np.full(n, a)}[waveform]
        return y + off.real
    pi = np.pi
    if waveform in ("sine", "cosine"):
        y = a * np.exp(1j * p)
    elif waveform == "constant":
        y = np.full(n, a + 0j)
    elif waveform == "square":
        y = np.select([p < -pi / 2, p < 0, p < pi / 2, True], [a + 0j, a + 1j * a, 1j * a, 0j])
    elif waveform == "triangle":
        y = np.select([p < -pi / 2, p < 0, p < pi / 2, True], [
            (a * p / pi + a) + 1j * (-a * p / pi - a / 2),
            (a * p / pi + a) + 1j * (a * p / pi + a / 2),
            (-a * p / pi + a) + 1j * (a * p / pi + a / 2),
            (-a * p / pi + a) + 1j * (-a * p / pi + 3 * a / 2)])
    else:
        y = np.where(p < -pi / 2, (a * p / (2 * pi) + a / 2) + 1j * (a * p / (2 * pi) + 5 * a / 4),
                     (a * p / (2 * pi) + a / 2) + 1j * (a * p / (2 * pi) + a / 4))
    return y + off


for typ in ("f32", "cf32"):
    for wf in ("sine", "cosine", "square", "triangle", "sawtooth", "constant"):
        fs, f, a, phase0, n = 32000.0, 1234.5, 1.5, 0.3, 4000
        off = 0.25 + (-0.5j if typ == "cf32" else 0)
        y = sig_source(typ, wf, fs, f, a, off, phase0, n)
        case(f"sig_{typ}_{wf}", "signal_source",
             {"type": typ, "waveform": wf, "samp_rate": fs, "frequency": f, "amplitude": a,
              "offset_re": off.real, "offset_im": np.imag(off), "phase": phase0}, {}, {"y": y}, 1e-6)
fs, f = 48000.0, -7000.3
y = sig_source("cf32", "sine", fs, f, 0.7, 0j, -2.0, 6000)
case("sig_cf32_negative_freq", "signal_source",
     {"type": "cf32", "waveform": "sine", "samp_rate": fs, "frequency": f, "amplitude": 0.7, "offset_re": 0.0,
      "offset_im": 0.0, "phase": -2.0}, {}, {"y": y}, 1e-6)

# ---------------------------------------------------------------- FM: modulator and quadrature demod
fs, dev, n = 48000.0, 5000.0, 4000
t = np.arange(n) / fs
msg = f32(0.6 * np.sin(2 * np.pi * 440 * t) + 0.3 * np.sin(2 * np.pi * 1250 * t + 0.4))
sens = 2 * np.pi * dev / fs
case("frequency_mod", "frequency_mod", {"sensitivity": sens}, {"x": msg},
     {"y": np.exp(1j * np.cumsum(sens * msg))}, 1e-5)

fm = f32(0.8 * np.exp(1j * (np.cumsum(sens * msg) + 0.7)) + crandn(n, 0.01))
prev = np.concatenate([[0j], fm[:-1]])
gain = fs / (2 * np.pi * dev)
case("quadrature_demod", "quadrature_demod", {"gain": gain}, {"x": fm},
     {"y": gain * np.angle(fm * np.conj(prev))}, 1e-5)

# ---------------------------------------------------------------- complex -> real conversions, magnitude
xm = f32(crandn(1500) * np.exp(rng.uniform(-2, 2, 1500)))
for k in (1, 2, 3, 4, 5):
    case(f"magnitude_k{k}", "magnitude", {"exponent": k}, {"x": xm}, {"y": np.abs(xm) ** k}, 1e-6)
for blk, fn in [("complex_to_real", np.real), ("complex_to_imag", np.imag), ("complex_to_mag", np.abs),
                ("complex_to_arg", np.angle)]:
    case(blk, blk, {}, {"x": xm}, {"y": fn(xm)}, 1e-6)

# ================================================================ DSP library, second wave
# A separate generator, so the cases above keep their exact inputs.
rng2 = np.random.default_rng(20261121)


def crandn2(n, scale=1.0):
    return f32(scale * (rng2.standard_normal(n) + 1j * rng2.standard_normal(n)) / np.sqrt(2))


def rrandn2(n, scale=1.0):
    return f32(scale * rng2.standard_normal(n))


# ---------------------------------------------------------------- interp_fir_filter, rational_resampler
def upfirdn_steps(h, x, up, down):
    """scipy upfirdn, cut to the outputs of whole steps (down inputs -> up outputs each); trailing zero taps (which
    change no value) make upfirdn's output long enough when there are fewer taps than up."""
    h = np.concatenate([h, np.zeros(up)])
    return signal.upfirdn(h, x, up, down)[:(len(x) // down) * up]


n = 2400
xc2 = crandn2(n)
xr2 = rrandn2(n)
for name, io, taps_type, taps, up in [
    ("ccf_i3", "cf32", "real", f32(3 * signal.firwin(31, 1 / 3)), 3, ),
    ("fff_i4", "f32", "real", f32(4 * signal.firwin(40, 0.2)), 4),
    ("ccc_i2", "cf32", "complex", f32((rng2.standard_normal(15) + 1j * rng2.standard_normal(15)) / 4), 2),
    ("fff_i5_short", "f32", "real", f32(np.array([0.5, 1.0, 2.0])), 5),
]:
    x = xc2 if io == "cf32" else xr2
    case(f"interp_fir_{name}", "interp_fir_filter", {"io_type": io, "taps_type": taps_type, "interpolation": up},
         {"x": x, "taps": taps}, {"y": upfirdn_steps(taps, x, up, 1)}, 1e-5)

for name, io, taps_type, taps, up, down in [
    ("ccf_3_2", "cf32", "real", f32(3 * signal.firwin(48, 1 / 3)), 3, 2),
    ("fff_2_5", "f32", "real", f32(2 * signal.firwin(61, 0.18)), 2, 5),
    ("ccc_4_3", "cf32", "complex", f32((rng2.standard_normal(22) + 1j * rng2.standard_normal(22)) / 4), 4, 3),
    ("fff_1_3", "f32", "real", f32(signal.firwin(25, 0.3)), 1, 3),
]:
    x = xc2 if io == "cf32" else xr2
    case(f"rational_{name}", "rational_resampler",
         {"io_type": io, "taps_type": taps_type, "interpolation": up, "decimation": down, "fbw": 0.0},
         {"x": x, "taps": taps}, {"y": upfirdn_steps(taps, x, up, down)}, 1e-5)


def gr_resampler_taps(up, down, fbw):
    """GNU Radio design_resampler_filter: Kaiser(7) low-pass, gain I at rate I, after reducing I/D."""
    g = np.gcd(up, down)
    up, down = up // g, down // g
    rate = up / down
    tw = (0.5 - fbw) if rate >= 1 else rate * (0.5 - fbw)
    mid = (0.5 - tw / 2) if rate >= 1 else rate * 0.5 - tw / 2
    return up, down, firwin_ref("low_pass", up, up, mid, 0, tw, "kaiser", 7.0)


for io, up, down, fbw in [("cf32", 3, 2, 0.0), ("f32", 6, 4, 0.3), ("cf32", 1, 3, 0.0), ("f32", 5, 1, 0.45)]:
    ru, rd, h = gr_resampler_taps(up, down, 0.4 if fbw == 0 else fbw)
    x = xc2 if io == "cf32" else xr2
    case(f"rational_designed_{io}_{up}_{down}", "rational_resampler",
         {"io_type": io, "taps_type": "real", "interpolation": up, "decimation": down, "fbw": fbw,
          "ntaps": len(h), "reduced_interpolation": int(ru)},
         {"x": x, "taps": np.zeros(0)}, {"y": upfirdn_steps(f32(h), x, ru, rd)}, 1e-5)

# ---------------------------------------------------------------- freq_xlating_fir_filter
def xlate(h, x, fc, fs, d):
    """Mix down by fc, filter, keep every d-th output (of whole steps); the mixing phase is referenced to the centre
    tap, exp(-j w (ntaps-1)/2), as GNU Radio 3.10's freq_xlating_fir_filter does."""
    w = 2 * np.pi * fc / fs
    mixed = x * np.exp(-1j * w * np.arange(len(x)))
    return signal.lfilter(h, 1.0, mixed)[::d][:len(x) // d] * np.exp(-1j * w * (len(h) - 1) / 2)


fs = 48000.0
for name, taps_type, taps, d, fc in [
    ("real_d4", "real", f32(signal.firwin(45, 0.1)), 4, 7000.0),
    ("complex_d1", "complex", f32(signal.firwin(21, 0.2) * np.exp(0.3j * np.arange(21))), 1, -3000.0),
    ("real_d3_neg", "real", f32(signal.firwin(30, 0.15)), 3, -11000.5),
]:
    case(f"xlating_{name}", "freq_xlating_fir_filter",
         {"taps_type": taps_type, "decimation": d, "center_freq": fc, "samp_rate": fs, "taps_mode": "explicit"},
         {"x": xc2, "taps": taps}, {"y": xlate(taps, xc2, fc, fs, d)}, 2e-5)
h = firwin_ref("low_pass", 1.0, fs, 3000.0, 0, 2000.0, "blackman", 0.0)
case("xlating_designed_d5", "freq_xlating_fir_filter",
     {"taps_type": "real", "decimation": 5, "center_freq": 10000.0, "samp_rate": fs, "taps_mode": "designed",
      "cutoff": 3000.0, "transition_width": 2000.0, "window": "blackman", "beta": 0.0, "gain": 1.0,
      "ntaps": len(h)}, {"x": xc2}, {"y": xlate(h, xc2, 10000.0, fs, 5)}, 2e-5)

# ---------------------------------------------------------------- IIR, single pole, moving average, DC blocker
n = 3000
for name, io, b, a, oldstyle, fb in [
    ("butter4_fff", "f32", *signal.butter(4, 0.2), False, None),
    ("cheby1_3_ccf", "cf32", *signal.cheby1(3, 1.0, [0.1, 0.3], btype="bandpass"), False, None),
    ("a0_norm_fff", "f32", np.array([0.5, 0.25]), np.array([2.0, -1.2, 0.5]), False, None),
    ("oldstyle_ccf", "cf32", np.array([0.2, 0.1]), np.array([1.0, -0.7]), True, [0.0, 0.7]),
]:
    x = xc2[:n] if io == "cf32" else xr2[:n]
    case(f"iir_{name}", "iir_filter", {"io_type": io, "oldstyle": oldstyle},
         {"x": x, "fftaps": b, "fbtaps": np.array(fb) if oldstyle else a},
         {"y": signal.lfilter(b, a, x)}, 1e-5)

for io, alpha in [("f32", 0.1), ("cf32", 0.01), ("f32", 1.0)]:
    x = xc2 if io == "cf32" else xr2
    case(f"single_pole_iir_{io}_{alpha}", "single_pole_iir", {"type": io, "alpha": alpha}, {"x": x},
         {"y": signal.lfilter([alpha], [1, alpha - 1], x)}, 1e-5)

for io, length, scale, vlen in [("f32", 10, 0.1, 1), ("cf32", 33, 1.0, 1), ("f32", 5, 0.5, 3), ("cf32", 1, 2.0, 1)]:
    x = (xc2 if io == "cf32" else xr2)[:2400 // vlen * vlen]
    y = scale * signal.lfilter(np.ones(length), 1.0, x.reshape(-1, vlen), axis=0).ravel()
    case(f"moving_average_{io}_{length}_v{vlen}", "moving_average",
         {"type": io, "length": length, "scale": scale, "vlen": vlen}, {"x": x}, {"y": y}, 1e-5)


def gr_dc_blocker(x, d, long_form):
    """Delay minus a cascade of length-d moving averages (GNU Radio dc_blocker)."""
    stages, delay = (4, 2 * (d - 1)) if long_form else (2, d - 1)
    v = x
    for _ in range(stages):
        v = signal.lfilter(np.ones(d) / d, 1.0, v)
    delayed = np.concatenate([np.zeros(delay, dtype=x.dtype), x[:len(x) - delay]])
    return delayed - v


t = np.arange(4000)
dc_c = f32(0.8 - 0.3j + np.exp(2j * np.pi * 0.05 * t) + crandn2(4000, 0.1))
dc_r = f32(1.5 + np.cos(2 * np.pi * 0.03 * t) + rrandn2(4000, 0.1))
for io, d, long_form in [("cf32", 32, True), ("f32", 16, False), ("f32", 1, True)]:
    x = dc_c if io == "cf32" else dc_r
    case(f"dc_blocker_{io}_{d}_{'long' if long_form else 'short'}", "dc_blocker",
         {"type": io, "length": d, "long_form": long_form}, {"x": x}, {"y": gr_dc_blocker(x, d, long_form)}, 1e-5)

# ---------------------------------------------------------------- pfb_channelizer
def channelize(h, x, nch):
    """Channel k: the prototype shifted to k/nch cycles per sample, h[j] exp(j 2 pi k j / nch), as a FIR; keep the
    output at the last sample of every step of nch (GNU Radio pfb_channelizer_ccf's alignment)."""
    j = np.arange(len(h))
    return np.concatenate([signal.lfilter(h * np.exp(2j * np.pi * k * j / nch), 1.0, x)[nch - 1::nch]
                           for k in range(nch)])


# a tone in channels 1 and nch-1 (negative frequency) plus noise, so each channel carries something distinct
tt = np.arange(4800)
for nch, taps, tag in [
    (4, f32(signal.firwin(45, 1 / 4)), "explicit45"),
    (8, f32(signal.firwin(100, 1 / 8, window=("kaiser", 8.0))), "explicit100"),
    (3, f32(signal.firwin(31, 1 / 3)), "explicit31"),
    (5, None, "designed"),
]:
    x = f32(np.exp(2j * np.pi * (1.1 / nch) * tt) + 0.5 * np.exp(-2j * np.pi * (0.95 / nch) * tt)
            + crandn2(len(tt), 0.2))
    params = {"nchans": nch, "osr": 1.0}
    inputs = {"x": x}
    if taps is None:
        h = firwin_ref("low_pass", 1.0, nch, 0.5, 0, 0.2, "blackman_harris", 0.0)
        params["ntaps"] = len(h)
        inputs["taps"] = np.zeros(0)
    else:
        h = taps
        inputs["taps"] = taps
    case(f"pfb_channelizer_{nch}_{tag}", "pfb_channelizer", params, inputs, {"y": channelize(h, x, nch)}, 1e-5)

# ---------------------------------------------------------------- agc, rotator, log_power_fft
def gr_agc(x, rate, ref, gain, max_gain):
    """GNU Radio agc_cc/agc_ff loop, in float64."""
    y = np.empty_like(x)
    for i, v in enumerate(x):
        y[i] = v * gain
        gain += rate * (ref - abs(y[i]))
        if max_gain > 0 and gain > max_gain:
            gain = max_gain
    return y


steps = np.concatenate([np.full(1500, 0.1), np.full(1500, 3.0), np.full(1000, 0.5)])
agc_c = f32(steps * np.exp(2j * np.pi * 0.01 * np.arange(4000)) + crandn2(4000, 0.01))
agc_r = f32(0.05 * np.cos(2 * np.pi * 0.013 * np.arange(4000)) + rrandn2(4000, 0.005))
for name, io, x, rate, ref, gain, max_gain in [
    ("cf32", "cf32", agc_c, 1e-3, 1.0, 1.0, 65536.0),
    ("f32_capped", "f32", agc_r, 1e-2, 0.8, 2.0, 5.0),
    ("cf32_uncapped", "cf32", agc_c, 3e-4, 0.5, 0.1, 0.0),
]:
    case(f"agc_{name}", "agc", {"type": io, "rate": rate, "reference": ref, "gain": gain, "max_gain": max_gain},
         {"x": x}, {"y": gr_agc(x, rate, ref, gain, max_gain)}, 1e-5)

for inc in (0.3, -2.5, 0.0001):
    case(f"rotator_{inc}", "rotator", {"phase_inc": inc}, {"x": xc2},
         {"y": xc2 * np.exp(1j * inc * np.arange(len(xc2)))}, 1e-6)


def logpwrfft(x, size, decim, window, beta, shift, ref_scale, alpha):
    """GNU Radio logpwrfft: keep the last frame of each group of decim, window, FFT, |X|^2, single-pole average
    from 0, 10 log10 + corrections."""
    w = scipy_window(window, size, beta)
    frames = x[:len(x) // (size * decim) * size * decim].reshape(-1, decim, size)[:, decim - 1, :]
    avg = np.zeros(size)
    out = []
    k = -20 * np.log10(size) - 10 * np.log10(np.sum(w * w) / size) - 20 * np.log10(ref_scale / 2)
    for fr in frames:
        spec = np.fft.fft(fr * w)
        if shift:
            spec = np.fft.fftshift(spec)
        avg = alpha * np.abs(spec) ** 2 + (1 - alpha) * avg
        out.append(10 * np.log10(avg) + k)
    return np.concatenate(out)


tt = np.arange(256 * 12)
lp_c = f32(np.exp(2j * np.pi * 0.1 * tt) + 0.3 * np.exp(-2j * np.pi * 0.27 * tt) + crandn2(len(tt), 0.1))
lp_r = f32(np.cos(2 * np.pi * 0.21 * tt) + rrandn2(len(tt), 0.1))
for name, io, x, size, fs, frame_rate, window, beta, shift, ref, average, alpha in [
    ("c256", "cf32", lp_c, 256, 256 * 30.0, 30.0, "blackman_harris", 0.0, False, 2.0, False, 1.0),
    ("c64_decim3_avg", "cf32", lp_c, 64, 64 * 30.0 * 3, 30.0, "hann", 0.0, True, 1.0, True, 0.2),
    ("f128_decim2_avg", "f32", lp_r, 128, 128 * 2 * 10.0, 10.0, "kaiser", 5.0, False, 2.0, True, 0.5),
]:
    decim = max(1, int(round(fs / size / frame_rate)))
    y = logpwrfft(x, size, decim, window, beta, shift, ref, alpha if average else 1.0)
    case(f"log_power_fft_{name}", "log_power_fft",
         {"type": io, "samp_rate": fs, "fft_size": size, "frame_rate": frame_rate, "window": window, "beta": beta,
          "shift": shift, "ref_scale": ref, "average": average, "avg_alpha": alpha}, {"x": x}, {"y": y}, 1e-5)

# ---------------------------------------------------------------- hilbert, costas_loop, pll_carriertracking
def gr_hilbert_taps(ntaps, window, beta):
    """GNU Radio firdes.hilbert (in float64)."""
    w = scipy_window(window, ntaps, beta)
    h = np.zeros(ntaps)
    m = (ntaps - 1) // 2
    gain = 0.0
    for i in range(1, m + 1, 2):
        h[m + i] = w[m + i] / i
        h[m - i] = -w[m - i] / i
        gain = h[m + i] - gain
    return h / (2 * abs(gain))


hx = f32(np.cos(2 * np.pi * 0.05 * np.arange(3000)) + 0.5 * np.sin(2 * np.pi * 0.21 * np.arange(3000))
         + rrandn2(3000, 0.1))
for ntaps, window, beta in [(65, "hamming", 6.76), (31, "blackman", 0.0), (21, "kaiser", 5.0), (3, "rectangular", 0.0)]:
    h = gr_hilbert_taps(ntaps, window, beta)
    m = (ntaps - 1) // 2
    delayed = np.concatenate([np.zeros(m), hx[:len(hx) - m]])
    case(f"hilbert_{ntaps}_{window}", "hilbert", {"num_taps": ntaps, "window": window, "beta": beta}, {"x": hx},
         {"y": delayed + 1j * signal.lfilter(h, 1.0, hx)}, 1e-5)


def gr_control_gains(bw):
    d = np.sqrt(2) / 2
    denom = 1 + 2 * d * bw + bw * bw
    return 4 * d * bw / denom, 4 * bw * bw / denom


def gr_advance(phase, freq, err, alpha, beta, fmin, fmax):
    freq += beta * err
    phase += freq + alpha * err
    while phase > 2 * np.pi:
        phase -= 2 * np.pi
    while phase < -2 * np.pi:
        phase += 2 * np.pi
    return phase, min(fmax, max(fmin, freq))


def gr_costas(x, bw, order):
    """GNU Radio costas_loop_cc; the detector sees the float32 output sample, as in GNU Radio."""
    alpha, beta = gr_control_gains(bw)
    phase = freq = 0.0
    y = np.empty(len(x), dtype=complex)
    fr = np.empty(len(x))
    k8 = np.sqrt(2) - 1
    for i, v in enumerate(x):
        o = v * np.exp(-1j * phase)
        re, im = float(np.float32(o.real)), float(np.float32(o.imag))
        y[i] = re + 1j * im
        sr, si = (1.0 if re > 0 else -1.0), (1.0 if im > 0 else -1.0)
        if order == 2:
            e = re * im
        elif order == 4:
            e = sr * im - si * re
        else:
            e = sr * im - k8 * si * re if abs(re) >= abs(im) else k8 * sr * im - si * re
        phase, freq = gr_advance(phase, freq, max(-1.0, min(1.0, e)), alpha, beta, -1.0, 1.0)
        fr[i] = freq
    return y, fr


nsym = 3000
for order, bw, foff in [(2, 2 * np.pi / 100, 0.01), (4, 2 * np.pi / 150, -0.02), (8, 2 * np.pi / 200, 0.005)]:
    sym = np.exp(2j * np.pi * rng2.integers(0, order, nsym) / order + (1j * np.pi / 4 if order == 4 else 0))
    x = f32(sym * np.exp(1j * (foff * np.arange(nsym) + 0.5)) + crandn2(nsym, 0.05))
    y, fr = gr_costas(x, bw, order)
    case(f"costas_order{order}", "costas_loop", {"loop_bw": bw, "order": order}, {"x": x}, {"y": y, "freq": fr},
         1e-5)


def gr_pll(x, bw, fmax, fmin):
    """GNU Radio pll_carriertracking_cc without squelch (exact atan2)."""
    alpha, beta = gr_control_gains(bw)
    phase = freq = 0.0
    y = np.empty(len(x), dtype=complex)
    for i, v in enumerate(x):
        y[i] = v * np.exp(-1j * phase)
        e = np.arctan2(v.imag, v.real) - phase
        if e > np.pi:
            e -= 2 * np.pi
        elif e < -np.pi:
            e += 2 * np.pi
        phase, freq = gr_advance(phase, freq, e, alpha, beta, fmin, fmax)
    return y


tt = np.arange(3000)
pll_x = f32((1 + 0.3 * np.cos(2 * np.pi * 0.003 * tt)) * np.exp(1j * (0.05 * tt + 1.0)) + crandn2(3000, 0.02))
for bw, fmax, fmin in [(0.05, 0.5, -0.5), (0.02, 0.03, -0.03)]:
    case(f"pll_carriertracking_{bw}_{fmax}", "pll_carriertracking", {"loop_bw": bw, "max_freq": fmax, "min_freq": fmin},
         {"x": pll_x}, {"y": gr_pll(pll_x, bw, fmax, fmin)}, 1e-5)


wht_rng = np.random.default_rng(20261125)
for q, vectors, items, scaling in [(2, 5, 9, "none"), (16, 3, 11, "1/q"), (64, 1, 40, "none"), (256, 2, 9, "1/sqrt(q)")]:
    from scipy.linalg import hadamard
    x = f32(wht_rng.standard_normal(q * vectors * items))
    k = {"none": 1.0, "1/q": 1.0 / q, "1/sqrt(q)": 1.0 / np.sqrt(q)}[scaling]
    y = (x.reshape(-1, q) @ hadamard(q).astype(np.float64)).ravel() * k
    case(f"wht_q{q}_v{vectors}", "wht", {"q": q, "vectors": vectors, "scaling": scaling}, {"x": x}, {"y": y}, 2e-6)


def gr_deemph(fs, tau):
    """GNU Radio 3.10 analog/fm_emph.py fm_deemph taps."""
    w_ca = 2.0 * fs * np.tan(1.0 / tau / (2.0 * fs))
    k = -w_ca / (2.0 * fs)
    p1 = (1.0 + k) / (1.0 - k)
    b0 = -k / (1.0 - k)
    return [b0, b0], [1.0, -p1]


deemph_rng = np.random.default_rng(75)
for fs, tau in [(48e3, 75e-6), (240e3, 50e-6)]:
    x = f32(deemph_rng.standard_normal(4000))
    b, a = gr_deemph(fs, tau)
    case(f"fm_deemph_{int(fs)}_{int(tau * 1e6)}us", "fm_deemph", {"samp_rate": fs, "tau": tau}, {"x": x},
         {"y": signal.lfilter(b, a, x)}, 1e-6)

wifi_rng = np.random.default_rng(80211)
wifi_symbols, wifi_gap = 6, 200
wifi_values = [wifi_rng.integers(0, 4, (wifi_symbols, 48)) for _ in range(8)]
wifi_x = np.concatenate([wifi_rx.frame(v, wifi_gap, 0.5) for v in wifi_values] + [np.zeros(400)])
for snr in (25, 12):
    x = f32(wifi_rx.channel(wifi_x, [0.9, 0.3 - 0.2j], 0.01, 0.5 * np.sqrt(52 / 64) * 10 ** (-snr / 20), wifi_rng))
    expected = {}
    for method in ("ltf", "pilots"):
        frames = wifi_rx.receive(x, wifi_symbols, method, threshold=0.7, search=240, backoff=2)
        expected[method] = np.concatenate([z.ravel() for _, _, z in frames])
        expected["ltf_start"] = np.array([t for t, _, _ in frames], float)
        expected["cfo"] = np.array([w for _, w, _ in frames])
    case(f"wifi_rx_{snr}db", "wifi_rx", {"data_symbols": wifi_symbols, "threshold": 0.7, "search": 240,
                                          "backoff": 2, "frame_length": wifi_gap + 320 + 80 * wifi_symbols},
         {"x": x}, expected, 1e-4)

if __name__ == "__main__":
    for f in os.listdir(OUT):
        if f.endswith(".f64") and not any(f == v["file"] for c in cases for d in (c["inputs"], c["expected"])
                                          for v in d.values()):
            os.remove(os.path.join(OUT, f))
    with open(os.path.join(OUT, "manifest.json"), "w") as fh:
        json.dump({"generator": "tools/reference/gen_reference.py", "numpy": np.__version__,
                   "cases": cases}, fh, indent=1)
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f"{len(cases)} cases, {total / 1e6:.2f} MB in {os.path.normpath(OUT)}")
