package org.sigflow.blocks.digital;

import org.sigflow.runtime.BlockSetup;

/**
 * GNU Radio's constellation objects ({@code gr::digital::constellation}): the points in GNU Radio's order, the
 * pre-differential code (symbol map) and whether the modulator applies it, and the decision maker of each kind:
 * the nearest point for {@code calcdist} (first of equals wins), the slicers of the BPSK, QPSK, DQPSK, 8PSK and
 * 16QAM objects. The preset points are GNU Radio's float32 values (its 8PSK points are {@code cosf}/{@code sinf} of
 * multiples of a float pi/8, so not exactly symmetric). A calcdist constellation is normalised in float32 as GNU
 * Radio's constructor does (amplitude: mean |p| = 1; power: mean |p|^2 = 1).
 */
public final class Constellation {
    enum Kind { CALCDIST, BPSK, QPSK, DQPSK, PSK8, QAM16 }

    private static final float S2 = 1.4142135381698608f; // GNU Radio's GR_M_SQRT2 as float
    private static final float C1 = 0.9238795042037964f;
    private static final float S1 = 0.3826834559440613f;
    /** constellation_8psk(): cos/sin of 1, 7, 15, 9, 3, 5, 13, 11 times pi/8, as GNU Radio computes them in float. */
    private static final float[] PSK8 = {C1, S1, -0.9238796234130859f, 0.38268327713012695f,
        0.9238795638084412f, -0.3826834261417389f, -C1, -0.3826834261417389f,
        0.3826834261417389f, C1, -0.38268351554870605f, C1,
        0.3826836049556732f, -0.9238794445991516f, -0.382683128118515f, -0.9238796830177307f};
    private static final float L = (float) Math.sqrt(0.1f);
    private static final float L3 = 3 * L;
    private static final float[] QAM16 = {L, -L, -L, -L, L3, -L3, -L3, -L3, -L3, -L, L3, -L, -L, -L3, L, -L3,
        -L3, L3, L3, L3, -L, L, L, L, L, L3, -L, L3, L3, L, -L3, L};

    final Kind kind;
    /** Interleaved (re, im), dims points per symbol value. */
    final float[] points;
    final int[] preDiffCode;
    final boolean applyPreDiffCode;
    final int dims;

    private Constellation(Kind kind, float[] points, int[] preDiffCode, boolean apply, int dims) {
        this.kind = kind;
        this.points = points;
        this.preDiffCode = preDiffCode;
        this.applyPreDiffCode = apply;
        this.dims = dims;
    }

    static Constellation of(Kind kind) {
        return switch (kind) {
            case BPSK -> new Constellation(kind, new float[] {-1, 0, 1, 0}, new int[0], false, 1);
            case QPSK -> new Constellation(kind, new float[] {-S2, -S2, S2, -S2, -S2, S2, S2, S2},
                    new int[] {0, 2, 3, 1}, false, 1);
            case DQPSK -> new Constellation(kind, new float[] {S2, S2, -S2, S2, -S2, -S2, S2, -S2},
                    new int[] {0, 1, 3, 2}, true, 1);
            case PSK8 -> new Constellation(kind, PSK8.clone(), new int[0], false, 1);
            case QAM16 -> new Constellation(kind, QAM16.clone(), new int[0], false, 1);
            case CALCDIST -> throw new IllegalArgumentException("a calcdist constellation needs its points");
        };
    }

    /**
     * The interleaved (re, im) points and the pre-differential code of GNU Radio's preset {@code name}
     * ({@code bpsk}, {@code qpsk}, {@code dqpsk}, {@code 8psk}, {@code 16qam}), or null for another name.
     */
    public static float[][] preset(String name) {
        for (Kind k : Kind.values()) {
            if (k != Kind.CALCDIST && k.name().equalsIgnoreCase(name.equals("8psk") ? "psk8" : name.equals("16qam")
                    ? "qam16" : name)) {
                Constellation c = of(k);
                float[] code = new float[c.preDiffCode.length];
                for (int i = 0; i < code.length; i++) {
                    code[i] = c.preDiffCode[i];
                }
                return new float[][] {c.points.clone(), code};
            }
        }
        return null;
    }

    /** constellation_calcdist(points, pre_diff_code, rot_sym, dims, normalization). */
    static Constellation calcdist(float[] points, int[] preDiffCode, int dims, String normalization, String name) {
        int size = points.length / 2;
        if (size == 0 || dims < 1 || size % dims != 0) {
            throw new IllegalArgumentException(name + ": the constellation needs points, a multiple of the "
                    + "dimensionality " + dims);
        }
        if (preDiffCode.length != 0 && preDiffCode.length != size) {
            throw new IllegalArgumentException(name + ": the symbol map has " + preDiffCode.length + " entries for "
                    + size + " points; it must have one per point (or none)");
        }
        return new Constellation(Kind.CALCDIST, normalized(points, normalization), preDiffCode, preDiffCode.length != 0,
                dims);
    }

    /**
     * Interleaved (re, im) points scaled as GNU Radio's calcdist constructor does in float32 ({@code power}: mean
     * power 1; {@code amplitude}: mean magnitude 1; {@code none}).
     */
    public static float[] normalized(float[] points, String normalization) {
        int size = points.length / 2;
        float[] p = points.clone();
        float scale = 1f;
        if (normalization.equals("power")) {
            float sum = 0f;
            for (int i = 0; i < size; i++) {
                sum += p[2 * i] * p[2 * i] + p[2 * i + 1] * p[2 * i + 1];
            }
            scale = (float) Math.sqrt(size / sum);
        } else if (normalization.equals("amplitude")) {
            float sum = 0f;
            for (int i = 0; i < size; i++) {
                sum += (float) Math.hypot(p[2 * i], p[2 * i + 1]);
            }
            scale = size / sum;
        }
        for (int i = 0; i < p.length; i++) {
            p[i] *= scale;
        }
        return p;
    }

    /** The block's constellation params: {@code constellation}, {@code points}, {@code symbol_map}, … */
    static Constellation from(BlockSetup s, String name) {
        String kind = s.string("constellation");
        if (kind.equals("calcdist")) {
            float[] map = s.reals("symbol_map");
            int[] code = new int[map.length];
            for (int i = 0; i < map.length; i++) {
                code[i] = (int) map[i];
                if (code[i] < 0 || code[i] != map[i]) {
                    throw new IllegalArgumentException(name + ": symbol map entry " + map[i] + " is not a symbol "
                            + "value (an integer >= 0)");
                }
            }
            return calcdist(s.complexes("points"), code, s.integer("dimensionality"), s.string("normalization"),
                    name);
        }
        return of(switch (kind) {
            case "bpsk" -> Kind.BPSK;
            case "qpsk" -> Kind.QPSK;
            case "dqpsk" -> Kind.DQPSK;
            case "8psk" -> Kind.PSK8;
            case "16qam" -> Kind.QAM16;
            default -> throw new IllegalArgumentException(name + ": unknown constellation '" + kind + "'");
        });
    }

    /** The CUDA twin's view: its decision maker (Kind's ordinal: 0 nearest point, 1 BPSK … 5 16QAM). */
    public int decisionMaker() {
        return kind.ordinal();
    }

    /** The CUDA twin's view: the interleaved (re, im) points (a copy), dimensionality per symbol value. */
    public float[] pointsCopy() {
        return points.clone();
    }

    public int dimensionality() {
        return dims;
    }

    /** The constellation of a decoder's params, checked as the CPU block does ({@code name} starts messages). */
    public static Constellation ofParams(BlockSetup s, String name) {
        return from(s, name);
    }

    /**
     * GNU Radio's {@code map_to_points(decision_maker(x))} of a one-dimensional constellation: the decided point
     * written to {@code out[0..1]}.
     */
    public void slice(float[] x, int off, float[] out) {
        int d = decide(x, off);
        out[0] = points[2 * d * dims];
        out[1] = points[2 * d * dims + 1];
    }

    /** Symbol values (points / dims). */
    int arity() {
        return points.length / 2 / dims;
    }

    /** GNU Radio's bits_per_symbol(): floor(log2(points) / dims). */
    int bitsPerSymbol() {
        return (int) Math.floor(Math.log(points.length / 2.0) / dims / Math.log(2.0));
    }

    /** The decision for the dims complex samples at {@code x[off]} (interleaved). */
    int decide(float[] x, int off) {
        float re = x[off];
        float im = x[off + 1];
        return switch (kind) {
            case BPSK -> re > 0 ? 1 : 0;
            case QPSK -> 2 * (im > 0 ? 1 : 0) + (re > 0 ? 1 : 0);
            case DQPSK -> re > 0 ? (im > 0 ? 0 : 3) : (im > 0 ? 1 : 2);
            case PSK8 -> (Math.abs(re) <= Math.abs(im) ? 4 : 0) | (re <= 0 ? 1 : 0) | (im <= 0 ? 2 : 0);
            case QAM16 -> qam16(re, im);
            case CALCDIST -> nearest(x, off);
        };
    }

    private int nearest(float[] x, int off) {
        int best = 0;
        float bestDist = distance(0, x, off);
        for (int j = 1; j < arity(); j++) {
            float d = distance(j, x, off);
            if (d < bestDist) {
                bestDist = d;
                best = j;
            }
        }
        return best;
    }

    private float distance(int index, float[] x, int off) {
        float dist = 0f;
        for (int i = 0; i < dims; i++) {
            float dr = x[off + 2 * i] - points[2 * (index * dims + i)];
            float di = x[off + 2 * i + 1] - points[2 * (index * dims + i) + 1];
            dist += dr * dr + di * di;
        }
        return dist;
    }

    /** constellation_16qam::decision_maker: GNU Radio's region tests, in its order. */
    private static int qam16(float re, float im) {
        float l2 = 2 * L;
        boolean imLow = im <= 0 && im >= -l2;     // -2l <= im <= 0
        boolean imHigh = im >= 0 && im <= l2;     // 0 <= im <= 2l
        boolean rePos = re >= 0 && re <= l2;
        boolean reNeg = re <= 0 && re >= -l2;
        if (imLow && rePos) {
            return 0;
        } else if (imLow && reNeg) {
            return 1;
        } else if (im <= -l2 && re >= l2) {
            return 2;
        } else if (im <= -l2 && re <= -l2) {
            return 3;
        } else if (imLow && re <= -l2) {
            return 4;
        } else if (imLow && re >= l2) {
            return 5;
        } else if (im <= -l2 && reNeg) {
            return 6;
        } else if (im <= -l2 && rePos) {
            return 7;
        } else if (im >= l2 && re <= -l2) {
            return 8;
        } else if (im >= l2 && re >= l2) {
            return 9;
        } else if (imHigh && reNeg) {
            return 10;
        } else if (imHigh && rePos) {
            return 11;
        } else if (im >= l2 && rePos) {
            return 12;
        } else if (im >= l2 && reNeg) {
            return 13;
        } else if (imHigh && re >= l2) {
            return 14;
        } else if (imHigh && re <= -l2) {
            return 15;
        }
        return 0;
    }
}
