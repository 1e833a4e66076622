package org.sigflow.dsp;

/**
 * Scaled moving sums over the input's history: {@code y[n] = scale * sum_{k<L} x[n-k]} for each of the
 * {@code itemSize} floats of an item independently (GNU Radio's {@code moving_average}: vectors element-wise,
 * complex re/im alike). Each call sums the window preceding its first output afresh, in double, then keeps a running
 * sum, so errors never accumulate across calls.
 */
public final class MovingSums {
    private MovingSums() {}

    /**
     * {@code x[xOff]} is the first new item; the {@code length - 1} items before it must be readable (history).
     * Writes {@code n} items to {@code y[yOff..]}. {@code sums} is scratch of at least {@code itemSize} doubles.
     */
    public static void process(float[] x, int xOff, int itemSize, int length, float scale, float[] y, int yOff,
                               int n, double[] sums) {
        int w = itemSize;
        for (int j = 0; j < w; j++) {
            double s = 0;
            for (int k = 1; k < length; k++) {
                s += x[xOff - k * w + j];
            }
            sums[j] = s;
        }
        int old = xOff - length * w; // the item leaving the window
        for (int i = 0; i < n; i++) {
            int base = i * w;
            for (int j = 0; j < w; j++) {
                double s = sums[j] + x[xOff + base + j];
                y[yOff + base + j] = (float) (scale * s);
                sums[j] = s - x[old + w + base + j];
            }
        }
    }
}
