package org.sigflow.ofdm;

import java.util.SplittableRandom;
import org.sigflow.dsp.Fft;

/**
 * An IEEE 802.11a-style frame (20 MS/s, 64-point OFDM): the short training field (ten 16-sample repetitions, the
 * standard's 12 carriers), the long training field (32-sample guard, two 64-sample symbols of the standard's
 * sequence) and {@code data} OFDM symbols (16-sample cyclic prefix; Gray QPSK on the 48 data carriers, pilots +1 +1 +1
 * -1 on carriers -21, -7, 7, 21), preceded by {@code gap} samples of silence. Frame {@code f}'s data are a pure
 * function of (seed, f). The training fields have unit power per used carrier, as the standard's.
 */
public final class Wifi80211a {
    public static final int STF = 160;
    public static final int LTF = 160;
    public static final int SYMBOL = 80;
    private static final int[] STF_CARRIERS = {-24, -20, -16, -12, -8, -4, 4, 8, 12, 16, 20, 24};
    private static final int[] STF_SIGNS = {1, -1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1}; // (1+j) times these
    /** L_k for k = -26 .. 26 (0 at DC). */
    static final int[] LTF_SEQ = {1, 1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1, 1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1,
        1, 0, 1, -1, -1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, 1, -1, 1, 1, 1, 1};
    private static final int[] PILOTS = {-21, -7, 7, 21};
    private static final float[] PILOT_VALUES = {1, 1, 1, -1};

    private final int data;
    private final int gap;
    private final long seed;
    private final float amplitude;
    private final Fft fft = Fft.of(64);

    public Wifi80211a(int data, int gap, double amplitude, long seed) {
        if (data < 0 || gap < 0) {
            throw new IllegalArgumentException("data symbols and gap must be >= 0, got " + data + ", " + gap);
        }
        this.data = data;
        this.gap = gap;
        this.seed = seed;
        this.amplitude = (float) amplitude;
    }

    /** Samples per frame, gap included. */
    public int length() {
        return gap + STF + LTF + SYMBOL * data;
    }

    /** Where the short training field starts within a frame. */
    public int preambleStart() {
        return gap;
    }

    /** The data carriers' indices (-26 .. 26 without 0 and the pilots), in order. */
    public static int[] dataCarriers() {
        int[] c = new int[48];
        int i = 0;
        for (int k = -26; k <= 26; k++) {
            if (k != 0 && k != -21 && k != -7 && k != 7 && k != 21) {
                c[i++] = k;
            }
        }
        return c;
    }

    /** The 2-bit values of frame f's data symbols (data × 48). */
    public int[] values(long f) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + f);
        int[] v = new int[48 * data];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(4);
        }
        return v;
    }

    /** Writes frame {@code f} (interleaved complex, {@link #length()} samples) at {@code out[off]}. */
    public void write(long f, float[] out, int off) {
        java.util.Arrays.fill(out, off, off + 2 * gap, 0f);
        int at = off + 2 * gap;
        float[] x = new float[128];
        float s = (float) Math.sqrt(13 / 6.0);
        for (int i = 0; i < STF_CARRIERS.length; i++) {
            set(x, STF_CARRIERS[i], s * STF_SIGNS[i], s * STF_SIGNS[i]);
        }
        at = emit(x, out, at, 96, 64); // 160 samples of a 16-periodic symbol: start at 96 of 64 -> any phase works
        java.util.Arrays.fill(x, 0f);
        for (int k = -26; k <= 26; k++) {
            set(x, k, LTF_SEQ[k + 26], 0);
        }
        at = emit(x, out, at, 32, 128); // guard (last 32) then two symbols
        int[] v = values(f);
        int[] carriers = dataCarriers();
        float q = (float) (1 / Math.sqrt(2));
        for (int d = 0; d < data; d++) {
            java.util.Arrays.fill(x, 0f);
            for (int i = 0; i < 48; i++) {
                int b = v[48 * d + i];
                set(x, carriers[i], (b & 2) == 0 ? -q : q, (b & 1) == 0 ? -q : q);
            }
            for (int i = 0; i < 4; i++) {
                set(x, PILOTS[i], PILOT_VALUES[i], 0);
            }
            at = emit(x, out, at, 16, 64);
        }
    }

    private static void set(float[] x, int k, float re, float im) {
        int bin = k < 0 ? 64 + k : k;
        x[2 * bin] = re;
        x[2 * bin + 1] = im;
    }

    /** Inverse-transforms x (unitary) and writes a cyclic prefix of {@code cp} samples then {@code body} samples. */
    private int emit(float[] spectrum, float[] out, int at, int cp, int body) {
        float[] t = spectrum.clone();
        fft.inverse(t, 0);
        float g = amplitude / 8; // 1/sqrt(64): unitary
        for (int n = 0; n < cp + body; n++) {
            int src = Math.floorMod(n - cp, 64);
            out[at + 2 * n] = t[2 * src] * g;
            out[at + 2 * n + 1] = t[2 * src + 1] * g;
        }
        return at + 2 * (cp + body);
    }
}
