package org.sigflow.blocks.math;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vectorised loops over float arrays (Vector API, preferred species, scalar tail). Complex data is interleaved
 * (re, im); complex kernels take counts in floats, which are even, and offsets that are even, so every vector starts
 * on a real part and lane parity tells real from imaginary. Destination may alias a source at the same offset.
 */
final class FloatKernels {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    /** (re, im) → (im, re) within each pair. */
    private static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(S, i -> i ^ 1);
    private static final VectorShuffle<Float> DUP_REAL = VectorShuffle.fromOp(S, i -> i & ~1);
    private static final VectorShuffle<Float> DUP_IMAG = VectorShuffle.fromOp(S, i -> i | 1);
    /** −1 on real lanes, +1 on imaginary lanes. */
    private static final FloatVector MINUS_RE = FloatVector.fromArray(S, pattern(-1f, 1f), 0);

    private FloatKernels() {}

    /** A species-length array repeating (even, odd). */
    static float[] pattern(float even, float odd) {
        float[] p = new float[L];
        for (int i = 0; i < L; i++) {
            p[i] = (i & 1) == 0 ? even : odd;
        }
        return p;
    }

    static void add(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).add(FloatVector.fromArray(S, b, bo + i)).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] + b[bo + i];
        }
    }

    static void subtract(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).sub(FloatVector.fromArray(S, b, bo + i)).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] - b[bo + i];
        }
    }

    static void multiply(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).mul(FloatVector.fromArray(S, b, bo + i)).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] * b[bo + i];
        }
    }

    static void divide(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).div(FloatVector.fromArray(S, b, bo + i)).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] / b[bo + i];
        }
    }

    /** (ar + j ai)(br + j bi) = (ar br − ai bi) + j (ai br + ar bi), as a·dup(br) + swap(a)·dup(bi)·(−1, +1). */
    static void complexMultiply(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector va = FloatVector.fromArray(S, a, ao + i);
            FloatVector vb = FloatVector.fromArray(S, b, bo + i);
            FloatVector cross = va.rearrange(SWAP_PAIRS).mul(vb.rearrange(DUP_IMAG)).mul(MINUS_RE);
            va.fma(vb.rearrange(DUP_REAL), cross).intoArray(d, dof + i);
        }
        for (; i < n; i += 2) {
            float ar = a[ao + i], ai = a[ao + i + 1], br = b[bo + i], bi = b[bo + i + 1];
            d[dof + i] = Math.fma(ar, br, -(ai * bi)); // as a vector lane does, so bits never depend on the cut
            d[dof + i + 1] = Math.fma(ai, br, ar * bi);
        }
    }

    /** a / b = a·conj(b) / |b|²; a zero divisor gives IEEE infinities/NaN, as float division does. */
    static void complexDivide(float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
        for (int i = 0; i < n; i += 2) {
            float ar = a[ao + i], ai = a[ao + i + 1], br = b[bo + i], bi = b[bo + i + 1];
            float inv = 1f / (br * br + bi * bi);
            d[dof + i] = (ar * br + ai * bi) * inv;
            d[dof + i + 1] = (ai * br - ar * bi) * inv;
        }
    }

    /** d = a · k (real k). */
    static void scale(float[] a, int ao, float[] d, int dof, int n, float k) {
        FloatVector vk = FloatVector.broadcast(S, k);
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).mul(vk).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] * k;
        }
    }

    /** d = a · (kr + j ki) over interleaved complex a: a·kr + swap(a)·(−ki, +ki). */
    static void complexScale(float[] a, int ao, float[] d, int dof, int n, float kr, float ki) {
        FloatVector vr = FloatVector.broadcast(S, kr);
        FloatVector vi = FloatVector.broadcast(S, ki).mul(MINUS_RE);
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector va = FloatVector.fromArray(S, a, ao + i);
            va.rearrange(SWAP_PAIRS).fma(vi, va.mul(vr)).intoArray(d, dof + i);
        }
        for (; i < n; i += 2) {
            float ar = a[ao + i], ai = a[ao + i + 1];
            d[dof + i] = Math.fma(ai, -ki, ar * kr); // as a vector lane does
            d[dof + i + 1] = Math.fma(ar, ki, ai * kr);
        }
    }

    /** d = a + (even, odd, even, odd, …): a real constant (even == odd) or an interleaved complex one. */
    static void addPair(float[] a, int ao, float[] d, int dof, int n, float even, float odd) {
        FloatVector vc = FloatVector.fromArray(S, pattern(even, odd), 0);
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).add(vc).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] + ((i & 1) == 0 ? even : odd);
        }
    }

    /** d = a · (even, odd, even, odd, …): conjugation is (1, −1). */
    static void multiplyPair(float[] a, int ao, float[] d, int dof, int n, float even, float odd) {
        FloatVector vc = FloatVector.fromArray(S, pattern(even, odd), 0);
        int i = 0;
        for (int bound = S.loopBound(n); i < bound; i += L) {
            FloatVector.fromArray(S, a, ao + i).mul(vc).intoArray(d, dof + i);
        }
        for (; i < n; i++) {
            d[dof + i] = a[ao + i] * ((i & 1) == 0 ? even : odd);
        }
    }
}
