package org.sigflow.blocks.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
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
        if (w == WireFormat.FP32) {
            MemorySegment.copy(x, off, dst, FLOAT, at * 4, n);
        } else if (vector && VECTOR) {
            Vec.pack(w, MemorySegment.ofArray(x), off, n, dst, at, energy);
        } else if (w == WireFormat.FP16) {
            Fp16.pack(x, off, n, dst, at, energy);
        } else {
            packFixedScalar(w, x, off, n, dst, at, energy);
        }
    }

    /** The Vector API packing of an array (a test's hook: against the scalar twin). */
    static void packVector(WireFormat w, float[] x, int off, int n, MemorySegment dst, long at, double[] energy) {
        Vec.pack(w, MemorySegment.ofArray(x), off, n, dst, at, energy);
    }

    /** Unpacks {@code n} wire elements from {@code at} into {@code x[off, off+n)}. */
    static void unpack(WireFormat w, MemorySegment src, long at, float[] x, int off, int n, double[] energy,
            boolean vector) {
        if (w == WireFormat.FP32) {
            MemorySegment.copy(src, FLOAT, at * 4, x, off, n);
            return;
        }
        if (vector && VECTOR) {
            Vec.unpack(w, src, at, MemorySegment.ofArray(x), off, n, energy);
            return;
        }
        if (w == WireFormat.FP16) {
            Fp16.unpack(src, at, x, off, n);
        } else {
            unpackFixedScalar(w, src, at, x, off, n);
        }
        energy[0] += sumSquares(x, off, n, false);
    }

    /**
     * Packs {@code n} floats of an off-heap ring, from float element {@code off} of {@code src}, into {@code dst} from
     * wire element {@code at}: the same bytes and energies as {@link #pack} from an array holding those floats (the
     * Vector API reads the ring in place; the scalar twin goes through a block of {@value #BLOCK} floats).
     */
    static void pack(WireFormat w, MemorySegment src, long off, int n, MemorySegment dst, long at, double[] energy,
            boolean vector) {
        if (w == WireFormat.FP32) {
            MemorySegment.copy(src, off * 4, dst, at * 4, n * 4L);
        } else if (vector && VECTOR) {
            Vec.pack(w, src, off, n, dst, at, energy);
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
        } else if (vector && VECTOR) {
            Vec.unpack(w, src, at, dst, off, n, energy);
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

    /** fp16's scalar twin: plain loops of the JDK's conversions; the error pass reads the rounded values back. */
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

    /**
     * The Vector API twins: float lanes narrowed to shorts or bytes of the same lane count. They read and write memory
     * segments, so one loop serves the Java arrays (heap segments) and the off-heap rings. fp16 is converted with
     * integer lane operations (round to nearest even, as {@link Float#floatToFloat16}; a vector holding a NaN goes
     * through the scalar conversion, which keeps NaN payloads).
     */
    private static final class Vec {
        private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
        private static final int L = F.length();
        private static final VectorSpecies<Integer> I = VECTOR ? VectorSpecies.of(int.class, F.vectorShape()) : null;
        private static final VectorSpecies<Short> S = VECTOR ? VectorSpecies.of(short.class, VectorShape.forBitSize(L * 16)) : null;
        private static final VectorSpecies<Byte> B = VECTOR ? VectorSpecies.of(byte.class, VectorShape.forBitSize(L * 8)) : null;
        /** Float bits of 2^-14, the smallest normal half; 2^16, from which a float is beyond every half; 0.5f. */
        private static final int HALF_MIN_NORMAL = 113 << 23;
        private static final int HALF_OVERFLOW = 143 << 23;
        private static final int HALF_SUBNORMAL_MAGIC = 126 << 23;

        /**
         * Packs {@code n} floats of {@code x} from float element {@code off} into {@code dst} from wire element
         * {@code at}. fp16 has a loop of its own, int16 and int8 share one with an if inside (as fast as a loop each on
         * the H100, 2026-11-27); every vector stays local to its loop (a vector that crosses a merge of branches or a
         * call the JIT does not inline is boxed: a loop with a switch over the formats packed at a quarter the rate).
         */
        static void pack(WireFormat w, MemorySegment x, long off, int n, MemorySegment dst, long at, double[] energy) {
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                int i = switch (w) {
                    case FP16 -> packHalves(x, off + b, len, dst, at + b, energy);
                    case INT16 -> packFixed(true, x, off + b, len, dst, at + b, energy);
                    default -> packFixed(false, x, off + b, len, dst, at + b, energy);
                };
                float sigTail = 0;
                float errTail = 0;
                float scale = scale(w);
                for (; i < len; i++) {
                    float v = x.get(FLOAT, (off + b + i) * 4);
                    long k = at + b + i;
                    float back;
                    if (w == WireFormat.FP16) {
                        short h = Float.floatToFloat16(v);
                        dst.set(SHORT, k * 2, h);
                        back = Float.float16ToFloat(h);
                    } else {
                        int q = quantise(v, scale);
                        if (w == WireFormat.INT16) {
                            dst.set(SHORT, k * 2, (short) q);
                        } else {
                            dst.set(ValueLayout.JAVA_BYTE, k, (byte) q);
                        }
                        back = q * (1f / scale);
                    }
                    float e = v - back;
                    sigTail += v * v;
                    errTail += e * e;
                }
                energy[0] += sigTail;
                energy[1] += errTail;
            }
        }

        /**
         * The whole vectors of one block as int16 or int8; adds their energies; returns the elements done. (This
         * if/else inside the loop measured as fast as a loop per format: 1.1–1.2 Gsps of cf32 on one thread.)
         */
        private static int packFixed(boolean shorts, MemorySegment x, long off, int len, MemorySegment dst, long at,
                double[] energy) {
            float scale = scale(shorts ? WireFormat.INT16 : WireFormat.INT8);
            float inv = 1f / scale;
            FloatVector sig = FloatVector.zero(F);
            FloatVector err = FloatVector.zero(F);
            int i = 0;
            for (int bound = F.loopBound(len); i < bound; i += L) {
                FloatVector v = FloatVector.fromMemorySegment(F, x, (off + i) * 4, NATIVE);
                FloatVector s = v.max(-1f).min(1f).mul(scale);
                FloatVector t = s.add(FloatVector.broadcast(F, 0.5f).blend(-0.5f, s.lt(0f)));
                FloatVector back;
                if (shorts) {
                    ShortVector q = (ShortVector) t.convertShape(VectorOperators.F2S, S, 0);
                    q.intoMemorySegment(dst, (at + i) * 2, NATIVE);
                    back = (FloatVector) q.convertShape(VectorOperators.S2F, F, 0);
                } else {
                    ByteVector q = (ByteVector) t.convertShape(VectorOperators.F2B, B, 0);
                    q.intoMemorySegment(dst, at + i, NATIVE);
                    back = (FloatVector) q.convertShape(VectorOperators.B2F, F, 0);
                }
                FloatVector e = v.sub(back.mul(inv));
                sig = v.fma(v, sig);
                err = e.fma(e, err);
            }
            energy[0] += sig.reduceLanes(VectorOperators.ADD);
            energy[1] += err.reduceLanes(VectorOperators.ADD);
            return i;
        }

        /**
         * As {@link #packFixed}, fp16 with integer lane operations; stops before a vector holding a NaN (the scalar
         * conversion, which keeps NaN payloads, takes the rest of the block).
         */
        private static int packHalves(MemorySegment x, long off, int len, MemorySegment dst, long at, double[] energy) {
            FloatVector sig = FloatVector.zero(F);
            FloatVector err = FloatVector.zero(F);
            int i = 0;
            for (int bound = F.loopBound(len); i < bound; i += L) {
                FloatVector v = FloatVector.fromMemorySegment(F, x, (off + i) * 4, NATIVE);
                IntVector bits = (IntVector) v.reinterpretShape(I, 0);
                IntVector abs = bits.and(0x7fffffff);
                if (abs.compare(VectorOperators.GT, 0x7f800000).anyTrue()) {
                    break;
                }
                // normal halves: rebias the exponent, round the 13 dropped bits to nearest even (a carry may make inf)
                IntVector normal = abs.add(((15 - 127) << 23) + 0xfff).add(abs.lanewise(VectorOperators.LSHR, 13).and(1))
                        .lanewise(VectorOperators.LSHR, 13);
                // subnormal halves: adding 0.5 leaves the float's last bit at 2^-24, the half's step (the FPU rounds)
                IntVector subnormal = ((IntVector) ((FloatVector) abs.reinterpretShape(F, 0)).add(0.5f)
                        .reinterpretShape(I, 0)).sub(HALF_SUBNORMAL_MAGIC);
                IntVector h = normal.blend(subnormal, abs.lt(HALF_MIN_NORMAL))
                        .blend(0x7c00, abs.compare(VectorOperators.GE, HALF_OVERFLOW))
                        .or(bits.lanewise(VectorOperators.LSHR, 16).and(0x8000));
                ((ShortVector) h.convertShape(VectorOperators.I2S, S, 0)).intoMemorySegment(dst, (at + i) * 2, NATIVE);
                FloatVector e = v.sub(halfToFloat(h));
                sig = v.fma(v, sig);
                err = e.fma(e, err);
            }
            energy[0] += sig.reduceLanes(VectorOperators.ADD);
            energy[1] += err.reduceLanes(VectorOperators.ADD);
            return i;
        }

        /** Halves in the low 16 bits of int lanes (the rest zero) to floats. */
        private static FloatVector halfToFloat(IntVector h) {
            IntVector o = h.and(0x7fff).lanewise(VectorOperators.LSHL, 13);
            IntVector exp = o.and(0x7c00 << 13);
            o = o.add((127 - 15) << 23);
            var top = exp.eq(0x7c00 << 13);
            o = o.add((128 - 16) << 23, top); // inf and NaN: the float's top exponent, a NaN made quiet (as the JDK)
            o = o.lanewise(VectorOperators.OR, 0x00400000, top.and(h.and(0x3ff).compare(VectorOperators.NE, 0)));
            var zeroOrSubnormal = exp.eq(0);
            FloatVector f = (FloatVector) o.add(1 << 23, zeroOrSubnormal).reinterpretShape(F, 0);
            f = f.sub(Float.intBitsToFloat(HALF_MIN_NORMAL), zeroOrSubnormal.cast(F)); // renormalise by the FPU
            IntVector signed = ((IntVector) f.reinterpretShape(I, 0)).or(h.and(0x8000).lanewise(VectorOperators.LSHL, 16));
            return (FloatVector) signed.reinterpretShape(F, 0);
        }

        /**
         * Unpacks {@code n} wire elements from {@code at} into {@code x} from float element {@code off}, adding the
         * signal energy per block of {@value #BLOCK} (one loop per format, as {@link #pack}).
         */
        static void unpack(WireFormat w, MemorySegment src, long at, MemorySegment x, long off, int n,
                double[] energy) {
            float inv = 1f / scale(w);
            for (int b = 0; b < n; b += BLOCK) {
                int len = Math.min(BLOCK, n - b);
                FloatVector acc = FloatVector.zero(F);
                int i = 0;
                int bound = F.loopBound(len);
                if (w == WireFormat.FP16) {
                    for (; i < bound; i += L) {
                        FloatVector v = halfToFloat(((IntVector) ShortVector.fromMemorySegment(S, src, (at + b + i) * 2,
                                NATIVE).convertShape(VectorOperators.S2I, I, 0)).and(0xffff));
                        v.intoMemorySegment(x, (off + b + i) * 4, NATIVE);
                        acc = v.fma(v, acc);
                    }
                } else if (w == WireFormat.INT16) {
                    for (; i < bound; i += L) {
                        FloatVector v = ((FloatVector) ShortVector.fromMemorySegment(S, src, (at + b + i) * 2, NATIVE)
                                .convertShape(VectorOperators.S2F, F, 0)).mul(inv);
                        v.intoMemorySegment(x, (off + b + i) * 4, NATIVE);
                        acc = v.fma(v, acc);
                    }
                } else {
                    for (; i < bound; i += L) {
                        FloatVector v = ((FloatVector) ByteVector.fromMemorySegment(B, src, at + b + i, NATIVE)
                                .convertShape(VectorOperators.B2F, F, 0)).mul(inv);
                        v.intoMemorySegment(x, (off + b + i) * 4, NATIVE);
                        acc = v.fma(v, acc);
                    }
                }
                float s = acc.reduceLanes(VectorOperators.ADD);
                for (; i < len; i++) {
                    long k = at + b + i;
                    float v = switch (w) {
                        case FP16 -> Float.float16ToFloat(src.get(SHORT, k * 2));
                        case INT16 -> src.get(SHORT, k * 2) * inv;
                        default -> src.get(ValueLayout.JAVA_BYTE, k) * inv;
                    };
                    x.set(FLOAT, (off + b + i) * 4, v);
                    s += v * v;
                }
                energy[0] += s;
            }
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
