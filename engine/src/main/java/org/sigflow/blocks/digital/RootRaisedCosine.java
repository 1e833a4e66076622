package org.sigflow.blocks.digital;

/** GNU Radio's {@code firdes::root_raised_cosine}: same double arithmetic, float taps, scaled to sum to the gain. */
final class RootRaisedCosine {
    private RootRaisedCosine() {}

    static float[] taps(double gain, double samplingFreq, double symbolRate, double alpha, int ntaps) {
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
                if (i != ntaps / 2) {
                    num = Math.cos((1 + alpha) * x1) + Math.sin((1 - alpha) * x1) / (4 * alpha * xindx / spb);
                } else {
                    num = Math.cos((1 + alpha) * x1) + (1 - alpha) * Math.PI / (4 * alpha);
                }
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
