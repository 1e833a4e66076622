"""802.11a receiver front end in numpy float64, independent of SigFlow's code: the reference for the blocks
ofdm_frame_detect -> wifi_sync -> fft (64, unitary) -> wifi_equalizer, and the transmitter it is fed by.

Transmitter (IEEE 802.11a-1999, 17.3.3 and 17.3.5): the short training field (ten 16-sample repetitions of the
12-carrier sequence S), the long training field (32-sample guard, two 64-sample symbols of the 52-carrier sequence L),
then data OFDM symbols with a 16-sample cyclic prefix (Gray QPSK on the 48 data carriers, pilots +1 +1 +1 -1 on
carriers -21, -7, 7, 21), unitary inverse FFT times 'amplitude', after 'gap' zeros.

Receiver, per frame:
  detect     c[n] = sum over the window ending at n of x[k-D] conj(x[k]), metric |c|^2 / (sum|x[k-D]|^2 sum|x[k]|^2);
             after 'plateau' samples above 'threshold' a detection at n with coarse offset -arg(c[n]) / D
             (rad/sample), then 'holdoff' samples without detection.
  sync       x derotated by the coarse offset from the detection p; the long training field's first symbol starts
             at the t in [p, p + search) maximising |<z[t:t+64], l>|^2 + |<z[t+64:t+128], l>|^2 (l: the LTF symbol);
             fine offset -arg(sum z[t+k] conj(z[t+64+k])) / 64; the total offset w = coarse + fine derotates
             y[n] = x[n] exp(-j w (n - t)). Each 64-sample window (two LTF symbols, then each data symbol's body)
             starts 'backoff' samples early, inside the guard or cyclic prefix, and is rotated left by 'backoff'
             (np.roll), which undoes the phase ramp the early start would put on the carriers.
  fft        numpy.fft.fft / 8 (unitary)
  equalise   'ltf':    H_k = (Y1_k + Y2_k) / (2 L_k); Z = Y / H; the pilots' common phase arg(sum Z_p P_p) removed
             'pilots': H at the four pilots (Y_p / P_p), linear interpolation between neighbouring pilots (linear
                       extrapolation beyond +-21); Z = Y / H
             output: the 48 data carriers of each data symbol, carriers -26 .. 26 in order.
"""
import numpy as np

STF_CARRIERS = [-24, -20, -16, -12, -8, -4, 4, 8, 12, 16, 20, 24]
STF_SIGNS = [1, -1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1]
LTF = np.array([1, 1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1, 1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 0,
                1, -1, -1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, 1, -1, 1, 1, 1, 1], float)
PILOTS = [-21, -7, 7, 21]
PILOT_VALUES = np.array([1.0, 1.0, 1.0, -1.0])
DATA = [k for k in range(-26, 27) if k != 0 and k not in PILOTS]


def spectrum(carriers, values):
    x = np.zeros(64, complex)
    for k, v in zip(carriers, values):
        x[k % 64] = v
    return x


def ltf_symbol():
    """The long training symbol in time (unitary inverse FFT)."""
    return np.fft.ifft(spectrum(range(-26, 27), LTF)) * 8


def frame(values, gap, amplitude):
    """One frame: gap zeros, STF, LTF, data symbols (values: symbols x 48 QPSK 2-bit values)."""
    stf = np.fft.ifft(spectrum(STF_CARRIERS, np.sqrt(13 / 6) * (1 + 1j) * np.array(STF_SIGNS))) * 8
    ltf = ltf_symbol()
    parts = [np.zeros(gap, complex), np.tile(stf, 3)[:160], ltf[32:], ltf, ltf]
    q = 1 / np.sqrt(2)
    for v in values:
        sym = np.where(v & 2, q, -q) + 1j * np.where(v & 1, q, -q)
        t = np.fft.ifft(spectrum(DATA + PILOTS, np.concatenate([sym, PILOT_VALUES]))) * 8
        parts += [t[48:], t]
    return amplitude * np.concatenate(parts)


def channel(x, taps, cycles, noise_voltage, rng):
    """Multipath FIR, frequency offset (cycles per sample), complex gaussian noise of power noise_voltage^2."""
    y = np.convolve(x, taps)[:len(x)] * np.exp(2j * np.pi * cycles * np.arange(len(x)))
    return y + noise_voltage * (rng.standard_normal(len(x)) + 1j * rng.standard_normal(len(x))) / np.sqrt(2)


def detect(x, delay=16, window=48, threshold=0.7, plateau=24, holdoff=320):
    """Detections: [(sample, coarse offset rad/sample)]."""
    xd = np.concatenate([np.zeros(delay, complex), x[:-delay]])
    prod = np.concatenate([[0], np.cumsum(xd * np.conj(x))])
    pa = np.concatenate([[0], np.cumsum(np.abs(xd) ** 2)])
    pb = np.concatenate([[0], np.cumsum(np.abs(x) ** 2)])
    n = np.arange(len(x))
    lo = np.maximum(n - window + 1, 0)
    c = prod[n + 1] - prod[lo]
    den = (pa[n + 1] - pa[lo]) * (pb[n + 1] - pb[lo])
    metric = np.where(den > 0, np.abs(c) ** 2 / np.where(den > 0, den, 1), 0)
    out, above, quiet = [], 0, 0
    for i in range(len(x)):
        above = above + 1 if metric[i] > threshold else 0
        if above >= plateau and i >= quiet:
            out.append((i, -np.angle(c[i]) / delay))
            quiet = i + holdoff
            above = 0
    return out


def sync(x, p, coarse, symbols, search=240, backoff=2):
    """(LTF start t, total offset w, windows: (2 + symbols) x 64 time samples) for a detection at p."""
    ltf = ltf_symbol()
    n = np.arange(p, p + search + 128)
    z = x[n] * np.exp(-1j * coarse * (n - p))
    score = [abs(np.vdot(ltf, z[i:i + 64])) ** 2 + abs(np.vdot(ltf, z[i + 64:i + 128])) ** 2 for i in range(search)]
    t = p + int(np.argmax(score))
    i = t - p
    fine = -np.angle(np.sum(z[i:i + 64] * np.conj(z[i + 64:i + 128]))) / 64
    w = coarse + fine
    starts = [t, t + 64] + [t + 144 + 80 * s for s in range(symbols)]
    wins = []
    for s in starts:
        m = np.arange(s - backoff, s - backoff + 64)
        wins.append(np.roll(x[m] * np.exp(-1j * w * (m - t)), -backoff))
    return t, w, np.array(wins)


def equalise(bins, method):
    """bins: (2 + symbols) x 64 unitary FFT outputs of one frame -> symbols x 48 equalised data carriers."""
    used = [k for k in range(-26, 27) if k != 0]
    out = []
    if method == "ltf":
        h = np.zeros(64, complex)
        for k in used:
            h[k % 64] = (bins[0][k % 64] + bins[1][k % 64]) / (2 * LTF[k + 26])
    for y in bins[2:]:
        if method == "ltf":
            z = np.zeros(64, complex)
            z[[k % 64 for k in used]] = y[[k % 64 for k in used]] / h[[k % 64 for k in used]]
            phase = np.angle(np.sum(z[[p % 64 for p in PILOTS]] * PILOT_VALUES))
            out.append(z[[k % 64 for k in DATA]] * np.exp(-1j * phase))
        else:
            hp = y[[p % 64 for p in PILOTS]] / PILOT_VALUES
            row = []
            for k in DATA:
                seg = 0 if k < -7 else (1 if k < 7 else 2)
                a, b = PILOTS[seg], PILOTS[seg + 1]
                hk = hp[seg] + (hp[seg + 1] - hp[seg]) * (k - a) / (b - a)
                row.append(y[k % 64] / hk)
            out.append(np.array(row))
    return np.array(out)


def receive(x, symbols, method, threshold=0.7, search=240, backoff=2):
    """[(LTF start, offset, symbols x 48 equalised carriers)] for each detection with a whole frame after it."""
    frames = []
    for p, coarse in detect(x, threshold=threshold):
        if p + search + 128 + 80 * symbols > len(x):
            continue
        t, w, wins = sync(x, p, coarse, symbols, search, backoff)
        frames.append((t, w, equalise(np.fft.fft(wins, axis=1) / 8, method)))
    return frames
