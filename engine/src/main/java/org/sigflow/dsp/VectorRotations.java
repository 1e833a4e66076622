package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API inner loop of {@link Rotator}: for one block of samples, phasors {@code p = base * t[i]} and
 * outputs {@code y = x * p}, both interleaved complex multiplies done as {@code a * dup(re b) + swap(a) * dup(im b)
 * * (-1, +1)} on whole vectors of (re, im) pairs.
 */
final class VectorRotations {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(S, i -> i ^ 1);
    private static final VectorShuffle<Float> DUP_RE = VectorShuffle.fromOp(S, i -> i & ~1);
    private static final VectorShuffle<Float> DUP_IM = VectorShuffle.fromOp(S, i -> i | 1);
    private static final FloatVector MINUS_RE = FloatVector.zero(S).add(1f)
            .blend(-1f, jdk.incubator.vector.VectorMask.fromLong(S, 0x5555_5555_5555_5555L));

    private VectorRotations() {}

    /**
     * Rotates {@code m} complex samples: {@code y[i] = x[i] * (br + j bi) * t[tOff/2 + i]}, {@code t} interleaved.
     * Returns how many samples it did (a multiple of the vector's pairs); the caller finishes the rest.
     */
    static int rotate(float[] x, int xOff, float[] y, int yOff, int m, float[] t, int tOff, float br, float bi) {
        FloatVector vbr = FloatVector.broadcast(S, br);
        FloatVector vbiSigned = MINUS_RE.mul(bi);
        int nf = 2 * m - (2 * m) % L;
        for (int j = 0; j < nf; j += L) {
            FloatVector tv = FloatVector.fromArray(S, t, tOff + j);
            FloatVector p = tv.rearrange(SWAP_PAIRS).mul(vbiSigned).add(tv.mul(vbr));
            FloatVector xv = FloatVector.fromArray(S, x, xOff + j);
            FloatVector cross = xv.rearrange(SWAP_PAIRS).mul(p.rearrange(DUP_IM)).mul(MINUS_RE);
            xv.fma(p.rearrange(DUP_RE), cross).intoArray(y, yOff + j);
        }
        return nf / 2;
    }

    /** One sample as a vector lane pair computes it (same operations, same rounding): the scalar tail. */
    static void rotateOne(float[] x, int xi, float[] y, int yi, float[] t, int ti, float br, float bi) {
        float tr = t[ti], tim = t[ti + 1];
        float pr = tim * -bi + tr * br;
        float pi = tr * bi + tim * br;
        float xr = x[xi], xim = x[xi + 1];
        y[yi] = Math.fma(xr, pr, -(xim * pi));
        y[yi + 1] = Math.fma(xim, pr, xr * pi);
    }
}
