package org.sigflow.dsp;

/**
 * GNU Radio's {@code dc_blocker} (after Lyons, "Understanding Digital Signal Processing", linear-phase DC removal):
 * the signal delayed by the cascade's group delay minus a cascade of length-{@code D} moving averages, two in the
 * short form ({@code y[n] = x[n-(D-1)] - MA(MA(x))[n]}), four in the long form
 * ({@code y[n] = x[n-2(D-1)] - MA^4(x)[n]}). Moving averages are running sums in double. Interleaved complex input
 * is two independent real channels. Holds state: one instance per stream.
 */
public final class DcBlocker {
    private final int length;
    private final int stages;
    private final int channels;
    /** Per channel and stage: the last {@code length} stage inputs (ring) and the running sum. */
    private final double[][] rings;
    private final double[] sums;
    /** Per channel: the input delayed through the compensating delay line, {@code delay} values (ring). */
    private final double[][] delays;
    private final int delay;
    private int pos;
    private int delayPos;

    public DcBlocker(int length, boolean longForm, boolean complex) {
        if (length < 1) {
            throw new IllegalArgumentException("DC blocker length must be >= 1, got " + length);
        }
        this.length = length;
        this.stages = longForm ? 4 : 2;
        this.channels = complex ? 2 : 1;
        this.rings = new double[channels * stages][length];
        this.sums = new double[channels * stages];
        this.delay = (longForm ? 2 : 1) * (length - 1);
        this.delays = new double[channels][Math.max(1, delay)];
    }

    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        for (int c = 0; c < channels; c++) {
            if (stages == 2) {
                channel2(x, xOff + c, y, yOff + c, n, c);
            } else {
                channel4(x, xOff + c, y, yOff + c, n, c);
            }
        }
        pos = (int) ((pos + (long) n) % length);
        if (delay > 0) {
            delayPos = (int) ((delayPos + (long) n) % delay);
        }
    }

    // The running sums live in locals during a call: kept in fields, each sample's update would wait on a store
    // and a reload of the previous sample's sum.

    private void channel2(float[] x, int xOff, float[] y, int yOff, int n, int c) {
        int ch = channels, len = length, p = pos, dp = delayPos;
        double inv = 1.0 / len;
        double[] r0 = rings[c * 2], r1 = rings[c * 2 + 1], d = delays[c];
        double s0 = sums[c * 2], s1 = sums[c * 2 + 1];
        for (int i = 0; i < n; i++) {
            double in = x[xOff + i * ch];
            s0 += in - r0[p];
            r0[p] = in;
            double v = s0 * inv;
            s1 += v - r1[p];
            r1[p] = v;
            double delayed = in;
            if (delay > 0) {
                delayed = d[dp];
                d[dp] = in;
                dp = dp + 1 == delay ? 0 : dp + 1;
            }
            y[yOff + i * ch] = (float) (delayed - s1 * inv);
            p = p + 1 == len ? 0 : p + 1;
        }
        sums[c * 2] = s0;
        sums[c * 2 + 1] = s1;
    }

    private void channel4(float[] x, int xOff, float[] y, int yOff, int n, int c) {
        int ch = channels, len = length, p = pos, dp = delayPos;
        double inv = 1.0 / len;
        double[] r0 = rings[c * 4], r1 = rings[c * 4 + 1], r2 = rings[c * 4 + 2], r3 = rings[c * 4 + 3];
        double[] d = delays[c];
        double s0 = sums[c * 4], s1 = sums[c * 4 + 1], s2 = sums[c * 4 + 2], s3 = sums[c * 4 + 3];
        for (int i = 0; i < n; i++) {
            double in = x[xOff + i * ch];
            s0 += in - r0[p];
            r0[p] = in;
            double v = s0 * inv;
            s1 += v - r1[p];
            r1[p] = v;
            v = s1 * inv;
            s2 += v - r2[p];
            r2[p] = v;
            v = s2 * inv;
            s3 += v - r3[p];
            r3[p] = v;
            double delayed = in;
            if (delay > 0) {
                delayed = d[dp];
                d[dp] = in;
                dp = dp + 1 == delay ? 0 : dp + 1;
            }
            y[yOff + i * ch] = (float) (delayed - s3 * inv);
            p = p + 1 == len ? 0 : p + 1;
        }
        sums[c * 4] = s0;
        sums[c * 4 + 1] = s1;
        sums[c * 4 + 2] = s2;
        sums[c * 4 + 3] = s3;
    }
}
