package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API FIR implementations. Without decimation they vectorise across outputs: a vector of consecutive
 * outputs accumulates {@code h[k] * x[j + k]} tap by tap, with no horizontal sums; on interleaved complex input a
 * vector simply holds re/im pairs of consecutive outputs. With decimation consecutive outputs are not contiguous,
 * so each output is a dot product across taps, reduced once at the end (even lanes = re, odd lanes = im) by
 * {@link Lanes}, in lane order: {@code reduceLanes} leaves its order unspecified, and the interpreter and the JIT
 * add in different orders, so output bits would change as code warms up. The scalar tails ({@link ScalarFirs}) use
 * the same fused multiply-adds as a lane, so an output's bits never depend on where a work call was cut.
 */
final class VectorFirs {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final VectorMask<Float> EVEN = VectorMask.fromLong(S, 0x5555_5555_5555_5555L);
    private static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(S, i -> i ^ 1);
    /** -1 on re lanes, +1 on im lanes: turns swapped (xi, xr) times hi into (-hi*xi, hi*xr). */
    private static final FloatVector RE_NEG = FloatVector.zero(S).add(1f).blend(-1f, EVEN);

    private VectorFirs() {}

    static final class RealReal implements FirFilter {
        private final float[] rev;
        private final FirFilter tail;
        private final float[] lanes = new float[L];

        RealReal(float[] taps) {
            rev = FirFilter.reversed(taps, 1);
            tail = new ScalarFirs.RealReal(taps);
        }

        @Override public int ntaps() { return rev.length; }
        @Override public boolean complexInput() { return false; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            int t = h.length;
            if (decim == 1) {
                int i = 0;
                for (; i <= nOut - L; i += L) {
                    FloatVector acc = FloatVector.zero(S);
                    int b = xBase + i;
                    for (int k = 0; k < t; k++) {
                        acc = FloatVector.fromArray(S, x, b + k).fma(FloatVector.broadcast(S, h[k]), acc);
                    }
                    acc.intoArray(y, yOff + i);
                }
                tail.filter(x, xBase + i, y, yOff + i, nOut - i, 1);
                return;
            }
            int kv = t - t % L;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + i * decim;
                FloatVector acc = FloatVector.zero(S);
                for (int k = 0; k < kv; k += L) {
                    acc = FloatVector.fromArray(S, x, b + k).fma(FloatVector.fromArray(S, h, k), acc);
                }
                float sum = Lanes.sum(acc, lanes);
                for (int k = kv; k < t; k++) {
                    sum += h[k] * x[b + k];
                }
                y[yOff + i] = sum;
            }
        }
    }

    static final class RealTapsComplex implements FirFilter {
        private final float[] rev;
        /** Each reversed tap twice, to line up with interleaved re/im for the decimating dot product. */
        private final float[] revDup;
        private final FirFilter tail;
        private final float[] lanes = new float[L];

        RealTapsComplex(float[] taps) {
            rev = FirFilter.reversed(taps, 1);
            revDup = new float[2 * rev.length];
            for (int k = 0; k < rev.length; k++) {
                revDup[2 * k] = rev[k];
                revDup[2 * k + 1] = rev[k];
            }
            tail = new ScalarFirs.RealTapsComplex(taps);
        }

        @Override public int ntaps() { return rev.length; }
        @Override public boolean complexInput() { return true; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            int t = h.length;
            if (decim == 1) {
                // Output float j = sum_k h[k] * x[j + 2k]: contiguous loads over j, re and im alike.
                int nf = 2 * nOut;
                int j = 0;
                for (; j <= nf - L; j += L) {
                    FloatVector acc = FloatVector.zero(S);
                    int b = xBase + j;
                    for (int k = 0; k < t; k++) {
                        acc = FloatVector.fromArray(S, x, b + 2 * k).fma(FloatVector.broadcast(S, h[k]), acc);
                    }
                    acc.intoArray(y, yOff + j);
                }
                tail.filter(x, xBase + j, y, yOff + j, nOut - j / 2, 1);
                return;
            }
            float[] hd = revDup;
            int n2 = hd.length;
            int kv = n2 - n2 % L;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + 2 * i * decim;
                FloatVector acc = FloatVector.zero(S);
                for (int k = 0; k < kv; k += L) {
                    acc = FloatVector.fromArray(S, x, b + k).fma(FloatVector.fromArray(S, hd, k), acc);
                }
                acc.intoArray(lanes, 0);
                float re = Lanes.sumEven(lanes);
                float im = Lanes.sumOdd(lanes);
                for (int k = kv; k < n2; k += 2) {
                    re += hd[k] * x[b + k];
                    im += hd[k] * x[b + k + 1];
                }
                y[yOff + 2 * i] = re;
                y[yOff + 2 * i + 1] = im;
            }
        }
    }

    static final class ComplexComplex implements FirFilter {
        private final float[] rev;
        /** Reversed taps as (hr, hr) and (hi, hi) pairs for the decimating dot product. */
        private final float[] reDup;
        private final float[] imDup;
        private final FirFilter tail;
        private final float[] lanes1 = new float[L];
        private final float[] lanes2 = new float[L];

        ComplexComplex(float[] taps) {
            rev = FirFilter.reversed(taps, 2);
            reDup = new float[rev.length];
            imDup = new float[rev.length];
            for (int k = 0; k < rev.length; k += 2) {
                reDup[k] = reDup[k + 1] = rev[k];
                imDup[k] = imDup[k + 1] = rev[k + 1];
            }
            tail = new ScalarFirs.ComplexComplex(taps);
        }

        @Override public int ntaps() { return rev.length / 2; }
        @Override public boolean complexInput() { return true; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            int n2 = h.length;
            if (decim == 1) {
                // y = sum hr*(xr, xi) + hi*(-xi, xr): accumulate hr*v and hi*swap(v), apply the sign once.
                int nf = 2 * nOut;
                int j = 0;
                for (; j <= nf - L; j += L) {
                    FloatVector accRe = FloatVector.zero(S);
                    FloatVector accIm = FloatVector.zero(S);
                    int b = xBase + j;
                    for (int k = 0; k < n2; k += 2) {
                        FloatVector v = FloatVector.fromArray(S, x, b + k);
                        accRe = v.fma(FloatVector.broadcast(S, h[k]), accRe);
                        accIm = v.rearrange(SWAP_PAIRS).fma(FloatVector.broadcast(S, h[k + 1]), accIm);
                    }
                    accIm.fma(RE_NEG, accRe).intoArray(y, yOff + j);
                }
                tail.filter(x, xBase + j, y, yOff + j, nOut - j / 2, 1);
                return;
            }
            int kv = n2 - n2 % L;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + 2 * i * decim;
                FloatVector a1 = FloatVector.zero(S);
                FloatVector a2 = FloatVector.zero(S);
                for (int k = 0; k < kv; k += L) {
                    FloatVector v = FloatVector.fromArray(S, x, b + k);
                    a1 = v.fma(FloatVector.fromArray(S, reDup, k), a1);
                    a2 = v.rearrange(SWAP_PAIRS).fma(FloatVector.fromArray(S, imDup, k), a2);
                }
                a1.intoArray(lanes1, 0);
                a2.intoArray(lanes2, 0);
                float re = Lanes.sumEven(lanes1) - Lanes.sumEven(lanes2);
                float im = Lanes.sumOdd(lanes1) + Lanes.sumOdd(lanes2);
                for (int k = kv; k < n2; k += 2) {
                    float hr = h[k], hi = h[k + 1], xr = x[b + k], xi = x[b + k + 1];
                    re += hr * xr - hi * xi;
                    im += hr * xi + hi * xr;
                }
                y[yOff + 2 * i] = re;
                y[yOff + 2 * i + 1] = im;
            }
        }
    }
}
