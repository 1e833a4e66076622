package org.sigflow.dsp;

import java.util.Arrays;

/**
 * Critically sampled polyphase filter-bank channelizer: splits a complex stream at rate {@code fs} into {@code N}
 * channels at {@code fs/N}, channel {@code k} centred on {@code k*fs/N} (channels above {@code N/2} are the
 * negative frequencies), as GNU Radio's {@code pfb_channelizer_ccf} with oversample rate 1 computes it (checked
 * against GNU Radio 3.10.5 to float rounding). Definition: channel {@code k} is the input through the prototype
 * low-pass shifted to the channel, {@code h[j] exp(j 2 pi k j / N)}, sampled at the last input of every step of
 * {@code N}: {@code y_k[m] = sum_j h[j] exp(j 2 pi k j / N) x[mN + N-1 - j]}.
 *
 * <p>Computed as a filter bank: branch {@code p} filters {@code x_p[m] = x[mN + N-1 - p]} with
 * {@code h_p[q] = h[qN+p]} (the vectorised real-tap FIR on a de-interleaved copy), and an unscaled inverse FFT
 * across the branches gives all channels at once: {@code y_k[m] = sum_p u_p[m] exp(j 2 pi k p / N)}. Cost per input
 * sample: {@code ntaps/N} multiply-adds plus one N-point FFT per N samples. Holds scratch buffers: one instance per
 * block thread.
 */
public final class PfbChannelizer {
    private final int n;
    private final int branchTaps;
    private final int maxSteps;
    private final FirFilter[] branches;
    private final FrameFft ifft;
    private final float[][] branchIn;
    private final float[][] branchOut;
    private final float[] frames;
    private final float[] spectra;

    public PfbChannelizer(int channels, float[] taps) {
        if (channels < 1) {
            throw new IllegalArgumentException("number of channels must be >= 1, got " + channels);
        }
        if (taps.length == 0) {
            throw new IllegalArgumentException("the channelizer needs at least one prototype tap");
        }
        this.n = channels;
        this.branchTaps = (taps.length + n - 1) / n;
        this.maxSteps = Math.max(16, 32768 / n);
        this.branches = new FirFilter[n];
        for (int p = 0; p < n; p++) {
            float[] hp = new float[branchTaps];
            for (int q = 0; q < branchTaps && q * n + p < taps.length; q++) {
                hp[q] = taps[q * n + p];
            }
            branches[p] = FirFilters.realTapsComplexInput(hp);
        }
        float[] ones = new float[n];
        Arrays.fill(ones, 1f);
        this.ifft = FrameFfts.create(n, false, true, ones, false, FftScaling.NONE);
        this.branchIn = new float[n][2 * (branchTaps - 1 + maxSteps)];
        this.branchOut = new float[n][2 * maxSteps];
        this.frames = new float[2 * n * maxSteps];
        this.spectra = new float[2 * n * maxSteps];
    }

    public int channels() {
        return n;
    }

    /** Input history needed, in items: the oldest branch sample of the first output is {@code (Q-1)N} back. */
    public int history() {
        return (branchTaps - 1) * n + 1;
    }

    /** Most steps (N inputs -> one output per channel) per {@link #process} call. */
    public int maxSteps() {
        return maxSteps;
    }

    /**
     * Consumes {@code steps*N} complex items at {@code x[xOff..]} (after {@link #history()}{@code - 1} items of
     * history) and writes {@code steps} complex items to each channel {@code k} at {@code y[k][yOff[k]..]}.
     */
    public void process(float[] x, int xOff, int steps, float[][] y, int[] yOff) {
        if (steps > maxSteps) {
            throw new IllegalArgumentException("at most " + maxSteps + " steps per call, got " + steps);
        }
        int q1 = branchTaps - 1;
        // de-interleave: branchIn[p][m + q1] = x[mN + N-1 - p] for m in [-q1, steps)
        for (int m = -q1; m < steps; m++) {
            int src = xOff + 2 * (m * n + n - 1);
            int dst = 2 * (m + q1);
            for (int p = 0; p < n; p++) {
                float[] b = branchIn[p];
                b[dst] = x[src - 2 * p];
                b[dst + 1] = x[src - 2 * p + 1];
            }
        }
        for (int p = 0; p < n; p++) {
            branches[p].filter(branchIn[p], 0, branchOut[p], 0, steps, 1);
        }
        // transpose to one frame per output step, transform across branches, transpose back per channel
        for (int p = 0; p < n; p++) {
            float[] u = branchOut[p];
            for (int m = 0; m < steps; m++) {
                frames[2 * (m * n + p)] = u[2 * m];
                frames[2 * (m * n + p) + 1] = u[2 * m + 1];
            }
        }
        ifft.process(frames, 0, spectra, 0, steps);
        for (int k = 0; k < n; k++) {
            float[] out = y[k];
            int o = yOff[k];
            for (int m = 0; m < steps; m++) {
                out[o + 2 * m] = spectra[2 * (m * n + k)];
                out[o + 2 * m + 1] = spectra[2 * (m * n + k) + 1];
            }
        }
    }
}
