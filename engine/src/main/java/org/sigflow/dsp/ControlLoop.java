package org.sigflow.dsp;

/**
 * GNU Radio's second-order {@code blocks::control_loop}: from a loop bandwidth {@code bw} (rad/sample) and damping
 * {@code sqrt(2)/2}, gains {@code alpha = 4 d bw / (1 + 2 d bw + bw^2)} and {@code beta = 4 bw^2 / (1 + 2 d bw +
 * bw^2)}; per error sample {@code freq += beta e; phase += freq + alpha e}, then the phase is wrapped into
 * (-2pi, 2pi) and the frequency clamped to [min, max] (rad/sample). State in double.
 */
public final class ControlLoop {
    private static final double TWO_PI = 2 * Math.PI;
    private final double maxFreq;
    private final double minFreq;
    private double alpha;
    private double beta;
    double phase;
    double freq;

    public ControlLoop(double loopBandwidth, double maxFreq, double minFreq) {
        if (!(maxFreq >= minFreq)) {
            throw new IllegalArgumentException("max frequency (" + maxFreq + ") must not be below min frequency ("
                    + minFreq + ")");
        }
        this.maxFreq = maxFreq;
        this.minFreq = minFreq;
        setLoopBandwidth(loopBandwidth);
    }

    public void setLoopBandwidth(double bw) {
        if (!(bw >= 0)) {
            throw new IllegalArgumentException("loop bandwidth must be >= 0, got " + bw);
        }
        double d = Math.sqrt(2) / 2;
        double denom = 1 + 2 * d * bw + bw * bw;
        alpha = 4 * d * bw / denom;
        beta = 4 * bw * bw / denom;
    }

    double alpha() {
        return alpha;
    }

    /** One loop update with a phase error (already clipped where the detector needs it). */
    void advance(double error) {
        freq += beta * error;
        phase += freq + alpha * error;
        while (phase > TWO_PI) {
            phase -= TWO_PI;
        }
        while (phase < -TWO_PI) {
            phase += TWO_PI;
        }
        freq = Math.max(minFreq, Math.min(maxFreq, freq));
    }

    /** Current frequency estimate, rad/sample. */
    public double frequency() {
        return freq;
    }

    public double phase() {
        return phase;
    }
}
