package org.sigflow.dsp;

/**
 * Element-wise kernels on interleaved complex floats ({@code n} complex values from {@code x[xOff]}). Per-sample
 * arithmetic is done in double and rounded once, so results are correctly rounded float32 of the exact value for
 * all practical purposes.
 */
public final class ComplexOps {
    private ComplexOps() {}

    public static void real(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            y[yOff + i] = x[xOff + 2 * i];
        }
    }

    public static void imag(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            y[yOff + i] = x[xOff + 2 * i + 1];
        }
    }

    /** |x|, in double: no overflow or underflow for any float input, unlike a float re*re+im*im. */
    public static void magnitude(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            double re = x[xOff + 2 * i], im = x[xOff + 2 * i + 1];
            y[yOff + i] = (float) Math.sqrt(re * re + im * im);
        }
    }

    /** |x|^2. */
    public static void magnitudeSquared(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            double re = x[xOff + 2 * i], im = x[xOff + 2 * i + 1];
            y[yOff + i] = (float) (re * re + im * im);
        }
    }

    /** |x|^k for integer k >= 1: (|x|^2)^(k/2) by squaring, times |x| for odd k; no pow() call. */
    public static void magnitudePower(float[] x, int xOff, float[] y, int yOff, int n, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("magnitude exponent must be >= 1, got " + k);
        }
        if (k == 1) {
            magnitude(x, xOff, y, yOff, n);
            return;
        }
        if (k == 2) {
            magnitudeSquared(x, xOff, y, yOff, n);
            return;
        }
        int half = k >>> 1;
        boolean odd = (k & 1) != 0;
        for (int i = 0; i < n; i++) {
            double re = x[xOff + 2 * i], im = x[xOff + 2 * i + 1];
            double m2 = re * re + im * im;
            double r = powInt(m2, half);
            y[yOff + i] = (float) (odd ? r * Math.sqrt(m2) : r);
        }
    }

    /** b^e for e >= 0 by exponentiation by squaring. */
    static double powInt(double b, int e) {
        double r = 1;
        while (e > 0) {
            if ((e & 1) != 0) {
                r *= b;
            }
            b *= b;
            e >>>= 1;
        }
        return r;
    }

    /** arg(x) in (-pi, pi], atan2 like numpy's angle. */
    public static void arg(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            y[yOff + i] = (float) Math.atan2(x[xOff + 2 * i + 1], x[xOff + 2 * i]);
        }
    }

    /** Interleaves {@code re} and {@code im} (null im means 0) into complex values. */
    public static void toComplex(float[] re, int reOff, float[] im, int imOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            y[yOff + 2 * i] = re[reOff + i];
            y[yOff + 2 * i + 1] = im == null ? 0f : im[imOff + i];
        }
    }

    /**
     * GNU Radio's quadrature demodulator: {@code y[i] = gain * arg(x[i] * conj(x[i-1]))}. Item {@code i-1} of
     * output 0 is at {@code x[xOff-2]} (history of 2). Uses exact atan2 where GNU Radio uses {@code fast_atan2f}.
     */
    public static void quadratureDemod(float[] x, int xOff, float[] y, int yOff, int n, float gain) {
        for (int i = 0; i < n; i++) {
            int c = xOff + 2 * i;
            double a = x[c], b = x[c + 1], pc = x[c - 2], pd = x[c - 1];
            // (a + jb) * (pc - j pd)
            double re = a * pc + b * pd;
            double im = b * pc - a * pd;
            y[yOff + i] = (float) (gain * Math.atan2(im, re));
        }
    }

    /**
     * GNU Radio 3.10's quadrature demodulator step for step: {@code x[i] * conj(x[i-1])} in float (VOLK's multiply
     * conjugate), then {@code gain * fast_atan2f} ({@link FastAtan2}).
     */
    public static void quadratureDemodAsGnuRadio(float[] x, int xOff, float[] y, int yOff, int n, float gain) {
        for (int i = 0; i < n; i++) {
            int c = xOff + 2 * i;
            float a = x[c], b = x[c + 1], pc = x[c - 2], pd = x[c - 1];
            float re = a * pc + b * pd;
            float im = b * pc - a * pd;
            y[yOff + i] = gain * FastAtan2.atan2(im, re);
        }
    }

    /** Wraps a phase into [-pi, pi). */
    public static double wrapPhase(double p) {
        if (p >= -Math.PI && p < Math.PI) {
            return p;
        }
        double w = p - 2 * Math.PI * Math.floor((p + Math.PI) / (2 * Math.PI));
        return w >= Math.PI ? w - 2 * Math.PI : w;
    }
}
