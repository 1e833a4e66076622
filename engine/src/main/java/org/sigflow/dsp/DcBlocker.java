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
        int ch = channels;
        double inv = 1.0 / length;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < ch; c++) {
                double in = x[xOff + i * ch + c];
                double v = in;
                for (int s = 0; s < stages; s++) {
                    int r = c * stages + s;
                    double[] ring = rings[r];
                    sums[r] += v - ring[pos];
                    ring[pos] = v;
                    v = sums[r] * inv;
                }
                double delayed;
                if (delay == 0) {
                    delayed = in;
                } else {
                    double[] d = delays[c];
                    delayed = d[delayPos];
                    d[delayPos] = in;
                }
                y[yOff + i * ch + c] = (float) (delayed - v);
            }
            pos = pos + 1 == length ? 0 : pos + 1;
            if (delay > 0) {
                delayPos = delayPos + 1 == delay ? 0 : delayPos + 1;
            }
        }
    }
}
