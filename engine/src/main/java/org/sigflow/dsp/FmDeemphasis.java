package org.sigflow.dsp;

/**
 * GNU Radio's {@code analog.fm_deemph} taps: the analog RC low-pass {@code H(s) = 1 / (1 + s tau)} through the
 * bilinear transform with its corner {@code 1/tau} prewarped, {@code H(z) = b0 (1 + z^-1) / (1 - p1 z^-1)}
 * (0 dB at DC), in scipy's {@code lfilter(b, a)} form.
 */
public final class FmDeemphasis {
    private FmDeemphasis() {}

    /** {b, a} for sample rate {@code fs} and time constant {@code tau} (75 µs in the US, 50 µs in Europe). */
    public static double[][] taps(double fs, double tau) {
        if (!(fs > 0) || !(tau > 0)) {
            throw new IllegalArgumentException("de-emphasis needs a positive sample rate and time constant, got fs "
                    + fs + ", tau " + tau);
        }
        double wca = 2 * fs * Math.tan(1 / tau / (2 * fs));
        double k = -wca / (2 * fs);
        double p1 = (1 + k) / (1 - k);
        double b0 = -k / (1 - k);
        return new double[][] {{b0, b0}, {1, -p1}};
    }
}
