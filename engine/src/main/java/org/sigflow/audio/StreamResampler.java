package org.sigflow.audio;

import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.PolyphaseResampler;

/**
 * Resamples one real stream from {@code from} to {@code to} Hz in pieces of any size, keeping the filter's history
 * and the inputs of an unfinished step between calls (GNU Radio's default rational-resampler filter).
 */
public final class StreamResampler {
    private final int interpolation;
    private final int decimation;
    private final PolyphaseResampler resampler;
    private final int keep;
    private float[] staged;
    /** Items in {@link #staged} after the history. */
    private int pending;

    public StreamResampler(int from, int to) {
        int g = gcd(from, to);
        this.interpolation = to / g;
        this.decimation = from / g;
        this.resampler = new PolyphaseResampler(Firdes.toFloat(Firdes.resamplerTaps(interpolation, decimation, 0.4)),
                false, false, interpolation, decimation);
        this.keep = resampler.history() - 1;
        this.staged = new float[keep + 4096];
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** The most outputs {@link #push} can give for {@code n} inputs. */
    public int maxOutput(int n) {
        return (int) (((long) pending + n) / decimation * interpolation);
    }

    /** Feeds {@code n} samples; writes the outputs they complete to {@code y[yOff..]}; returns how many. */
    public int push(float[] x, int off, int n, float[] y, int yOff) {
        if (staged.length < keep + pending + n) {
            staged = java.util.Arrays.copyOf(staged, keep + pending + n);
        }
        System.arraycopy(x, off, staged, keep + pending, n);
        pending += n;
        int steps = pending / decimation;
        int out = 0;
        for (int done = 0; done < steps; ) {
            int s = Math.min(PolyphaseResampler.MAX_STEPS, steps - done);
            resampler.process(staged, keep + done * decimation, y, yOff + out, s);
            done += s;
            out += s * interpolation;
        }
        int used = steps * decimation;
        System.arraycopy(staged, used, staged, 0, keep + pending - used); // history and the unfinished step
        pending -= used;
        return out;
    }
}
