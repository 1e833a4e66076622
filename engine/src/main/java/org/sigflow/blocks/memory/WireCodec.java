package org.sigflow.blocks.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import org.sigflow.dsp.Simd;

/**
 * Float ↔ wire-format conversion of one span on the host, vectorised (Vector API) with a scalar twin that gives the
 * same bits. Fixed-point formats round half away from zero after clipping to ±1 ({@code q = (int)(s ± 0.5)}, the
 * same float operations in both twins). Each call adds the span's signal energy and, when packing, the error
 * energy it made to {@code energy[0]} and {@code energy[1]} (the node's SNR figure), summed per block of
 * {@value #BLOCK} elements in float and then in double.
 */
final class WireCodec {
    static final int BLOCK = 4096;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    /** Vector API with lanes for shorts and bytes of the same count (a byte vector needs at least 64 bits). */
    static final boolean VECTOR = Simd.ENABLED && FloatVector.SPECIES_PREFERRED.length() >= 8;

    private WireCodec() {}

    static float scale(WireFormat w) {
        return w == WireFormat.INT16 ? 32767f : 127f;
    }

    /** The scalar fixed-point quantiser both twins implement. */
    static int quantise(float v, float scale) {
        float s = Math.max(-1f, Math.min(1f, v)) * scale;
        return (int) (s + (s < 0 ? -0.5f : 0.5f));
    }

    /** Packs {@code x[off, off+n)} into {@code dst} from wire element {@code at}. */
    static void pack(WireFormat w, float[] x, int off, int n, MemorySegment dst, long at, double[] energy,
            boolean vector) {
        switch (w) {
            case FP32 -> MemorySegment.copy(x, off, dst, FLOAT, at * 4, n);
            case FP16 -> Fp16.pack(x, off, n, dst, at, energy);
            case INT16, INT8 -> {
                if (vector && VECTOR) {
                    Vec.packFixed(w, x, off, n, dst, at, energy);
                } else {
                    packFixedScalar(w, x, off, n, dst, at, energy);
                }
            }
        }
    }

    /** Unpacks {@code n} wire elements from {@code at} into {@code x[off, off+n)}. */
    static void unpack(WireFormat w, MemorySegment src, long at, float[] x, int off, int n, double[] energy,
            boolean vector) {
        switch (w) {
            case FP32 -> MemorySegment.copy(src, FLOAT, at * 4, x, off, n);
            case FP16 -> Fp16.unpack(src, at, x, off, n);
            case INT16, INT8 -> {
                if (vector && VECTOR) {
                    Vec.unpackFixed(w, src, at, x, off, n);
                } else {
                    unpackFixedScalar(w, src, at, x, off, n);
                }
            }
        }
        if (w != WireFormat.FP32) {
            energy[0] += sumSquares(x, off, n, vector);
        }
    }

    /**
     * Packs {@code n} floats of an off-heap ring, from float element {@code off} of {@code src}, into {@code dst} from
     * wire element {@code at}: the same bytes and energies as {@link #pack} from an array holding those floats. The
     * fixed-point formats read the ring with the Vector API in place; fp16 and the scalar twin go through a block of
     * {@value #BLOCK} floats in a thread's own array (the JIT vectorises the F16C loops only over arrays).
     */
    static void pack(WireFormat w, MemorySegment src, long off, int n, MemorySegment dst, long at, double[] energy,
            boolean vector) {
        if (w == WireFormat.FP32) {
            MemorySegment.copy(src, off * 4, dst, at * 4, n * 4L);
        } else if (vector && VECTOR && w != WireFormat.FP16) {
            Vec.packFixed(w, src, off, n, dst, at, energy);
        } else {
            float[] block = Fp16.FLOATS_IN.get();
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                MemorySegment.copy(src, FLOAT, (off + b) * 4, block, 0, len);
                pack(w, block, 0, len, dst, at + b, energy, vector);
            }
        }
    }

    /**
     * Unpacks {@code n} wire elements from {@code at} into an off-heap ring from float element {@code off}: the same
     * floats and signal energy as {@link #unpack} into an array.
     */
    static void unpack(WireFormat w, MemorySegment src, long at, MemorySegment dst, long off, int n, double[] energy,
            boolean vector) {
        if (w == WireFormat.FP32) {
            MemorySegment.copy(src, at * 4, dst, off * 4, n * 4L);
        } else if (vector && VECTOR && w != WireFormat.FP16) {
            Vec.unpackFixed(w, src, at, dst, off, n, energy);
        } else {
            float[] block = Fp16.FLOATS_IN.get();
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                unpack(w, src, at + b, block, 0, len, energy, vector);
                MemorySegment.copy(block, 0, dst, FLOAT, (off + b) * 4, len);
            }
        }
    }

    static void packFixedScalar(WireFormat w, float[] x, int off, int n, MemorySegment dst, long at, double[] energy) {
        float scale = scale(w);
        float inv = 1f / scale;
        for (int b = 0; b < n; b += BLOCK) {
            float sig = 0;
            float err = 0;
            for (int i = b, end = Math.min(n, b + BLOCK); i < end; i++) {
                float v = x[off + i];
                int q = quantise(v, scale);
                if (w == WireFormat.INT16) {
                    dst.set(SHORT, (at + i) * 2, (short) q);
                } else {
                    dst.set(ValueLayout.JAVA_BYTE, at + i, (byte) q);
                }
                float e = v - q * inv;
                sig += v * v;
                err += e * e;
            }
            energy[0] += sig;
            energy[1] += err;
        }
    }

    static void unpackFixedScalar(WireFormat w, MemorySegment src, long at, float[] x, int off, int n) {
        float inv = 1f / scale(w);
        for (int i = 0; i < n; i++) {
            int q = w == WireFormat.INT16 ? src.get(SHORT, (at + i) * 2) : src.get(ValueLayout.JAVA_BYTE, at + i);
            x[off + i] = q * inv;
        }
    }

    static double sumSquares(float[] x, int off, int n, boolean vector) {
        double total = 0;
        for (int b = 0; b < n; b += BLOCK) {
            int len = Math.min(BLOCK, n - b);
            total += vector && VECTOR ? Vec.sumSquares(x, off + b, len) : scalarSumSquares(x, off + b, len);
        }
        return total;
    }

    private static float scalarSumSquares(float[] x, int off, int n) {
        float s = 0;
        for (int i = 0; i < n; i++) {
            s += x[off + i] * x[off + i];
        }
        return s;
    }

    /** fp16: the JIT turns these plain loops into F16C conversions; the error pass reads the rounded values back. */
    private static final class Fp16 {
        private static final ThreadLocal<short[]> HALVES = ThreadLocal.withInitial(() -> new short[BLOCK]);
        private static final ThreadLocal<float[]> FLOATS = ThreadLocal.withInitial(() -> new float[BLOCK]);
        /** A block of a ring's floats, for the segment twins (not {@link #FLOATS}: pack uses that one inside). */
        static final ThreadLocal<float[]> FLOATS_IN = ThreadLocal.withInitial(() -> new float[BLOCK]);

        static void pack(float[] x, int off, int n, MemorySegment dst, long at, double[] energy) {
            short[] h = HALVES.get();
            float[] r = FLOATS.get();
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                for (int i = 0; i < len; i++) {
                    h[i] = Float.floatToFloat16(x[off + b + i]);
                }
                for (int i = 0; i < len; i++) {
                    r[i] = x[off + b + i] - Float.float16ToFloat(h[i]);
                }
                MemorySegment.copy(h, 0, dst, SHORT, (at + b) * 2, len);
                energy[0] += sumSquares(x, off + b, len, true);
                energy[1] += sumSquares(r, 0, len, true);
            }
        }

        static void unpack(MemorySegment src, long at, float[] x, int off, int n) {
            short[] h = HALVES.get();
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                MemorySegment.copy(src, SHORT, (at + b) * 2, h, 0, len);
                for (int i = 0; i < len; i++) {
                    x[off + b + i] = Float.float16ToFloat(h[i]);
                }
            }
        }
    }

    /** The Vector API twins: float lanes narrowed to shorts or bytes of the same lane count. */
    private static final class Vec {
        private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
        private static final int L = F.length();
        private static final VectorSpecies<Short> S = VECTOR ? VectorSpecies.of(short.class, VectorShape.forBitSize(L * 16)) : null;
        private static final VectorSpecies<Byte> B = VECTOR ? VectorSpecies.of(byte.class, VectorShape.forBitSize(L * 8)) : null;

        static void packFixed(WireFormat w, float[] x, int off, int n, MemorySegment dst, long at, double[] energy) {
            float scale = scale(w);
            float inv = 1f / scale;
            boolean shorts = w == WireFormat.INT16;
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                FloatVector sig = FloatVector.zero(F);
                FloatVector err = FloatVector.zero(F);
                int i = 0;
                for (int bound = F.loopBound(len); i < bound; i += L) {
                    int k = off + b + i;
                    FloatVector v = FloatVector.fromArray(F, x, k);
                    FloatVector s = v.max(-1f).min(1f).mul(scale);
                    FloatVector half = FloatVector.broadcast(F, 0.5f).blend(-0.5f, s.lt(0f));
                    FloatVector t = s.add(half);
                    FloatVector back;
                    if (shorts) {
                        ShortVector q = (ShortVector) t.convertShape(VectorOperators.F2S, S, 0);
                        q.intoMemorySegment(dst, (at + b + i) * 2, NATIVE);
                        back = (FloatVector) q.convertShape(VectorOperators.S2F, F, 0);
                    } else {
                        ByteVector q = (ByteVector) t.convertShape(VectorOperators.F2B, B, 0);
                        q.intoMemorySegment(dst, at + b + i, NATIVE);
                        back = (FloatVector) q.convertShape(VectorOperators.B2F, F, 0);
                    }
                    FloatVector e = v.sub(back.mul(inv));
                    sig = v.fma(v, sig);
                    err = e.fma(e, err);
                }
                float sigTail = 0;
                float errTail = 0;
                for (; i < len; i++) {
                    float v = x[off + b + i];
                    int q = quantise(v, scale);
                    if (shorts) {
                        dst.set(SHORT, (at + b + i) * 2, (short) q);
                    } else {
                        dst.set(ValueLayout.JAVA_BYTE, at + b + i, (byte) q);
                    }
                    float e = v - q * inv;
                    sigTail += v * v;
                    errTail += e * e;
                }
                energy[0] += sig.reduceLanes(VectorOperators.ADD) + sigTail;
                energy[1] += err.reduceLanes(VectorOperators.ADD) + errTail;
            }
        }

        /** {@link #packFixed} reading the floats from an off-heap ring at float element {@code off}. */
        static void packFixed(WireFormat w, MemorySegment x, long off, int n, MemorySegment dst, long at,
                double[] energy) {
            float scale = scale(w);
            float inv = 1f / scale;
            boolean shorts = w == WireFormat.INT16;
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                FloatVector sig = FloatVector.zero(F);
                FloatVector err = FloatVector.zero(F);
                int i = 0;
                for (int bound = F.loopBound(len); i < bound; i += L) {
                    FloatVector v = FloatVector.fromMemorySegment(F, x, (off + b + i) * 4, NATIVE);
                    FloatVector s = v.max(-1f).min(1f).mul(scale);
                    FloatVector half = FloatVector.broadcast(F, 0.5f).blend(-0.5f, s.lt(0f));
                    FloatVector t = s.add(half);
                    FloatVector back;
                    if (shorts) {
                        ShortVector q = (ShortVector) t.convertShape(VectorOperators.F2S, S, 0);
                        q.intoMemorySegment(dst, (at + b + i) * 2, NATIVE);
                        back = (FloatVector) q.convertShape(VectorOperators.S2F, F, 0);
                    } else {
                        ByteVector q = (ByteVector) t.convertShape(VectorOperators.F2B, B, 0);
                        q.intoMemorySegment(dst, at + b + i, NATIVE);
                        back = (FloatVector) q.convertShape(VectorOperators.B2F, F, 0);
                    }
                    FloatVector e = v.sub(back.mul(inv));
                    sig = v.fma(v, sig);
                    err = e.fma(e, err);
                }
                float sigTail = 0;
                float errTail = 0;
                for (; i < len; i++) {
                    float v = x.get(FLOAT, (off + b + i) * 4);
                    int q = quantise(v, scale);
                    if (shorts) {
                        dst.set(SHORT, (at + b + i) * 2, (short) q);
                    } else {
                        dst.set(ValueLayout.JAVA_BYTE, at + b + i, (byte) q);
                    }
                    float e = v - q * inv;
                    sigTail += v * v;
                    errTail += e * e;
                }
                energy[0] += sig.reduceLanes(VectorOperators.ADD) + sigTail;
                energy[1] += err.reduceLanes(VectorOperators.ADD) + errTail;
            }
        }

        /**
         * {@link #unpackFixed} into an off-heap ring at float element {@code off}, adding the signal energy per block
         * as {@link WireCodec#sumSquares} sums it (the same lanes, the same order).
         */
        static void unpackFixed(WireFormat w, MemorySegment src, long at, MemorySegment x, long off, int n,
                double[] energy) {
            float inv = 1f / scale(w);
            boolean shorts = w == WireFormat.INT16;
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                FloatVector acc = FloatVector.zero(F);
                int i = 0;
                for (int bound = F.loopBound(len); i < bound; i += L) {
                    long k = at + b + i;
                    FloatVector v = (shorts
                            ? (FloatVector) ShortVector.fromMemorySegment(S, src, k * 2, NATIVE)
                                    .convertShape(VectorOperators.S2F, F, 0)
                            : (FloatVector) ByteVector.fromMemorySegment(B, src, k, NATIVE)
                                    .convertShape(VectorOperators.B2F, F, 0)).mul(inv);
                    v.intoMemorySegment(x, (off + b + i) * 4, NATIVE);
                    acc = v.fma(v, acc);
                }
                float s = acc.reduceLanes(VectorOperators.ADD);
                for (; i < len; i++) {
                    long k = at + b + i;
                    int q = shorts ? src.get(SHORT, k * 2) : src.get(ValueLayout.JAVA_BYTE, k);
                    float v = q * inv;
                    x.set(FLOAT, (off + b + i) * 4, v);
                    s += v * v;
                }
                energy[0] += s;
            }
        }

        static void unpackFixed(WireFormat w, MemorySegment src, long at, float[] x, int off, int n) {
            float inv = 1f / scale(w);
            boolean shorts = w == WireFormat.INT16;
            int i = 0;
            for (int bound = F.loopBound(n); i < bound; i += L) {
                FloatVector v = shorts
                        ? (FloatVector) ShortVector.fromMemorySegment(S, src, (at + i) * 2, NATIVE)
                                .convertShape(VectorOperators.S2F, F, 0)
                        : (FloatVector) ByteVector.fromMemorySegment(B, src, at + i, NATIVE)
                                .convertShape(VectorOperators.B2F, F, 0);
                v.mul(inv).intoArray(x, off + i);
            }
            unpackFixedScalar(w, src.asSlice(0), at + i, x, off + i, n - i);
        }

        static float sumSquares(float[] x, int off, int n) {
            FloatVector acc = FloatVector.zero(F);
            int i = 0;
            for (int bound = F.loopBound(n); i < bound; i += L) {
                FloatVector v = FloatVector.fromArray(F, x, off + i);
                acc = v.fma(v, acc);
            }
            float s = acc.reduceLanes(VectorOperators.ADD);
            for (; i < n; i++) {
                s += x[off + i] * x[off + i];
            }
            return s;
        }
    }
}
