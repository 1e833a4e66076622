package org.sigflow.dsp;

/**
 * GNU Radio's {@code channels.channel_model} without timing drift: multipath (a complex FIR of {@code taps}), a
 * frequency offset ({@code offset} cycles per sample, phase in closed form from the sample index), then white complex
 * gaussian noise of total power {@code noiseVoltage²} (GNU Radio's noise source convention), a function of the seed
 * and the sample index ({@link CounterNoise}), so the CUDA twin computes the same samples. Holds the FIR's history.
 */
public final class ChannelModel {
    private final float[] taps;
    private final double offset;
    private final CounterNoise noise;
    private final float[] history;
    private final float[] noiseBuf = new float[2];
    private long n;

    public ChannelModel(float[] taps, double offset, double noiseVoltage, long seed) {
        if (taps.length == 0) {
            throw new IllegalArgumentException("the channel model needs at least one tap");
        }
        this.taps = taps.clone();
        this.offset = offset;
        this.noise = new CounterNoise(seed, noiseVoltage / Math.sqrt(2));
        this.history = new float[taps.length - 2]; // (ntaps - 1) complex samples before the current one
    }

    /** Filters {@code count} complex samples from {@code x[xOff]} into {@code y[yOff]} (not in place). */
    public void process(float[] x, int xOff, float[] y, int yOff, int count) {
        int ntaps = taps.length / 2;
        for (int at = 0; at < count; at++) {
            double re = 0;
            double im = 0;
            for (int k = 0; k < ntaps; k++) {
                int j = at - k;
                float xr = j >= 0 ? x[xOff + 2 * j] : history[2 * (ntaps - 1 + j)];
                float xi = j >= 0 ? x[xOff + 2 * j + 1] : history[2 * (ntaps - 1 + j) + 1];
                re += taps[2 * k] * xr - taps[2 * k + 1] * xi;
                im += taps[2 * k] * xi + taps[2 * k + 1] * xr;
            }
            noise.sample(n, noiseBuf, 0);
            double cycles = offset * n++;
            double ph = 2 * Math.PI * (cycles - Math.floor(cycles));
            double c = Math.cos(ph);
            double s = Math.sin(ph);
            y[yOff + 2 * at] = (float) (re * c - im * s) + noiseBuf[0];
            y[yOff + 2 * at + 1] = (float) (re * s + im * c) + noiseBuf[1];
        }
        // keep the last ntaps - 1 inputs (older history first where the call was short)
        int keep = ntaps - 1;
        for (int j = 0; j < keep; j++) {
            int src = count - keep + j;
            history[2 * j] = src >= 0 ? x[xOff + 2 * src] : history[2 * (j + count)];
            history[2 * j + 1] = src >= 0 ? x[xOff + 2 * src + 1] : history[2 * (j + count) + 1];
        }
    }
}
