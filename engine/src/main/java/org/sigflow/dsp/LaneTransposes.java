package org.sigflow.dsp;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The copies between interleaved complex frames and {@link LaneButterflies}' split lane scratch (one frame per lane)
 * as in-register transposes, each complex pair moved as one 64-bit element through two-vector permutes
 * ({@code selectFrom(v1, v2)}: one {@code vpermt2} each on AVX-512): 4 complex values of 8 frames at a time with
 * 256-bit lanes, 8 of 16 frames with 512-bit ones.
 * Pure copies (and the window's one multiply on the way in), so the results are bit for bit those of the gathering
 * copy-in and the scalar copy-out, in a third of their time (FrameFftBench; docs/performance.md, "CPU FFT against
 * FFTW").
 * On by default where the JVM's preferred vector is 512 bits (AVX-512, where the permutes are single instructions);
 * {@code -Dsigflow.fft.transpose=false} keeps the old copies, {@code =true} forces these.
 */
final class LaneTransposes {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_256;
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_256;
    /** Frames per transpose: the lanes of a 256-bit float vector (or {@link #L16} of a 512-bit one). */
    static final int L = 8;
    static final int L16 = 16;
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
    private static final FloatVector ZERO = FloatVector.zero(S);

    private LaneTransposes() {}

    static boolean enabled(String property) {
        return switch (property) {
            case "false" -> false;
            case "true" -> lanesFit();
            default -> lanesFit() && FloatVector.SPECIES_PREFERRED.vectorBitSize() >= 512;
        };
    }

    private static boolean lanesFit() {
        return LaneButterflies.L == L || LaneButterflies.L == L16;
    }

    /** Whether frames of {@code n} complex points can go through these copies (whole groups of L/2 points). */
    static boolean supports(int n) {
        return lanesFit() && n % (LaneButterflies.L / 2) == 0;
    }

    private static DoubleVector indexes(double... i) {
        return DoubleVector.fromArray(D, i, 0);
    }

    /** Whether real frames of {@code n} points can go through {@link #load} (256-bit lanes, whole groups of 8). */
    static boolean supportsReal(int n) {
        return LaneButterflies.L == L && n % 8 == 0;
    }

    /**
     * Copy-in of 8 complex frames: point j of frame f ({@code x[base[f] + 2j]}, {@code base} 8 offsets) times
     * {@code win[j]} to the slot whose lanes start at {@code slotAt[j]} in {@code re}/{@code im}, lane f. For 8 real
     * frames ({@code real}: point j at {@code x[base[f] + j]}) the same transposes move points 2m and 2m+1 as one pair,
     * and the split sends them to their two slots' {@code re}, zeros to their {@code im}.
     */
    static void load(float[] x, int[] base, int[] slotAt, float[] win, float[] re, float[] im, int n, boolean real) {
        int b0 = base[0], b1 = base[1], b2 = base[2], b3 = base[3];
        int b4 = base[4], b5 = base[5], b6 = base[6], b7 = base[7];
        int pairs = real ? n / 2 : n;
        for (int j = 0; j < pairs; j += 4) {
            int o = 2 * j;
            DoubleVector a0 = pairs(x, b0 + o), a1 = pairs(x, b1 + o), a2 = pairs(x, b2 + o), a3 = pairs(x, b3 + o);
            DoubleVector x0 = P0426.selectFrom(a0, a1), x1 = P1537.selectFrom(a0, a1);
            DoubleVector x2 = P0426.selectFrom(a2, a3), x3 = P1537.selectFrom(a2, a3);
            DoubleVector c0 = pairs(x, b4 + o), c1 = pairs(x, b5 + o), c2 = pairs(x, b6 + o), c3 = pairs(x, b7 + o);
            DoubleVector y0 = P0426.selectFrom(c0, c1), y1 = P1537.selectFrom(c0, c1);
            DoubleVector y2 = P0426.selectFrom(c2, c3), y3 = P1537.selectFrom(c2, c3);
            // point j+i of frames 0-3 (lo) and 4-7 (hi), as (re, im) pairs
            split(P0145.selectFrom(x0, x2), P0145.selectFrom(y0, y2), j, win, re, im, slotAt, real);
            split(P0145.selectFrom(x1, x3), P0145.selectFrom(y1, y3), j + 1, win, re, im, slotAt, real);
            split(P2367.selectFrom(x0, x2), P2367.selectFrom(y0, y2), j + 2, win, re, im, slotAt, real);
            split(P2367.selectFrom(x1, x3), P2367.selectFrom(y1, y3), j + 3, win, re, im, slotAt, real);
        }
    }

    private static DoubleVector pairs(float[] x, int at) {
        return FloatVector.fromArray(S, x, at).reinterpretAsDoubles();
    }

    /** Pair p of frames 0-3 ({@code lo}) and 4-7 ({@code hi}) into the scratch, times the window. */
    private static void split(DoubleVector lo, DoubleVector hi, int p, float[] win, float[] re, float[] im,
                              int[] slotAt, boolean real) {
        FloatVector l = lo.reinterpretAsFloats(), h = hi.reinterpretAsFloats();
        FloatVector first = EVEN.selectFrom(l, h), second = ODD.selectFrom(l, h);
        if (real) {
            int s0 = slotAt[2 * p], s1 = slotAt[2 * p + 1];
            first.mul(FloatVector.broadcast(S, win[2 * p])).intoArray(re, s0);
            second.mul(FloatVector.broadcast(S, win[2 * p + 1])).intoArray(re, s1);
            ZERO.intoArray(im, s0);
            ZERO.intoArray(im, s1);
        } else {
            FloatVector w = FloatVector.broadcast(S, win[p]);
            first.mul(w).intoArray(re, slotAt[p]);
            second.mul(w).intoArray(im, slotAt[p]);
        }
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

    /** The last transpose round for two inputs: {@code first} of (a, b) to {@code y[at]}, {@code second} to {@code y[at2]}. */
    private static void putPair(DoubleVector first, DoubleVector second, DoubleVector a, DoubleVector b, float[] y,
                                int at, int at2) {
        first.selectFrom(a, b).reinterpretAsFloats().intoArray(y, at);
        second.selectFrom(a, b).reinterpretAsFloats().intoArray(y, at2);
    }

    private static DoubleVector zip(FloatVector which, FloatVector r, FloatVector i) {
        return which.selectFrom(r, i).reinterpretAsDoubles();
    }

    /** a_i: 4 frames' values of bin q+i; writes frame f's bins q..q+3 to {@code y[o + f * stride]}. */
    private static void transpose4(DoubleVector a0, DoubleVector a1, DoubleVector a2, DoubleVector a3, float[] y,
                                   int o, int stride) {
        DoubleVector x0 = P0426.selectFrom(a0, a1), x1 = P1537.selectFrom(a0, a1);
        DoubleVector x2 = P0426.selectFrom(a2, a3), x3 = P1537.selectFrom(a2, a3);
        putPair(P0145, P2367, x0, x2, y, o, o + 2 * stride);
        putPair(P0145, P2367, x1, x3, y, o + stride, o + 3 * stride);
    }

    // 512-bit lanes (16 frames): 8x8 transposes of complex pairs in three rounds of two-vector permutes
    private static final VectorSpecies<Float> S16 = FloatVector.SPECIES_512;
    private static final VectorSpecies<Double> D8 = DoubleVector.SPECIES_512;
    private static final DoubleVector R1A = indexes8(0, 8, 2, 10, 4, 12, 6, 14);
    private static final DoubleVector R1B = indexes8(1, 9, 3, 11, 5, 13, 7, 15);
    private static final DoubleVector R2A = indexes8(0, 1, 8, 9, 4, 5, 12, 13);
    private static final DoubleVector R2B = indexes8(2, 3, 10, 11, 6, 7, 14, 15);
    private static final DoubleVector R3A = indexes8(0, 1, 2, 3, 8, 9, 10, 11);
    private static final DoubleVector R3B = indexes8(4, 5, 6, 7, 12, 13, 14, 15);
    private static final FloatVector ZIP16_LO = floats16(i -> (i & 1) == 0 ? i / 2 : 16 + i / 2);
    private static final FloatVector ZIP16_HI = floats16(i -> (i & 1) == 0 ? 8 + i / 2 : 24 + i / 2);
    private static final FloatVector EVEN16 = floats16(i -> 2 * i);
    private static final FloatVector ODD16 = floats16(i -> 2 * i + 1);

    private static DoubleVector indexes8(double... i) {
        return DoubleVector.fromArray(D8, i, 0);
    }

    private static FloatVector floats16(java.util.function.IntUnaryOperator f) {
        float[] v = new float[16];
        for (int i = 0; i < 16; i++) {
            v[i] = f.applyAsInt(i);
        }
        return FloatVector.fromArray(S16, v, 0);
    }

    /**
     * Transposes 8 rows of 8 complex pairs (row r: 16 floats at {@code x[at[r]]}) into {@code t}: column c (the c-th
     * pair of every row, row order) as 16 floats at {@code t[to + c * step]}.
     */
    private static void transpose8(float[] x, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                                   float[] t, int to, int step) {
        DoubleVector v0 = pairs16(x, a0), v1 = pairs16(x, a1), v2 = pairs16(x, a2), v3 = pairs16(x, a3);
        DoubleVector v4 = pairs16(x, a4), v5 = pairs16(x, a5), v6 = pairs16(x, a6), v7 = pairs16(x, a7);
        DoubleVector x0 = R1A.selectFrom(v0, v1), x1 = R1B.selectFrom(v0, v1);
        DoubleVector x2 = R1A.selectFrom(v2, v3), x3 = R1B.selectFrom(v2, v3);
        DoubleVector x4 = R1A.selectFrom(v4, v5), x5 = R1B.selectFrom(v4, v5);
        DoubleVector x6 = R1A.selectFrom(v6, v7), x7 = R1B.selectFrom(v6, v7);
        // y0: columns 0 and 4 of rows 0-3, y1: 1 and 5, y2: 2 and 6, y3: 3 and 7; y4-y7 the same of rows 4-7
        DoubleVector y0 = R2A.selectFrom(x0, x2), y2 = R2B.selectFrom(x0, x2);
        DoubleVector y1 = R2A.selectFrom(x1, x3), y3 = R2B.selectFrom(x1, x3);
        DoubleVector y4 = R2A.selectFrom(x4, x6), y6 = R2B.selectFrom(x4, x6);
        DoubleVector y5 = R2A.selectFrom(x5, x7), y7 = R2B.selectFrom(x5, x7);
        putPair(R3A, R3B, y0, y4, t, to, to + 4 * step);
        putPair(R3A, R3B, y1, y5, t, to + step, to + 5 * step);
        putPair(R3A, R3B, y2, y6, t, to + 2 * step, to + 6 * step);
        putPair(R3A, R3B, y3, y7, t, to + 3 * step, to + 7 * step);
    }

    private static DoubleVector pairs16(float[] x, int at) {
        return FloatVector.fromArray(S16, x, at).reinterpretAsDoubles();
    }

    /** {@link #load} for 16 frames ({@code base} 16 offsets); {@code t} holds 256 floats. */
    static void load16(float[] x, int[] base, int[] slotAt, float[] win, float[] re, float[] im, int n, float[] t) {
        for (int j = 0; j < n; j += 8) {
            int o = 2 * j;
            transpose8(x, base[0] + o, base[1] + o, base[2] + o, base[3] + o, base[4] + o, base[5] + o,
                    base[6] + o, base[7] + o, t, 0, 16);
            transpose8(x, base[8] + o, base[9] + o, base[10] + o, base[11] + o, base[12] + o, base[13] + o,
                    base[14] + o, base[15] + o, t, 128, 16);
            for (int c = 0; c < 8; c++) {
                FloatVector lo = FloatVector.fromArray(S16, t, 16 * c), hi = FloatVector.fromArray(S16, t, 128 + 16 * c);
                FloatVector w = FloatVector.broadcast(S16, win[j + c]);
                EVEN16.selectFrom(lo, hi).mul(w).intoArray(re, slotAt[j + c]);
                ODD16.selectFrom(lo, hi).mul(w).intoArray(im, slotAt[j + c]);
            }
        }
    }

    /** {@link #store} for 16 whole frames; {@code t} holds 256 floats. */
    static void store16(float[] re, float[] im, int[] slotAt, float[] y, int yo, int stride, int n, float[] t) {
        for (int q = 0; q < n; q += 8) {
            for (int c = 0; c < 8; c++) {
                FloatVector r = FloatVector.fromArray(S16, re, slotAt[q + c]);
                FloatVector i = FloatVector.fromArray(S16, im, slotAt[q + c]);
                ZIP16_LO.selectFrom(r, i).intoArray(t, 16 * c);
                ZIP16_HI.selectFrom(r, i).intoArray(t, 128 + 16 * c);
            }
            int o = yo + 2 * q;
            transpose8(t, 0, 16, 32, 48, 64, 80, 96, 112, y, o, stride);
            transpose8(t, 128, 144, 160, 176, 192, 208, 224, 240, y, o + 8 * stride, stride);
        }
    }
}
