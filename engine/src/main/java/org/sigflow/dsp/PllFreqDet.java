package org.sigflow.dsp;

/**
 * GNU Radio's {@code pll_freqdet_cf}: the loop of {@link PllCarrierTracking} (error {@code wrap(arg(x) − phase)},
 * exact atan2 where GNU Radio uses {@code fast_atan2f}), whose output is the loop's frequency estimate in
 * rad/sample before each sample's update (as GNU Radio's), e.g. an FM demodulator.
 */
public final class PllFreqDet {
    private final ControlLoop loop;

    public PllFreqDet(double loopBandwidth, double maxFreq, double minFreq) {
        this.loop = new ControlLoop(loopBandwidth, maxFreq, minFreq);
    }

    public ControlLoop loop() {
        return loop;
    }

    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int i = 0; i < n; i++) {
            double e = Math.atan2(x[xOff + 2 * i + 1], x[xOff + 2 * i]) - loop.phase;
            if (e > Math.PI) {
                e -= 2 * Math.PI;
            } else if (e < -Math.PI) {
                e += 2 * Math.PI;
            }
            y[yOff + i] = (float) loop.freq; // GNU Radio writes the estimate before this sample's update
            loop.advance(e);
        }
    }
}
