package org.sigflow.dsp;

import java.util.Locale;

/**
 * GNU Radio's fixed-point oscillator ({@code gr::fxpt_vco} over {@code gr::fxpt}): a 32-bit phase (2^31 = pi) whose
 * sine and cosine come from a 1024-entry table of lines (slope, value at the entry's start) built as GNU Radio's
 * {@code gen_sine_table.py} does and stored, as there, through 15-digit text into floats. Each sample outputs the
 * current phase's cosine (and sine) times the amplitude, then advances the phase by {@code input * k}, folded into
 * [-pi, pi) and converted in float as {@code fxpt::float_to_fixed}.
 */
public final class FixedPointVco {
    private static final int NBITS = 10;
    private static final int ACCUM_MASK = (1 << (32 - NBITS)) - 1;
    private static final float PI = (float) Math.PI;
    private static final float TAU = (float) (2.0 * Math.PI);
    private static final float TWO_TO_THE_31 = 2147483648.0f;
    private static final float[] SLOPE = new float[1 << NBITS];
    private static final float[] START = new float[1 << NBITS];

    static {
        double inc = (Math.pow(2, 32) - 1) / (1 << NBITS);
        for (int i = 0; i < 1 << NBITS; i++) {
            double a = i * inc;
            double b = (i + 1) * inc;
            double fa = Math.sin(a * Math.PI / Math.pow(2, 31));
            double fb = Math.sin(b * Math.PI / Math.pow(2, 31));
            SLOPE[i] = viaText((fb - fa) / (b - a));
            START[i] = viaText(fa);
        }
    }

    private int phase;

    /** The table as one array (a copy): the 1024 lines' slopes, then their start values (for the CUDA twin). */
    public static float[] lines() {
        float[] t = new float[2 << NBITS];
        System.arraycopy(SLOPE, 0, t, 0, 1 << NBITS);
        System.arraycopy(START, 0, t, 1 << NBITS, 1 << NBITS);
        return t;
    }

    /** The table value as GNU Radio stores it: printed with %22.15e, then read as a float literal. */
    private static float viaText(double v) {
        return Float.parseFloat(String.format(Locale.ROOT, "%.15e", v));
    }

    private static float lookup(int ux) {
        int index = ux >>> (32 - NBITS);
        return SLOPE[index] * (float) (ux & ACCUM_MASK) + START[index];
    }

    static float sin(int x) {
        return lookup(x);
    }

    static float cos(int x) {
        return lookup(x + 0x40000000);
    }

    static int floatToFixed(float x) {
        int d = (int) Math.floor(x / TAU + 0.5);
        x -= d * TAU;
        return (int) (x * TWO_TO_THE_31 / PI);
    }

    /** {@code fxpt_vco::cos}: {@code n} real outputs. */
    public void cos(float[] in, int inOff, float[] out, int outOff, int n, float k, float amplitude) {
        for (int i = 0; i < n; i++) {
            out[outOff + i] = cos(phase) * amplitude;
            phase += floatToFixed(in[inOff + i] * k);
        }
    }

    /** {@code fxpt_vco::sincos}: {@code n} complex outputs (cos, sin), interleaved. */
    public void sincos(float[] in, int inOff, float[] out, int outOff, int n, float k, float amplitude) {
        for (int i = 0; i < n; i++) {
            out[outOff + 2 * i] = cos(phase) * amplitude;
            out[outOff + 2 * i + 1] = sin(phase) * amplitude;
            phase += floatToFixed(in[inOff + i] * k);
        }
    }
}
