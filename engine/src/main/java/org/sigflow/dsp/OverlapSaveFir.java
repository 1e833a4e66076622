package org.sigflow.dsp;

import java.util.Arrays;

/**
 * FIR filtering by FFT convolution (overlap-save), for long taps: each block of {@code L = nfft - ntaps + 1} outputs
 * is the last {@code L} points of {@code IFFT(FFT(frame) * H)}, where the frame is the {@code nfft} input items
 * ending at the block's last output. Frames are batched through {@link FrameFfts} (Vector API: several frames per
 * vector). Callers keep block boundaries at fixed absolute positions (multiples of {@link #blockLength()} from the
 * stream start), so each output is the same float whatever the work-call sizes: {@code OverlapSaveFirTest}.
 */
public final class OverlapSaveFir {
    /** Frames per batch: enough for a full vector of frames, little enough to stay in cache. */
    private static final int BATCH = 16;

    private final int ntaps;
    private final int nfft;
    private final boolean complexInput;
    /** Spectrum of the taps, interleaved, with the inverse FFT's 1/nfft folded in. */
    private final float[] spectrum;
    private final FrameFft forward;
    private final FrameFft inverse;
    private final float[] frames;
    private final float[] bins;
    /** The permutation-free Vector API path (null: the batched frame FFTs below, when SIMD is off). */
    private final VectorOverlapSave vector;

    /**
     * @param taps        real taps, or interleaved complex taps when {@code complexTaps}
     * @param complexInput interleaved complex input and output (else real; real input needs real taps)
     */
    public OverlapSaveFir(float[] taps, boolean complexTaps, boolean complexInput) {
        this(taps, complexTaps, complexInput, fftSize(taps.length / (complexTaps ? 2 : 1)));
    }

    OverlapSaveFir(float[] taps, boolean complexTaps, boolean complexInput, int nfft) {
        if (complexTaps && !complexInput) {
            throw new IllegalArgumentException("complex taps need a complex input");
        }
        this.ntaps = taps.length / (complexTaps ? 2 : 1);
        if (ntaps < 1 || nfft < 2 * ntaps) {
            throw new IllegalArgumentException("overlap-save needs 1 <= ntaps <= nfft/2, got " + ntaps + ", " + nfft);
        }
        this.nfft = nfft;
        this.complexInput = complexInput;
        float[] ones = new float[nfft];
        Arrays.fill(ones, 1f);
        this.forward = FrameFfts.create(nfft, false, false, ones, false, FftScaling.NONE);
        this.inverse = FrameFfts.create(nfft, false, true, ones, false, FftScaling.NONE);
        this.spectrum = new float[2 * nfft];
        for (int k = 0; k < ntaps; k++) {
            spectrum[2 * k] = complexTaps ? taps[2 * k] : taps[k];
            spectrum[2 * k + 1] = complexTaps ? taps[2 * k + 1] : 0f;
        }
        Fft.of(nfft).forward(spectrum, 0);
        for (int i = 0; i < spectrum.length; i++) {
            spectrum[i] /= nfft;
        }
        this.vector = VectorOverlapSave.supports(nfft) ? new VectorOverlapSave(nfft, ntaps, spectrum, !complexInput)
                : null;
        this.frames = new float[vector != null ? 0 : BATCH * 2 * nfft];
        this.bins = new float[vector != null ? 0 : BATCH * 2 * nfft];
    }

    /**
     * FFT size for {@code ntaps} taps: a power of two of at least 8 × taps (≥ 87 % of each frame is new output),
     * at most 4096 unless 4 × taps needs more. Measured (CPU time per output, complex input and taps,
     * docs/performance.md): 512 taps 196 Msps at 2048 points, 220 at 4096, 160 at 8192; 128 taps 252 at 1024, 224 at
     * 2048; 2048 taps 132 at 4096, 140 at 8192. Larger frames amortise the overlap, but past 4096 points the 8-lane
     * scratch outgrows the caches.
     */
    public static int fftSize(int ntaps) {
        int eight = Integer.highestOneBit(Math.max(1, 8 * ntaps - 1)) << 1;
        int four = Integer.highestOneBit(Math.max(1, 4 * ntaps - 1)) << 1;
        return Math.max(64, Math.min(eight, Math.max(4096, four)));
    }

    public int ntaps() {
        return ntaps;
    }

    /** Outputs per block (and input items consumed per block): one frame's new outputs, two for real input. */
    public int blockLength() {
        return vector != null ? vector.blockLength() : nfft - ntaps + 1;
    }

    /** Blocks computed together in one pass (one per vector lane); a pass with fewer does the same work. */
    public int blocksPerPass() {
        return vector != null ? VectorOverlapSave.L : 1;
    }

    /**
     * Computes {@code blocks} whole blocks: output i depends on items {@code x[xBase + i - ntaps + 1 .. xBase + i]}
     * as in {@link FirFilter#filter} (xBase: the oldest item of output 0's window), written to {@code y[yOff ..]}.
     * Input items past {@code validItems} (counted from xBase) are read as zeros: the end of a stream.
     */
    public void filter(float[] x, int xBase, float[] y, int yOff, int blocks, int validItems) {
        int stride = complexInput ? 2 : 1;
        int len = blockLength();
        if (vector != null) {
            for (int b0 = 0; b0 < blocks; b0 += VectorOverlapSave.L) {
                int nb = Math.min(VectorOverlapSave.L, blocks - b0);
                vector.group(x, xBase, b0 * len, nb, validItems, y, yOff + b0 * len * stride);
            }
            return;
        }
        for (int b0 = 0; b0 < blocks; b0 += BATCH) {
            int nb = Math.min(BATCH, blocks - b0);
            for (int f = 0; f < nb; f++) {
                int first = (b0 + f) * len;   // item offset of this frame from xBase
                load(x, xBase, first, Math.max(0, Math.min(nfft, validItems - first)), stride, f);
            }
            forward.process(frames, 0, bins, 0, nb);
            multiply(nb);
            inverse.process(bins, 0, frames, 0, nb);
            for (int f = 0; f < nb; f++) {
                int src = f * 2 * nfft + 2 * (ntaps - 1);
                int dst = yOff + (b0 + f) * len * stride;
                if (complexInput) {
                    System.arraycopy(frames, src, y, dst, 2 * len);
                } else {
                    for (int i = 0; i < len; i++) {
                        y[dst + i] = frames[src + 2 * i];
                    }
                }
            }
        }
    }

    private void load(float[] x, int xBase, int first, int valid, int stride, int f) {
        int o = f * 2 * nfft;
        if (complexInput) {
            System.arraycopy(x, xBase + 2 * first, frames, o, 2 * valid);
        } else {
            for (int i = 0; i < valid; i++) {
                frames[o + 2 * i] = x[xBase + first + i];
                frames[o + 2 * i + 1] = 0f;
            }
        }
        Arrays.fill(frames, o + 2 * valid, o + 2 * nfft, 0f);
    }

    private void multiply(int nb) {
        for (int f = 0; f < nb; f++) {
            int o = f * 2 * nfft;
            for (int k = 0; k < 2 * nfft; k += 2) {
                float ar = bins[o + k], ai = bins[o + k + 1];
                float hr = spectrum[k], hi = spectrum[k + 1];
                bins[o + k] = ar * hr - ai * hi;
                bins[o + k + 1] = ar * hi + ai * hr;
            }
        }
    }
}
