package org.sigflow.dsp;

/**
 * GNU Radio 3.10's {@code pll_freqdet_cf} step for step: the loop's frequency is written, then the error
 * {@code mod_2pi(fast_atan2f(x) - phase)} advances its float {@link FloatControlLoop}. {@link PllFreqDet} is the same
 * PLL with exact atan2 and a double loop.
 */
public final class PllFreqDetAsGnuRadio {
    private static final float TWO_PI_F = (float) (2.0 * Math.PI);
    private final FloatControlLoop loop;

    public PllFreqDetAsGnuRadio(double loopBandwidth, double maxFreq, double minFreq) {
        loop = new FloatControlLoop(loopBandwidth, maxFreq, minFreq);
    }

    public FloatControlLoop loop() {
        return loop;
    }

    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            y[yOff + i] = loop.freq;
            float e = FastAtan2.atan2(x[xOff + 2 * i + 1], x[xOff + 2 * i]) - loop.phase;
            if (e > Math.PI) {
                e -= TWO_PI_F;
            } else if (e < -Math.PI) {
                e += TWO_PI_F;
            }
            loop.advance(e);
        }
    }
}
