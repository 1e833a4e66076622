package org.sigflow.ofdm;

import org.sigflow.dsp.Fft;

/**
 * 802.11a timing and frequency synchronisation of one frame, after a detection (the thesis's receiver; numpy reference
 * {@code tools/reference/wifi_rx.py}). From the detection sample p with coarse offset {@code coarse}: the samples
 * derotated by the coarse offset are correlated with the long training symbol; the first LTF symbol starts at the t
 * in [p, p + search) maximising the summed power of both symbols' correlations; the fine offset is
 * {@code -arg(Σ z[t+k] conj(z[t+64+k])) / 64} and the total offset {@code w = coarse + fine} derotates
 * {@code y[n] = x[n] exp(-j w (n - t))}. Out come 2 + symbols windows of 64 samples: both LTF symbols and each data
 * symbol's body, each taken {@code backoff} samples early (inside the guard or cyclic prefix, away from the previous
 * symbol's multipath tail) and rotated left by {@code backoff}, which undoes the phase ramp an early start puts on the
 * carriers. All arithmetic in double.
 */
public final class WifiSync {
    /** Samples kept before the detection (the most a window may start early). */
    public static final int LEAD = 16;
    private static final double[] LTF_TIME = ltfTime();

    private final int symbols;
    private final int search;
    private final int backoff;

    public WifiSync(int symbols, int search, int backoff) {
        if (symbols < 0 || search < 1 || backoff < 0 || backoff > LEAD) {
            throw new IllegalArgumentException("need data symbols >= 0, search >= 1 and backoff in 0 .. " + LEAD
                    + ", got " + symbols + ", " + search + ", " + backoff);
        }
        this.symbols = symbols;
        this.search = search;
        this.backoff = backoff;
    }

    /** Samples a frame needs from {@link #LEAD} before the detection on. */
    public int span() {
        return LEAD + search + 128 + 80 * symbols;
    }

    /** How far after the detection the LTF is sought. */
    public int search() {
        return search;
    }

    /** Windows per frame: two LTF symbols and the data symbols. */
    public int windows() {
        return 2 + symbols;
    }

    /** One frame's result: LTF start (relative to the detection), total offset (rad/sample), windows. */
    public record Frame(int ltfStart, double offset, float[] windows) {}

    /**
     * Synchronises on {@code x} (interleaved complex, {@link #span()} samples; x[LEAD] is the detection sample).
     */
    public Frame sync(float[] x, double coarse) {
        return sync(x, coarse, search);
    }

    /**
     * Synchronises on the first {@code LEAD + search + 128 + 80 symbols} samples of {@code x}, the LTF sought within
     * {@code search} (at most the block's) samples of the detection: a frame the stream's end cuts short.
     */
    public Frame sync(float[] x, double coarse, int search) {
        int len = search + 128;
        double[] z = new double[2 * len];
        for (int i = 0; i < len; i++) {
            double c = Math.cos(coarse * i);
            double s = -Math.sin(coarse * i);
            double re = x[2 * (LEAD + i)];
            double im = x[2 * (LEAD + i) + 1];
            z[2 * i] = re * c - im * s;
            z[2 * i + 1] = re * s + im * c;
        }
        int best = 0;
        double bestScore = -1;
        for (int i = 0; i < search; i++) {
            double score = ltfPower(z, i) + ltfPower(z, i + 64);
            if (score > bestScore) {
                bestScore = score;
                best = i;
            }
        }
        double cr = 0;
        double ci = 0;
        for (int k = 0; k < 64; k++) { // z[t+k] conj(z[t+64+k])
            double ar = z[2 * (best + k)], ai = z[2 * (best + k) + 1];
            double br = z[2 * (best + 64 + k)], bi = z[2 * (best + 64 + k) + 1];
            cr += ar * br + ai * bi;
            ci += ai * br - ar * bi;
        }
        double w = coarse - Math.atan2(ci, cr) / 64;
        int t = LEAD + best;
        float[] out = new float[2 * 64 * windows()];
        for (int v = 0; v < windows(); v++) {
            int start = v < 2 ? t + 64 * v : t + 144 + 80 * (v - 2);
            for (int i = 0; i < 64; i++) {
                int m = start - backoff + Math.floorMod(i + backoff, 64); // the window rotated left by backoff
                double ph = -w * (m - t);
                double c = Math.cos(ph);
                double s = Math.sin(ph);
                double re = x[2 * m];
                double im = x[2 * m + 1];
                out[2 * (64 * v + i)] = (float) (re * c - im * s);
                out[2 * (64 * v + i) + 1] = (float) (re * s + im * c);
            }
        }
        return new Frame(best, w, out);
    }

    /** |<z[i : i+64], ltf>|^2. */
    private static double ltfPower(double[] z, int i) {
        double re = 0;
        double im = 0;
        for (int k = 0; k < 64; k++) { // conj(l) z
            double lr = LTF_TIME[2 * k], li = LTF_TIME[2 * k + 1];
            double zr = z[2 * (i + k)], zi = z[2 * (i + k) + 1];
            re += lr * zr + li * zi;
            im += lr * zi - li * zr;
        }
        return re * re + im * im;
    }

    /** The long training symbol in time (unitary inverse FFT of the standard's L_k). */
    private static double[] ltfTime() {
        float[] x = new float[128];
        for (int k = -26; k <= 26; k++) {
            x[2 * Math.floorMod(k, 64)] = Wifi80211a.LTF_SEQ[k + 26];
        }
        Fft.of(64).inverse(x, 0);
        double[] d = new double[128];
        for (int i = 0; i < 128; i++) {
            d[i] = x[i] / 8.0;
        }
        return d;
    }
}
