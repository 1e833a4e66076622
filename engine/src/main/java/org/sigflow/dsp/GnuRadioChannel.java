package org.sigflow.dsp;

/**
 * What GNU Radio 3.10's {@code channels.channel_model} hier block does after its timing resampler, in its own
 * arithmetic: {@code fir_filter_ccc(taps)} (zero history), times {@code sig_source_c(1, SIN, offset)} (its fixed-point
 * NCO, {@link FxptSignalGenerator}), plus {@code fastnoise_source_c(GAUSSIAN, noise_voltage, seed)} (a pool of 16384,
 * {@link NoiseGenerator#gnuRadioPool}). Works in place on complex samples, keeping the FIR's history between calls.
 */
public final class GnuRadioChannel {
    private static final int NOISE_POOL = 1024 * 16;   // fastnoise_source's default, which channel_model keeps
    private final float[] taps;
    private final FxptSignalGenerator offset;
    private final NoiseGenerator noise;
    private float[] window;   // (ntaps - 1) history samples, then the call's inputs
    private float[] tone = new float[0];
    private float[] noiseBuf = new float[0];

    public GnuRadioChannel(float[] taps, double frequencyOffset, double noiseVoltage, long seed) {
        float[] t = taps;
        while (t.length < 4) {   // GNU Radio pads the taps to two with zeros
            t = java.util.Arrays.copyOf(t, t.length + 2);
        }
        this.taps = t;
        this.offset = new FxptSignalGenerator(Waveform.SINE, true, 1, frequencyOffset, 1, 0, 0, 0);
        this.noise = NoiseGenerator.gnuRadioPool(NoiseType.GAUSSIAN, true, noiseVoltage, seed, NOISE_POOL);
        this.window = new float[taps.length - 2];
    }

    /** Replaces the n complex samples at {@code y[off]} by the channel's outputs. */
    public void process(float[] y, int off, int n) {
        int ntaps = taps.length / 2;
        int hist = 2 * (ntaps - 1);
        if (window.length < hist + 2 * n) {
            window = java.util.Arrays.copyOf(window, hist + 2 * n);
        }
        System.arraycopy(y, off, window, hist, 2 * n);
        if (tone.length < 2 * n) {
            tone = new float[2 * n];
            noiseBuf = new float[2 * n];
        }
        offset.generate(tone, 0, n);
        noise.generate(noiseBuf, 0, n);
        for (int i = 0; i < n; i++) {
            float re = 0;
            float im = 0;
            for (int k = 0; k < ntaps; k++) {   // y[i] = sum taps[k] x[i - k]
                int j = hist + 2 * (i - k);
                float xr = window[j];
                float xi = window[j + 1];
                re += taps[2 * k] * xr - taps[2 * k + 1] * xi;
                im += taps[2 * k] * xi + taps[2 * k + 1] * xr;
            }
            float c = tone[2 * i];
            float s = tone[2 * i + 1];
            y[off + 2 * i] = noiseBuf[2 * i] + (re * c - im * s);
            y[off + 2 * i + 1] = noiseBuf[2 * i + 1] + (re * s + im * c);
        }
        System.arraycopy(window, 2 * n, window, 0, hist);
    }
}
