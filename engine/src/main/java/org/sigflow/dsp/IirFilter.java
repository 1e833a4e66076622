package org.sigflow.dsp;

import java.util.Arrays;

/**
 * IIR filter in scipy's {@code lfilter(b, a, x)} convention: {@code a[0] y[n] = sum_k b[k] x[n-k] - sum_{k>=1}
 * a[k] y[n-k]} (coefficients are normalised by {@code a[0]} once). Transposed direct form II with double-precision
 * state, so high-order or narrow filters keep their accuracy on float streams. Interleaved complex input is filtered
 * as two independent real channels (real coefficients). Holds state: one instance per stream.
 */
public final class IirFilter {
    private final int channels;
    private final double[] b;
    private final double[] a;
    /** State per channel, {@code order} values each. */
    private final double[] z;
    private final int order;

    public IirFilter(double[] feedforward, double[] feedback, boolean complex) {
        this.channels = complex ? 2 : 1;
        if (feedforward.length == 0) {
            throw new IllegalArgumentException("an IIR filter needs at least one feed-forward tap");
        }
        if (feedback.length == 0 || feedback[0] == 0 || !Double.isFinite(feedback[0])) {
            throw new IllegalArgumentException("the first feedback tap a[0] must be non-zero (it normalises the "
                    + "filter), got " + (feedback.length == 0 ? "no feedback taps" : String.valueOf(feedback[0])));
        }
        int n = Math.max(feedforward.length, feedback.length);
        double[] nb = Arrays.copyOf(feedforward, n);
        double[] na = Arrays.copyOf(feedback, n);
        double a0 = na[0];
        for (int i = 0; i < n; i++) {
            nb[i] /= a0;
            na[i] /= a0;
        }
        order = n - 1;
        z = new double[channels * order];
        b = nb;
        a = na;
    }

    /** Filters {@code n} items from {@code x[xOff..]} into {@code y[yOff..]} (may be the same place). */
    public void filter(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int c = 0; c < channels; c++) {
            filterChannel(x, xOff + c, y, yOff + c, n, c * order);
        }
    }

    private void filterChannel(float[] x, int xOff, float[] y, int yOff, int n, int zOff) {
        double[] b = this.b, a = this.a, z = this.z;
        int m = order, st = channels;
        if (m == 0) {
            for (int i = 0; i < n; i++) {
                y[yOff + i * st] = (float) (b[0] * x[xOff + i * st]);
            }
            return;
        }
        if (m == 1) { // the common one-pole case without the inner loop
            double b0 = b[0], b1 = b[1], a1 = a[1], s = z[zOff];
            for (int i = 0; i < n; i++) {
                double xi = x[xOff + i * st];
                double yi = b0 * xi + s;
                s = b1 * xi - a1 * yi;
                y[yOff + i * st] = (float) yi;
            }
            z[zOff] = s;
            return;
        }
        for (int i = 0; i < n; i++) {
            double xi = x[xOff + i * st];
            double yi = b[0] * xi + z[zOff];
            for (int k = 1; k < m; k++) {
                z[zOff + k - 1] = b[k] * xi - a[k] * yi + z[zOff + k];
            }
            z[zOff + m - 1] = b[m] * xi - a[m] * yi;
            y[yOff + i * st] = (float) yi;
        }
    }
}
