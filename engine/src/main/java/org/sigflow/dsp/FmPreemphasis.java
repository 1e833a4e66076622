package org.sigflow.dsp;

/**
 * GNU Radio's {@code analog.fm_preemph} taps: the analog pre-emphasis network {@code H(s) = (s + 1/tau) / (s + w_ch)}
 * (rise from {@code 1/tau}, flat again above {@code fh}) through the bilinear transform with both corners prewarped,
 * scaled to 0 dB at DC, in scipy's {@code lfilter(b, a)} form.
 */
public final class FmPreemphasis {
    private FmPreemphasis() {}

    /** {b, a} for sample rate {@code fs}, time constant {@code tau}; {@code fh <= 0} or {@code >= fs/2}: 0.925 fs/2. */
    public static double[][] taps(double fs, double tau, double fh) {
        if (!(fs > 0) || !(tau > 0)) {
            throw new IllegalArgumentException("pre-emphasis needs a positive sample rate and time constant, got fs "
                    + fs + ", tau " + tau);
        }
        if (fh <= 0 || fh >= fs / 2) {
            fh = 0.925 * fs / 2;
        }
        double wcla = 2 * fs * Math.tan(1 / tau / (2 * fs));
        double wcha = 2 * fs * Math.tan(2 * Math.PI * fh / (2 * fs));
        double kl = -wcla / (2 * fs);
        double kh = -wcha / (2 * fs);
        double z1 = (1 + kl) / (1 - kl);
        double p1 = (1 + kh) / (1 - kh);
        double b0 = (1 - kl) / (1 - kh);
        double g = Math.abs(1 - p1) / (b0 * Math.abs(1 - z1));
        return new double[][] {{g * b0, -g * b0 * z1}, {1, -p1}};
    }
}
