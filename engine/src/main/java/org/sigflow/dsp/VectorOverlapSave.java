package org.sigflow.dsp;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The overlap-save core of {@link OverlapSaveFir} for complex input with the Vector API, {@code L} frames per pass
 * (one per lane) and no transposes between the two FFTs: the frames are gathered straight from the input
 * (bit-reversed), transformed, multiplied by the taps' spectrum and conjugated in the split layout while being moved
 * to their bit-reversed slots, transformed again by the same forward FFT ({@code IFFT(Z) = conj(FFT(conj(Z))) / n},
 * the {@code 1/n} folded into the spectrum), and only the kept outputs are written, conjugated, into the output.
 * A group with fewer than {@code L} frames fills its spare lanes with copies of its first frame, so every frame
 * goes through the same arithmetic whatever the call sizes (bit-reproducible).
 */
final class VectorOverlapSave {
    private static final VectorSpecies<Float> S = VectorFrameFft.S;
    private static final int L = VectorFrameFft.L;

    private final int n;
    private final int ntaps;
    private final LaneButterflies fft;
    private final int[] rev;
    /** Scratch offset of slot k ({@link LaneButterflies#offsets}). */
    private final int[] pos;
    private final float[] hRe;
    private final float[] hIm;
    private final int[] index = new int[L];
    private final float[] padded;
    private final float[] re;
    private final float[] im;
    private final float[] re2;
    private final float[] im2;

    static boolean supports(int nfft) {
        return Simd.ENABLED && VectorFrameFft.supports(nfft);
    }

    /** @param spectrum the taps' spectrum, interleaved, with the inverse FFT's 1/n folded in */
    VectorOverlapSave(int n, int ntaps, float[] spectrum) {
        this.n = n;
        this.ntaps = ntaps;
        this.fft = new LaneButterflies(n, false);
        int bits = Integer.numberOfTrailingZeros(n);
        this.rev = new int[n];
        for (int k = 0; k < n; k++) {
            rev[k] = Integer.reverse(k) >>> (32 - bits);
        }
        this.hRe = new float[n];
        this.hIm = new float[n];
        for (int k = 0; k < n; k++) {
            hRe[k] = spectrum[2 * k];
            hIm[k] = spectrum[2 * k + 1];
        }
        this.padded = new float[L * 2 * n];
        this.pos = fft.offsets();
        this.re = new float[fft.length()];
        this.im = new float[fft.length()];
        this.re2 = new float[fft.length()];
        this.im2 = new float[fft.length()];
    }

    /**
     * Computes {@code frames} (1 to L) consecutive blocks of {@code len = n - ntaps + 1} outputs, as
     * {@link OverlapSaveFir#filter}: frame f reads items {@code first + f*len ..} from {@code xBase}, items past
     * {@code validItems} read as zeros.
     */
    void group(float[] x, int xBase, int first, int frames, int validItems, float[] y, int yOff) {
        int len = n - ntaps + 1;
        float[] src = x;
        int base = xBase + 2 * first;
        int step = 2 * len;
        if (first + (frames - 1) * len + n > validItems) {   // the stream's end: frames padded with zeros
            Arrays.fill(padded, 0f);
            for (int f = 0; f < frames; f++) {
                int from = first + f * len;
                int valid = Math.max(0, Math.min(n, validItems - from));
                System.arraycopy(x, xBase + 2 * from, padded, f * 2 * n, 2 * valid);
            }
            src = padded;
            base = 0;
            step = 2 * n;
        }
        for (int f = 0; f < L; f++) {
            index[f] = f < frames ? f * step : 0;
        }
        for (int k = 0; k < n; k++) {
            int b = base + 2 * rev[k];
            FloatVector.fromArray(S, src, b, index, 0).intoArray(re, pos[k]);
            FloatVector.fromArray(S, src, b + 1, index, 0).intoArray(im, pos[k]);
        }
        fft.run(re, im);
        // conj(X * H), moved to the bit-reversed slot for the second pass
        for (int k = 0; k < n; k++) {
            FloatVector xr = FloatVector.fromArray(S, re, pos[k]), xi = FloatVector.fromArray(S, im, pos[k]);
            float hr = hRe[k], hi = hIm[k];
            int d = pos[rev[k]];
            xr.mul(hr).sub(xi.mul(hi)).intoArray(re2, d);
            xr.mul(-hi).sub(xi.mul(hr)).intoArray(im2, d);
        }
        fft.run(re2, im2);
        float[] outRe = re2, outIm = im2;
        for (int f = 0; f < frames; f++) {
            int o = yOff + f * 2 * len;
            for (int k = ntaps - 1; k < n; k++, o += 2) {
                y[o] = outRe[pos[k] + f];
                y[o + 1] = -outIm[pos[k] + f];
            }
        }
    }
}
