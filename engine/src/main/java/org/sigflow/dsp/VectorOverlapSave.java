package org.sigflow.dsp;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The overlap-save core of {@link OverlapSaveFir} with the Vector API: {@code L} blocks per pass, one per vector
 * lane, and no permutation anywhere. A block is one frame of complex input, or two frames of real input with real
 * taps packed as the real and imaginary parts of one complex frame (the taps being real, the filtered real and
 * imaginary parts are the two frames' outputs: half the FFT work per output).
 *
 * <p>Per pass: the frames are gathered in natural order from the input; a decimation-in-frequency FFT leaves bin
 * {@code rev(k)} in slot k; each slot is multiplied by the taps' spectrum (kept in that order) and conjugated; the
 * decimation-in-time passes of the same forward FFT, which take bit-reversed input, give back natural order
 * ({@code IFFT(Z) = conj(FFT(conj(Z))) / n}, the {@code 1/n} folded into the spectrum); only the kept outputs are
 * written, conjugated. The last DIF stages, the multiply and the first DIT stages run one cache-sized run of slots
 * at a time (see {@link LaneButterflies}). A pass with fewer than {@code L} blocks fills its spare lanes with its
 * first block, so each block's arithmetic is the same whatever the call sizes (bit-reproducible). Nothing is
 * allocated per call.
 */
final class VectorOverlapSave {
    private static final VectorSpecies<Float> S = LaneButterflies.S;
    static final int L = LaneButterflies.L;

    private final int n;
    private final int ntaps;
    /** Real input packed two frames to a lane (needs real taps). */
    private final boolean packed;
    private final LaneButterflies fft;
    /** Scratch offset of slot k ({@link LaneButterflies#offsets}). */
    private final int[] pos;
    /** The taps' spectrum at bin rev(k) for slot k: real part, and both parts negated (for the fused conjugation). */
    private final float[] hRe;
    private final float[] hImNeg;
    private final float[] hReNeg;
    private final int[] indexRe = new int[L];
    private final int[] indexIm = new int[L];
    private final float[] padded;
    private final float[] re;
    private final float[] im;

    static boolean supports(int nfft) {
        return Simd.ENABLED && L >= 2 && nfft >= 4 && nfft <= VectorFrameFft.MAX_SIZE && Radix2Fft.isPowerOfTwo(nfft);
    }

    /**
     * @param spectrum the taps' spectrum, interleaved, with the inverse FFT's 1/n folded in
     * @param packed   real input and real taps, two frames per lane
     */
    VectorOverlapSave(int n, int ntaps, float[] spectrum, boolean packed) {
        this.n = n;
        this.ntaps = ntaps;
        this.packed = packed;
        this.fft = new LaneButterflies(n, false);
        this.pos = fft.offsets();
        int bits = Integer.numberOfTrailingZeros(n);
        this.hRe = new float[n];
        this.hImNeg = new float[n];
        this.hReNeg = new float[n];
        for (int k = 0; k < n; k++) {
            int b = Integer.reverse(k) >>> (32 - bits);
            hRe[k] = spectrum[2 * b];
            hImNeg[k] = -spectrum[2 * b + 1];
            hReNeg[k] = -spectrum[2 * b];
        }
        this.padded = new float[L * 2 * n];
        this.re = new float[fft.length()];
        this.im = new float[fft.length()];
    }

    /** New outputs per frame. */
    private int frameOutputs() {
        return n - ntaps + 1;
    }

    /** Outputs (and input items consumed) per block: one frame, or two when packed. */
    int blockLength() {
        return packed ? 2 * frameOutputs() : frameOutputs();
    }

    /**
     * Computes {@code blocks} (1 to L) consecutive blocks of {@link #blockLength()} outputs, as
     * {@link OverlapSaveFir#filter}: frame g (two per block when packed) reads items {@code first + g * len ..} from
     * {@code xBase}, items past {@code validItems} read as zeros.
     */
    void group(float[] x, int xBase, int first, int blocks, int validItems, float[] y, int yOff) {
        int len = frameOutputs();
        int frames = packed ? 2 * blocks : blocks;
        int stride = packed ? 1 : 2;
        float[] src = x;
        int base = xBase + stride * first;
        int step = stride * len;
        if (first + (frames - 1) * len + n > validItems) {   // the stream's end: frames padded with zeros
            Arrays.fill(padded, 0f);
            for (int g = 0; g < frames; g++) {
                int from = first + g * len;
                int valid = Math.min(n, validItems - from);
                if (valid <= 0) {
                    break;
                }
                System.arraycopy(x, xBase + stride * from, padded, g * stride * n, stride * valid);
            }
            src = padded;
            base = 0;
            step = stride * n;
        }
        for (int f = 0; f < L; f++) {
            int b = f < blocks ? f : 0;
            indexRe[f] = (packed ? 2 * b : b) * step;
            indexIm[f] = packed ? (2 * b + 1) * step : b * step + 1;
        }
        gather(src, base, stride);
        fft.difColumns(re, im);
        int run = fft.runLength();
        for (int c = 0, k0 = 0; k0 < n; c += fft.rowStride(), k0 += run) {
            fft.difRun(re, im, c);
            multiplyConjugate(c, k0, run);
            fft.ditRun(re, im, c);
        }
        fft.ditColumns(re, im);
        scatter(y, yOff, blocks, len);
    }

    /** Slot k of lane f: item k of the lane's frame(s). */
    private void gather(float[] src, int base, int stride) {
        float[] re = this.re, im = this.im;
        for (int k = 0, b = base; k < n; k++, b += stride) {
            FloatVector.fromArray(S, src, b, indexRe, 0).intoArray(re, pos[k]);
            FloatVector.fromArray(S, src, b, indexIm, 0).intoArray(im, pos[k]);
        }
    }

    /** conj(X * H) for the run of slots {@code k0 ..} starting at float {@code c}. */
    private void multiplyConjugate(int c, int k0, int count) {
        float[] re = this.re, im = this.im;
        for (int k = k0, o = c; k < k0 + count; k++, o += L) {
            FloatVector xr = FloatVector.fromArray(S, re, o), xi = FloatVector.fromArray(S, im, o);
            FloatVector hr = FloatVector.broadcast(S, hRe[k]), hin = FloatVector.broadcast(S, hImNeg[k]);
            FloatVector hrn = FloatVector.broadcast(S, hReNeg[k]);
            xr.fma(hr, xi.mul(hin)).intoArray(re, o);
            xr.fma(hin, xi.mul(hrn)).intoArray(im, o);
        }
    }

    /** The kept outputs of each block, conjugated back (packed: real parts to the even frame, imaginary to the odd). */
    private void scatter(float[] y, int yOff, int blocks, int len) {
        float[] re = this.re, im = this.im;
        int k0 = ntaps - 1;
        int aligned = L == 8 && !packed ? Math.min(n, (k0 + 7) & ~7) : n;
        for (int f = 0; f < blocks; f++) {
            if (packed) {
                int o = yOff + 2 * f * len;
                for (int k = k0; k < n; k++, o++) {
                    y[o] = re[pos[k] + f];
                    y[o + len] = -im[pos[k] + f];
                }
            } else {
                int o = yOff + 2 * f * len;
                for (int k = k0; k < aligned; k++, o += 2) {
                    y[o] = re[pos[k] + f];
                    y[o + 1] = -im[pos[k] + f];
                }
            }
        }
        if (aligned < n) {
            for (int k = aligned; k < n; k += 8) {
                transposeOut(y, yOff + 2 * (k - k0), 2 * len, k, blocks);
            }
        }
    }

    /** Lane patterns of {@link #transposeOut} (indices into two concatenated vectors). */
    private static final float[] PAIRS_LO = {0, 8, 1, 9, 2, 10, 3, 11};
    private static final float[] PAIRS_HI = {4, 12, 5, 13, 6, 14, 7, 15};
    private static final float[] TWO_LO = {0, 1, 8, 9, 2, 3, 10, 11};
    private static final float[] TWO_HI = {4, 5, 12, 13, 6, 7, 14, 15};
    private static final float[] HALF_LO = {0, 1, 2, 3, 8, 9, 10, 11};
    private static final float[] HALF_HI = {4, 5, 6, 7, 12, 13, 14, 15};

    /**
     * Slots k .. k+7 of the 8 lanes, conjugated, written as 8 interleaved complex outputs of each frame (frame f at
     * {@code y[yo + f * frameStride ..]}, the first {@code frames} frames): an 8 × 8 complex transpose in two-vector
     * selects (each frame's 8 outputs as two vectors of 4 complex values).
     */
    private void transposeOut(float[] y, int yo, int frameStride, int k, int frames) {
        FloatVector pLo = FloatVector.fromArray(S, PAIRS_LO, 0), pHi = FloatVector.fromArray(S, PAIRS_HI, 0);
        FloatVector tLo = FloatVector.fromArray(S, TWO_LO, 0), tHi = FloatVector.fromArray(S, TWO_HI, 0);
        FloatVector hLo = FloatVector.fromArray(S, HALF_LO, 0), hHi = FloatVector.fromArray(S, HALF_HI, 0);
        for (int kb = 0; kb < 8; kb += 4) {
            int s0 = pos[k + kb], s1 = pos[k + kb + 1], s2 = pos[k + kb + 2], s3 = pos[k + kb + 3];
            FloatVector r0 = FloatVector.fromArray(S, re, s0), n0 = FloatVector.fromArray(S, im, s0).neg();
            FloatVector r1 = FloatVector.fromArray(S, re, s1), n1 = FloatVector.fromArray(S, im, s1).neg();
            FloatVector r2 = FloatVector.fromArray(S, re, s2), n2 = FloatVector.fromArray(S, im, s2).neg();
            FloatVector r3 = FloatVector.fromArray(S, re, s3), n3 = FloatVector.fromArray(S, im, s3).neg();
            for (int fb = 0; fb < 8; fb += 4) {
                FloatVector p = fb == 0 ? pLo : pHi;
                // complex values of frames fb .. fb+3 of slots k+kb .. k+kb+3
                FloatVector a = p.selectFrom(r0, n0), b = p.selectFrom(r1, n1);
                FloatVector c = p.selectFrom(r2, n2), d = p.selectFrom(r3, n3);
                FloatVector u0 = tLo.selectFrom(a, b), u1 = tHi.selectFrom(a, b);
                FloatVector u2 = tLo.selectFrom(c, d), u3 = tHi.selectFrom(c, d);
                int o = yo + 2 * kb + fb * frameStride;
                if (fb < frames) {
                    hLo.selectFrom(u0, u2).intoArray(y, o);
                }
                if (fb + 1 < frames) {
                    hHi.selectFrom(u0, u2).intoArray(y, o + frameStride);
                }
                if (fb + 2 < frames) {
                    hLo.selectFrom(u1, u3).intoArray(y, o + 2 * frameStride);
                }
                if (fb + 3 < frames) {
                    hHi.selectFrom(u1, u3).intoArray(y, o + 3 * frameStride);
                }
            }
        }
    }
}
