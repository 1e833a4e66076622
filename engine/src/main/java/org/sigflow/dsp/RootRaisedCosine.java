package org.sigflow.dsp;

/**
 * GNU Radio's {@code firdes.root_raised_cosine(gain, sampling_freq, symbol_rate, alpha, ntaps)}, step for step: an odd
 * tap count ({@code ntaps | 1}), float taps, normalised so their (float) sum is {@code gain}.
 */
public final class RootRaisedCosine {
    private RootRaisedCosine() {}

    public static float[] taps(double gain, double samplingFreq, double symbolRate, double alpha, int ntaps) {
        if (!(samplingFreq > 0 && symbolRate > 0)) {
            throw new IllegalArgumentException("sample rate and symbol rate must be > 0, got " + samplingFreq + " and "
                    + symbolRate);
        }
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha (excess bandwidth) must be in (0, 1], got " + alpha);
        }
        if (ntaps < 1) {
            throw new IllegalArgumentException("the number of taps must be >= 1, got " + ntaps);
        }
        ntaps |= 1;
        double spb = samplingFreq / symbolRate;
        float[] taps = new float[ntaps];
        double scale = 0;
        for (int i = 0; i < ntaps; i++) {
            double xindx = i - ntaps / 2;
            double x1 = Math.PI * xindx / spb;
            double x2 = 4 * alpha * xindx / spb;
            double x3 = x2 * x2 - 1;
            double num;
            double den;
            if (Math.abs(x3) >= 0.000001) {
                num = i != ntaps / 2 ? Math.cos((1 + alpha) * x1) + Math.sin((1 - alpha) * x1) / (4 * alpha * xindx / spb)
                        : Math.cos((1 + alpha) * x1) + (1 - alpha) * Math.PI / (4 * alpha);
                den = x3 * Math.PI;
            } else {
                if (alpha == 1) {
                    taps[i] = -1;
                    scale += taps[i];
                    continue;
                }
                x3 = (1 - alpha) * x1;
                x2 = (1 + alpha) * x1;
                num = Math.sin(x2) * (1 + alpha) * Math.PI
                        - Math.cos(x3) * ((1 - alpha) * Math.PI * spb) / (4 * alpha * xindx)
                        + Math.sin(x3) * spb * spb / (4 * alpha * xindx * xindx);
                den = -32 * Math.PI * alpha * alpha * xindx / spb;
            }
            taps[i] = (float) (4 * alpha * num / den);
            scale += taps[i];
        }
        for (int i = 0; i < ntaps; i++) {
            taps[i] = (float) (taps[i] * gain / scale);
        }
        return taps;
    }
}
