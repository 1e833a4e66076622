package org.sigflow.dsp;

/**
 * What GNU Radio 3.10's {@code channels.channel_model} hier block does after its timing resampler, in its own
 * arithmetic: {@code fir_filter_ccc(taps)} (zero history; VOLK's dot product, {@link VolkDotProduct#complexTaps}),
 * times {@code sig_source_c(1, SIN, offset)} (its fixed-point NCO, {@link FxptSignalGenerator}), plus
 * {@code fastnoise_source_c(GAUSSIAN, noise_voltage, seed)} (a pool of 16384, {@link NoiseGenerator#gnuRadioPool}). Works in place on complex samples, keeping the FIR's history between calls.
 */
public final class GnuRadioChannel {
    private static final int NOISE_POOL = 1024 * 16;   // fastnoise_source's default, which channel_model keeps
    private final float[] taps;
    private final FxptSignalGenerator offset;
    private final NoiseGenerator noise;
    private float[] window;   // (ntaps - 1) history samples, then the call's inputs
    private float[] tone = new float[0];
    private float[] noiseBuf = new float[0];
    private long consumed;   // inputs before this call: the FIR's stream index, which sets VOLK's alignment

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
        float[] sum = new float[2];
        for (int i = 0; i < n; i++) {   // y[i] = sum taps[k] x[i - k], in VOLK's order from GNU Radio's buffer
            VolkDotProduct.complexTaps(taps, window, 2 * i, consumed + i - (ntaps - 1), sum, 0);
            float re = sum[0];
            float im = sum[1];
            float c = tone[2 * i];
            float s = tone[2 * i + 1];
            // multiply_cc: volk_32fc_x2_multiply_32fc_a_avx2_fma's fmaddsub (its 1 to 3 tail items of a call,
            // multiplied unfused, can differ by an ulp: GNU Radio's call sizes are its scheduler's)
            y[off + 2 * i] = noiseBuf[2 * i] + Math.fma(re, c, -(im * s));
            y[off + 2 * i + 1] = noiseBuf[2 * i + 1] + Math.fma(im, c, re * s);
        }
        System.arraycopy(window, 2 * n, window, 0, hist);
        consumed += n;
    }
}
