package org.sigflow.dsp;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The copies between interleaved complex frames and {@link LaneButterflies}' split lane scratch (8 frames, one per
 * 256-bit lane) as in-register transposes: 4 complex values of 8 frames at a time, each complex pair moved as one
 * 64-bit element through two-vector permutes ({@code selectFrom(v1, v2)}: one {@code vpermt2} each on AVX-512).
 * Pure copies (and the window's one multiply on the way in), so the results are bit for bit those of the gathering
 * copy-in and the scalar copy-out; measured 2.5-4.5x faster than them (docs/performance.md, "CPU FFT against FFTW").
 * On by default where the JVM's preferred vector is 512 bits (AVX-512, where the permutes are single instructions);
 * {@code -Dsigflow.fft.transpose=false} keeps the old copies, {@code =true} forces these.
 */
final class LaneTransposes {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_256;
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_256;
    /** Frames per transpose: the lanes of a 256-bit float vector. */
    static final int L = 8;
    static final boolean ENABLED = enabled(System.getProperty("sigflow.fft.transpose", "auto"));

    // complex pairs as doubles: (a0 b0 a2 b2), (a1 b1 a3 b3), then (x0 x1 y0 y1), (x2 x3 y2 y3) = 4x4 transpose
    private static final DoubleVector P0426 = indexes(0, 4, 2, 6);
    private static final DoubleVector P1537 = indexes(1, 5, 3, 7);
    private static final DoubleVector P0145 = indexes(0, 1, 4, 5);
    private static final DoubleVector P2367 = indexes(2, 3, 6, 7);
    // floats: zip of re and im lanes 0-3 / 4-7; even and odd floats of two vectors (split into re and im)
    private static final FloatVector ZIP_LO = FloatVector.fromArray(S, new float[] {0, 8, 1, 9, 2, 10, 3, 11}, 0);
    private static final FloatVector ZIP_HI = FloatVector.fromArray(S, new float[] {4, 12, 5, 13, 6, 14, 7, 15}, 0);
    private static final FloatVector EVEN = FloatVector.fromArray(S, new float[] {0, 2, 4, 6, 8, 10, 12, 14}, 0);
    private static final FloatVector ODD = FloatVector.fromArray(S, new float[] {1, 3, 5, 7, 9, 11, 13, 15}, 0);

    private LaneTransposes() {}

    static boolean enabled(String property) {
        return switch (property) {
            case "false" -> false;
            case "true" -> LaneButterflies.L == L;
            default -> LaneButterflies.L == L && FloatVector.SPECIES_PREFERRED.vectorBitSize() >= 512;
        };
    }

    /** Whether frames of {@code n} complex points can go through these copies (whole groups of 4 points). */
    static boolean supports(int n) {
        return n % 4 == 0 && LaneButterflies.L == L;
    }

    private static DoubleVector indexes(double... i) {
        return DoubleVector.fromArray(D, i, 0);
    }

    /**
     * Copy-in of 8 complex frames: point j of frame f ({@code x[base[f] + 2j]}, {@code base} 8 offsets) times
     * {@code win[j]} to the slot whose lanes start at {@code slotAt[j]} in {@code re}/{@code im}, lane f.
     */
    static void load(float[] x, int[] base, int[] slotAt, float[] win, float[] re, float[] im, int n) {
        int b0 = base[0], b1 = base[1], b2 = base[2], b3 = base[3];
        int b4 = base[4], b5 = base[5], b6 = base[6], b7 = base[7];
        for (int j = 0; j < n; j += 4) {
            int o = 2 * j;
            DoubleVector a0 = pairs(x, b0 + o), a1 = pairs(x, b1 + o), a2 = pairs(x, b2 + o), a3 = pairs(x, b3 + o);
            DoubleVector x0 = P0426.selectFrom(a0, a1), x1 = P1537.selectFrom(a0, a1);
            DoubleVector x2 = P0426.selectFrom(a2, a3), x3 = P1537.selectFrom(a2, a3);
            DoubleVector c0 = pairs(x, b4 + o), c1 = pairs(x, b5 + o), c2 = pairs(x, b6 + o), c3 = pairs(x, b7 + o);
            DoubleVector y0 = P0426.selectFrom(c0, c1), y1 = P1537.selectFrom(c0, c1);
            DoubleVector y2 = P0426.selectFrom(c2, c3), y3 = P1537.selectFrom(c2, c3);
            // point j+i of frames 0-3 (lo) and 4-7 (hi), as (re, im) pairs
            split(P0145.selectFrom(x0, x2), P0145.selectFrom(y0, y2), win[j], re, im, slotAt[j]);
            split(P0145.selectFrom(x1, x3), P0145.selectFrom(y1, y3), win[j + 1], re, im, slotAt[j + 1]);
            split(P2367.selectFrom(x0, x2), P2367.selectFrom(y0, y2), win[j + 2], re, im, slotAt[j + 2]);
            split(P2367.selectFrom(x1, x3), P2367.selectFrom(y1, y3), win[j + 3], re, im, slotAt[j + 3]);
        }
    }

    private static DoubleVector pairs(float[] x, int at) {
        return FloatVector.fromArray(S, x, at).reinterpretAsDoubles();
    }

    private static void split(DoubleVector lo, DoubleVector hi, float w, float[] re, float[] im, int at) {
        FloatVector l = lo.reinterpretAsFloats(), h = hi.reinterpretAsFloats();
        FloatVector wv = FloatVector.broadcast(S, w);
        EVEN.selectFrom(l, h).mul(wv).intoArray(re, at);
        ODD.selectFrom(l, h).mul(wv).intoArray(im, at);
    }

    /**
     * Copy-out of 8 whole frames: bin q of frame f ({@code y[yo + f * stride + 2q]}) from the slot whose lanes start
     * at {@code slotAt[q]}, lane f.
     */
    static void store(float[] re, float[] im, int[] slotAt, float[] y, int yo, int stride, int n) {
        for (int q = 0; q < n; q += 4) {
            int p0 = slotAt[q], p1 = slotAt[q + 1], p2 = slotAt[q + 2], p3 = slotAt[q + 3];
            FloatVector r0 = FloatVector.fromArray(S, re, p0), i0 = FloatVector.fromArray(S, im, p0);
            FloatVector r1 = FloatVector.fromArray(S, re, p1), i1 = FloatVector.fromArray(S, im, p1);
            FloatVector r2 = FloatVector.fromArray(S, re, p2), i2 = FloatVector.fromArray(S, im, p2);
            FloatVector r3 = FloatVector.fromArray(S, re, p3), i3 = FloatVector.fromArray(S, im, p3);
            int o = yo + 2 * q;
            transpose4(zip(ZIP_LO, r0, i0), zip(ZIP_LO, r1, i1), zip(ZIP_LO, r2, i2), zip(ZIP_LO, r3, i3), y, o, stride);
            transpose4(zip(ZIP_HI, r0, i0), zip(ZIP_HI, r1, i1), zip(ZIP_HI, r2, i2), zip(ZIP_HI, r3, i3), y,
                    o + 4 * stride, stride);
        }
    }

    private static DoubleVector zip(FloatVector which, FloatVector r, FloatVector i) {
        return which.selectFrom(r, i).reinterpretAsDoubles();
    }

    /** a_i: 4 frames' values of bin q+i; writes frame f's bins q..q+3 to {@code y[o + f * stride]}. */
    private static void transpose4(DoubleVector a0, DoubleVector a1, DoubleVector a2, DoubleVector a3, float[] y,
                                   int o, int stride) {
        DoubleVector x0 = P0426.selectFrom(a0, a1), x1 = P1537.selectFrom(a0, a1);
        DoubleVector x2 = P0426.selectFrom(a2, a3), x3 = P1537.selectFrom(a2, a3);
        P0145.selectFrom(x0, x2).reinterpretAsFloats().intoArray(y, o);
        P0145.selectFrom(x1, x3).reinterpretAsFloats().intoArray(y, o + stride);
        P2367.selectFrom(x0, x2).reinterpretAsFloats().intoArray(y, o + 2 * stride);
        P2367.selectFrom(x1, x3).reinterpretAsFloats().intoArray(y, o + 3 * stride);
    }
}
