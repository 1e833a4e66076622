package org.sigflow.dsp;

/**
 * GNU Radio's fixed-point NCO ({@code gr::fxpt_nco}, used by {@code sig_source_c}): a 32-bit phase accumulator and
 * sine/cosine from a 1024-entry table of slopes and intercepts in float ({@code gen_sine_table.py}), so a tone equals
 * GNU Radio's sample for sample rather than to within its table error (a few 1e-6).
 */
public final class FxptNco {
    private static final int NBITS = 10;
    private static final int ACCUM_MASK = (1 << (32 - NBITS)) - 1;
    private static final float PI = (float) Math.PI;
    private static final float TAU = (float) (2.0 * Math.PI);
    private static final float TWO_TO_THE_31 = 2147483648.0f;
    private static final float[][] TABLE = table();

    private int phase;
    private final int phaseInc;

    /** {@code angleRate}: radians per sample, as {@code set_freq(float)}. */
    public FxptNco(float angleRate) {
        this.phaseInc = floatToFixed(angleRate);
    }

    private static float[][] table() {
        int n = 1 << NBITS;
        double min = 0;
        double max = 4294967295.0;
        double inc = (max - min) / n;
        float[][] t = new float[n][2];
        for (int i = 0; i < n; i++) {
            double a = i * inc + min;
            double b = (i + 1) * inc + min;
            double m = (scaledSine(b) - scaledSine(a)) / (b - a);
            double c = scaledSine(a);
            // the table is printed with %22.15e and compiled into floats
            t[i][0] = (float) Double.parseDouble(String.format(java.util.Locale.ROOT, "%.15e", m));
            t[i][1] = (float) Double.parseDouble(String.format(java.util.Locale.ROOT, "%.15e", c));
        }
        return t;
    }

    private static double scaledSine(double x) {
        return Math.sin(x * Math.PI / 2147483648.0);
    }

    /** GNU Radio's {@code fxpt::float_to_fixed}: radians (folded into [-pi, pi)) to a 32-bit angle. */
    public static int floatToFixed(float x) {
        int d = (int) Math.floor(x / TAU + 0.5);
        x -= d * TAU;
        return (int) (x * TWO_TO_THE_31 / PI);
    }

    /** GNU Radio's {@code fxpt::fixed_to_float}: a 32-bit angle to radians, in float. */
    public static float fixedToFloat(int x) {
        return x * (PI / TWO_TO_THE_31);
    }

    /** GNU Radio's {@code fxpt::sin} of a 32-bit angle (table slope and intercept, in float). */
    public static float sin(int x) {
        int index = x >>> (32 - NBITS);
        return TABLE[index][0] * (float) (x & ACCUM_MASK) + TABLE[index][1];
    }

    /** GNU Radio's {@code fxpt::cos} of a 32-bit angle. */
    public static float cos(int x) {
        return sin(x + 0x40000000);
    }

    /** cos + j sin of a fixed-point angle into out[o], out[o + 1] ({@code fxpt::sincos}). */
    public static void sincos(int angle, float[] out, int o) {
        out[o] = cos(angle);
        out[o + 1] = sin(angle);
    }

    /** The next sample cos + j sin into out[o], out[o + 1], then one step. */
    public void sincos(float[] out, int o) {
        out[o] = cos(phase);
        out[o + 1] = sin(phase);
        phase += phaseInc;
    }
}
