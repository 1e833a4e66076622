package org.sigflow.dsp;

/**
 * GNU Radio's {@code pll_carriertracking_cc} without squelch: per sample, {@code y = x exp(-j phase)}, error
 * {@code wrap(arg(x) - phase)} into [-pi, pi] (exact atan2 where GNU Radio uses {@code fast_atan2f}), which
 * advances a {@link ControlLoop} with the given frequency limits (rad/sample). The output is the input with the
 * tracked carrier removed (the carrier itself lands at 0 Hz).
 */
public final class PllCarrierTracking {
    private final ControlLoop loop;

    public PllCarrierTracking(double loopBandwidth, double maxFreq, double minFreq) {
        this.loop = new ControlLoop(loopBandwidth, maxFreq, minFreq);
    }

    public ControlLoop loop() {
        return loop;
    }

    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            double p = loop.phase;
            double c = Math.cos(p), s = Math.sin(p);
            double a = x[xOff + 2 * i], b = x[xOff + 2 * i + 1];
            y[yOff + 2 * i] = (float) (a * c + b * s);
            y[yOff + 2 * i + 1] = (float) (b * c - a * s);
            double e = Math.atan2(b, a) - p;
            if (e > Math.PI) {
                e -= 2 * Math.PI;
            } else if (e < -Math.PI) {
                e += 2 * Math.PI;
            }
            loop.advance(e);
        }
    }
}
