package org.sigflow.dsp;

/**
 * GNU Radio's {@code pll_refout_cc}: per sample the output is the loop's reference {@code exp(j phase)}, then the
 * error {@code wrap(arg(x) - phase)} (exact atan2 where GNU Radio uses {@code fast_atan2f}) advances a
 * {@link ControlLoop} with the given frequency limits (rad/sample).
 */
public final class PllRefout {
    private final ControlLoop loop;

    public PllRefout(double loopBandwidth, double maxFreq, double minFreq) {
        this.loop = new ControlLoop(loopBandwidth, maxFreq, minFreq);
    }

    /** {@code n} complex inputs (interleaved) to {@code n} complex reference samples. */
    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            double p = loop.phase;
            y[yOff + 2 * i] = (float) Math.cos(p);
            y[yOff + 2 * i + 1] = (float) Math.sin(p);
            double e = Math.atan2(x[xOff + 2 * i + 1], x[xOff + 2 * i]) - p;
            if (e > Math.PI) {
                e -= 2 * Math.PI;
            } else if (e < -Math.PI) {
                e += 2 * Math.PI;
            }
            loop.advance(e);
        }
    }
}
