package org.sigflow.dsp;

/**
 * GNU Radio 3.10's {@code blocks::control_loop} in its own float arithmetic (state, gains and updates in float, the
 * gains' denominator and the phase wrap in double as its C++ promotes them), for blocks that give GNU Radio's
 * samples (an imported graph's PLL). {@link ControlLoop} is the same loop in double.
 */
public final class FloatControlLoop {
    private static final double TWO_PI = 2 * Math.PI;
    private final float maxFreq;
    private final float minFreq;
    private final float damping = (float) Math.sqrt(2.0) / 2.0f;
    private float alpha;
    private float beta;
    float phase;
    float freq;

    public FloatControlLoop(double loopBandwidth, double maxFreq, double minFreq) {
        if (!(maxFreq >= minFreq)) {
            throw new IllegalArgumentException("max frequency (" + maxFreq + ") must not be below min frequency ("
                    + minFreq + ")");
        }
        this.maxFreq = (float) maxFreq;
        this.minFreq = (float) minFreq;
        setLoopBandwidth(loopBandwidth);
    }

    public void setLoopBandwidth(double loopBandwidth) {
        if (!(loopBandwidth >= 0)) {
            throw new IllegalArgumentException("loop bandwidth must be >= 0, got " + loopBandwidth);
        }
        float bw = (float) loopBandwidth;
        float denom = (float) (1.0 + 2.0 * damping * bw + bw * bw);
        alpha = 4 * damping * bw / denom;
        beta = 4 * bw * bw / denom;
    }

    /** {@code advance_loop}, {@code phase_wrap} and {@code frequency_limit}, in that order. */
    void advance(float error) {
        freq = freq + beta * error;
        phase = phase + freq + alpha * error;
        while (phase > TWO_PI) {
            phase = (float) (phase - TWO_PI);
        }
        while (phase < -TWO_PI) {
            phase = (float) (phase + TWO_PI);
        }
        if (freq > maxFreq) {
            freq = maxFreq;
        } else if (freq < minFreq) {
            freq = minFreq;
        }
    }
}
