package org.sigflow.dsp;

import java.util.Locale;

/**
 * Window functions for FIR design and FFT framing. All windows are <em>symmetric</em> (denominator {@code N-1}),
 * as scipy's {@code get_window(..., fftbins=False)} and as GNU Radio's {@code fft::window} computes them; GNU Radio's
 * FFT blocks use the same symmetric windows, so one definition serves both. Values are computed in double.
 */
public enum WindowType {
    RECTANGULAR("rectangular", 21),
    HAMMING("hamming", 53),
    HANN("hann", 44),
    BLACKMAN("blackman", 74),
    /** 4-term Blackman-Harris, GNU Radio's (and scipy's) 92 dB coefficients. */
    BLACKMAN_HARRIS("blackman_harris", 92),
    /** Kaiser; attenuation depends on beta. */
    KAISER("kaiser", Double.NaN),
    /** GNU Radio's flat-top: 5-term cosine window scaled by 1/4.63867 (peak 0.99942, as {@code window.flattop}). */
    FLAT_TOP("flat_top", 93);

    private final String id;
    private final double attenuationDb;

    WindowType(String id, double attenuationDb) {
        this.id = id;
        this.attenuationDb = attenuationDb;
    }

    public String id() {
        return id;
    }

    /** GNU Radio's {@code fft::window::max_attenuation}: stop-band attenuation used to size a window-method FIR. */
    public double maxAttenuationDb(double beta) {
        return this == KAISER ? beta / 0.1102 + 8.7 : attenuationDb;
    }

    /** The n-point symmetric window; {@code beta} is used by {@link #KAISER} only. */
    public double[] make(int n, double beta) {
        if (n < 1) {
            throw new IllegalArgumentException("window length must be >= 1: " + n);
        }
        double[] w = new double[n];
        if (n == 1) {
            w[0] = 1;
            return w;
        }
        double m = n - 1;
        for (int i = 0; i < n; i++) {
            double x = 2 * Math.PI * i / m;
            w[i] = switch (this) {
                case RECTANGULAR -> 1.0;
                case HAMMING -> 0.54 - 0.46 * Math.cos(x);
                case HANN -> 0.5 - 0.5 * Math.cos(x);
                case BLACKMAN -> 0.42 - 0.5 * Math.cos(x) + 0.08 * Math.cos(2 * x);
                case BLACKMAN_HARRIS -> 0.35875 - 0.48829 * Math.cos(x) + 0.14128 * Math.cos(2 * x)
                        - 0.01168 * Math.cos(3 * x);
                case FLAT_TOP -> (1.0 - 1.93 * Math.cos(x) + 1.29 * Math.cos(2 * x) - 0.388 * Math.cos(3 * x)
                        + 0.028 * Math.cos(4 * x)) / 4.63867;
                case KAISER -> {
                    double t = 2.0 * i / m - 1.0;
                    yield besselI0(beta * Math.sqrt(Math.max(0, 1 - t * t))) / besselI0(beta);
                }
            };
        }
        return w;
    }

    /** The window as floats. */
    public float[] makeFloat(int n, double beta) {
        double[] w = make(n, beta);
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) w[i];
        }
        return f;
    }

    /** Parses a catalog option id, e.g. {@code blackman_harris}. */
    public static WindowType fromId(String id) {
        String k = id.trim().toLowerCase(Locale.ROOT);
        for (WindowType w : values()) {
            if (w.id.equals(k)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown window '" + id + "'");
    }

    /** Modified Bessel function of the first kind, order 0, by its power series (converges for all x). */
    static double besselI0(double x) {
        double sum = 1, term = 1, q = x * x / 4;
        for (int k = 1; k < 500; k++) {
            term *= q / ((double) k * k);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        return sum;
    }
}
