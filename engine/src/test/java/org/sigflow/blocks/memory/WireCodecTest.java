package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;

/** The host half of the wire formats: the Vector API path gives the scalar twin's bits, and round trips hold. */
class WireCodecTest {
    /** Values over and beyond full scale, exact ties of the fixed-point grids, zeros and a length with a tail. */
    private static float[] signal(int n) {
        Random r = new Random(5);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (r.nextGaussian() * 0.6);
        }
        x[0] = 1.5f;
        x[1] = -3f;
        x[2] = 0.5f / 127f; // a tie of the int8 grid: rounds away from zero
        x[3] = -0.5f / 32767f;
        x[4] = 0f;
        x[5] = -1f;
        return x;
    }

    @Test
    void vectorPackingGivesTheScalarBytesAndEnergies() {
        org.junit.jupiter.api.Assumptions.assumeTrue(WireCodec.VECTOR, "Vector API not available");
        float[] x = signal(10_007);
        for (WireFormat w : WireFormat.values()) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment vec = a.allocate(4L * x.length);
                MemorySegment sca = a.allocate(4L * x.length);
                double[] ev = new double[2];
                double[] es = new double[2];
                WireCodec.pack(w, x, 3, x.length - 3, vec, 1, ev, true);
                WireCodec.pack(w, x, 3, x.length - 3, sca, 1, es, false);
                assertEquals(-1, vec.mismatch(sca), w + ": packed bytes differ");
                assertEquals(es[0], ev[0], 1e-4 * es[0], w + " signal energy");
                assertEquals(es[1], ev[1], 1e-3 * es[1] + 1e-12, w + " error energy");
                float[] back = new float[x.length];
                float[] backScalar = new float[x.length];
                WireCodec.unpack(w, vec, 1, back, 2, x.length - 3, new double[2], true);
                WireCodec.unpack(w, vec, 1, backScalar, 2, x.length - 3, new double[2], false);
                assertArrayEquals(backScalar, back, 0f, w + ": unpacked values differ");
            }
        }
    }

    @Test
    void theVectorFixedPointLoopGivesTheScalarBytes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(WireCodec.VECTOR, "Vector API not available");
        float[] x = signal(10_007);
        for (WireFormat w : new WireFormat[] {WireFormat.INT16, WireFormat.INT8}) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment sca = a.allocate(2L * x.length);
                double[] es = new double[2];
                WireCodec.pack(w, x, 3, x.length - 3, sca, 1, es, false);
                MemorySegment vec = a.allocate(2L * x.length);
                double[] ev = new double[2];
                WireCodec.packVector(w, x, 3, x.length - 3, vec, 1, ev);
                assertEquals(-1, vec.mismatch(sca), w + ": bytes differ");
                assertEquals(es[1], ev[1], 1e-3 * es[1] + 1e-12, w + " error energy");
            }
        }
    }

    @Test
    void fixedPointRoundTripsAreWithinHalfAStepAndClipped() {
        float[] x = signal(4099);
        for (WireFormat w : new WireFormat[] {WireFormat.INT16, WireFormat.INT8, WireFormat.FP16}) {
            for (boolean vector : new boolean[] {true, false}) {
                try (Arena a = Arena.ofConfined()) {
                    MemorySegment page = a.allocate(4L * x.length);
                    double[] e = new double[2];
                    WireCodec.pack(w, x, 0, x.length, page, 0, e, vector);
                    float[] back = new float[x.length];
                    WireCodec.unpack(w, page, 0, back, 0, x.length, new double[2], vector);
                    double err = 0;
                    for (int i = 0; i < x.length; i++) {
                        float clipped = w == WireFormat.FP16 ? x[i] : Math.max(-1f, Math.min(1f, x[i]));
                        float step = w == WireFormat.FP16 ? Math.ulp(Float.float16ToFloat(Float.floatToFloat16(x[i]))) * 8192
                                : 1f / WireCodec.scale(w);
                        assertTrue(Math.abs(back[i] - clipped) <= step / 2 + 1e-7f,
                                w + " element " + i + ": " + x[i] + " came back as " + back[i]);
                        err += (double) (x[i] - back[i]) * (x[i] - back[i]);
                    }
                    assertEquals(err, e[1], 1e-3 * err, w + ": the reported error energy is the real one");
                }
            }
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment page = a.allocate(16);
            WireCodec.pack(WireFormat.INT8, new float[] {0.5f / 127f, -0.5f / 127f, 2f, -2f}, 0, 4, page, 0,
                    new double[2], true);
            assertArrayEquals(new byte[] {1, -1, 127, -127}, page.asSlice(0, 4).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** A span longer than the threads' grain is cut over the packing threads and gives the one-thread result. */
    @Test
    void hostPackingSplitOverThreadsMatchesOneSpan() {
        float[] x = signal(3 * PackingThreads.GRAIN + 1001);
        for (WireFormat w : WireFormat.values()) {
            ByteBuffer page = ByteBuffer.allocateDirect(4 * x.length).order(ByteOrder.nativeOrder());
            HostPacking p = new HostPacking(Dtype.Storage.FLOAT, w, page);
            p.pack(x, 0, x.length, 0);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment one = a.allocate(4L * x.length);
                double[] e = new double[2];
                WireCodec.pack(w, x, 0, x.length, one, 0, e, true);
                assertEquals(-1, MemorySegment.ofBuffer(page).mismatch(one), w + ": split packing differs");
                assertEquals(e[1], p.errorEnergy, 1e-6 * e[1] + 1e-12, w.name());
            }
            float[] back = new float[x.length + 2];
            p.unpack(0, back, 2, x.length);
            for (int i = 0; i < x.length; i++) {
                assertEquals(w.roundTrip(x[i]), back[i + 2], w == WireFormat.FP32 || w == WireFormat.FP16 ? 0f : 1e-7f,
                        w + " element " + i);
            }
        }
    }

    /**
     * Packing from an off-heap ring (Vector API over the segment, or the scalar twin through a block array) gives the
     * bytes and energies of packing the same floats from an array; unpacking into a segment gives the array's floats.
     */
    @Test
    void packingFromASegmentEqualsPackingFromAnArray() {
        float[] x = signal(3 * WireCodec.BLOCK + 1003);
        int n = x.length - 5;
        for (WireFormat w : WireFormat.values()) {
            for (boolean vector : new boolean[] {true, false}) {
                try (Arena a = Arena.ofConfined()) {
                    MemorySegment ring = a.allocate(4L * (x.length + 3));
                    MemorySegment.copy(x, 0, ring, ValueLayout.JAVA_FLOAT, 4L * 3, x.length); // float k at element k + 3
                    MemorySegment fromArray = a.allocate(4L * x.length);
                    MemorySegment fromSegment = a.allocate(4L * x.length);
                    double[] ea = new double[2];
                    double[] es = new double[2];
                    WireCodec.pack(w, x, 2, n, fromArray, 3, ea, vector);
                    WireCodec.pack(w, ring, 5, n, fromSegment, 3, es, vector);
                    String what = w + (vector ? " vector" : " scalar");
                    assertEquals(-1, fromArray.mismatch(fromSegment), what + ": packed bytes differ");
                    assertEquals(ea[0], es[0], 0.0, what + " signal energy");
                    assertEquals(ea[1], es[1], 0.0, what + " error energy");
                    float[] back = new float[n + 1];
                    double[] ua = new double[2];
                    double[] us = new double[2];
                    WireCodec.unpack(w, fromArray, 3, back, 1, n, ua, vector);
                    MemorySegment out = a.allocate(4L * (n + 7));
                    WireCodec.unpack(w, fromArray, 3, out, 7, n, us, vector);
                    float[] backSegment = out.asSlice(4L * 7, 4L * n).toArray(ValueLayout.JAVA_FLOAT);
                    assertArrayEquals(java.util.Arrays.copyOfRange(back, 1, n + 1), backSegment, 0f, what + ": unpacked");
                    assertEquals(ua[0], us[0], 1e-12 * ua[0], what + " unpacked signal energy");
                }
            }
        }
    }

    /** The node's threads over an off-heap ring give what they give over an array, for every storage. */
    @Test
    void hostPackingOfASegmentMatchesTheArrayOverThreads() {
        float[] x = signal(3 * PackingThreads.GRAIN + 1001);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ring = a.allocate(4L * (x.length + 8));
            MemorySegment.copy(x, 0, ring, ValueLayout.JAVA_FLOAT, 4L * 8, x.length);
            for (WireFormat w : WireFormat.values()) {
                ByteBuffer arrayPage = ByteBuffer.allocateDirect(4 * x.length).order(ByteOrder.nativeOrder());
                ByteBuffer segmentPage = ByteBuffer.allocateDirect(4 * x.length).order(ByteOrder.nativeOrder());
                HostPacking fromArray = new HostPacking(Dtype.Storage.FLOAT, w, arrayPage);
                HostPacking fromSegment = new HostPacking(Dtype.Storage.FLOAT, w, segmentPage);
                fromArray.pack(x, 0, x.length, 0);
                fromSegment.packSegment(ring, 8, x.length, 0);
                assertEquals(-1, MemorySegment.ofBuffer(arrayPage).mismatch(MemorySegment.ofBuffer(segmentPage)),
                        w + ": packed bytes differ");
                assertEquals(fromArray.errorEnergy, fromSegment.errorEnergy, 1e-9 * fromArray.errorEnergy, w.name());
                assertEquals(fromArray.snrDb(), fromSegment.snrDb(), 1e-9, w + " SNR");
                float[] back = new float[x.length];
                fromArray.unpack(0, back, 0, x.length);
                MemorySegment out = a.allocate(4L * x.length + 12);
                fromSegment.unpackSegment(0, out, 3, x.length);
                assertArrayEquals(back, out.asSlice(12, 4L * x.length).toArray(ValueLayout.JAVA_FLOAT), 0f, w.name());
            }
            byte[] b = new byte[3 * PackingThreads.GRAIN + 17];
            new Random(3).nextBytes(b);
            MemorySegment bytes = a.allocate(b.length + 4);
            MemorySegment.copy(b, 0, bytes, ValueLayout.JAVA_BYTE, 4, b.length);
            ByteBuffer page = ByteBuffer.allocateDirect(b.length).order(ByteOrder.nativeOrder());
            HostPacking p = new HostPacking(Dtype.Storage.BYTE, WireFormat.INT8, page);
            p.packSegment(bytes, 4, b.length, 0);
            assertArrayEquals(b, MemorySegment.ofBuffer(page).toArray(ValueLayout.JAVA_BYTE), "bytes travel as they are");
            MemorySegment back = a.allocate(b.length);
            p.unpackSegment(0, back, 0, b.length);
            assertArrayEquals(b, back.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /**
     * The Vector API's fp16 conversion is the JDK's ({@link Float#floatToFloat16}, round to nearest even): every
     * 997th float bit pattern (normals, subnormals, values beyond the halves' range, infinities, NaNs) and the halves'
     * ties; and every one of the 65,536 halves unpacks to {@link Float#float16ToFloat}'s float.
     */
    @Test
    void vectorFp16MatchesTheJdkConversionBitForBit() {
        org.junit.jupiter.api.Assumptions.assumeTrue(WireCodec.VECTOR, "Vector API not available");
        int n = (int) ((1L << 32) / 4099) + 8;
        float[] x = new float[n];
        long bits = 0;
        for (int i = 0; i < n - 8; i++, bits += 4099) {
            x[i] = Float.intBitsToFloat((int) bits);
        }
        float[] ties = {65519.99f, 65520f, 0x1.002p0f, 0x1.006p0f, 0x1p-25f, 0x1.8p-24f, -0x1p-24f, 0x1.ffcp-15f};
        System.arraycopy(ties, 0, x, n - 8, 8);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment halves = a.allocate(2L * n);
            WireCodec.pack(WireFormat.FP16, x, 0, n, halves, 0, new double[2], true);
            for (int i = 0; i < n; i++) {
                short got = halves.getAtIndex(ValueLayout.JAVA_SHORT, i);
                if (got != Float.floatToFloat16(x[i])) {
                    assertEquals(Float.floatToFloat16(x[i]), got, "fp16 of " + x[i] + " (bits " + Integer.toHexString(
                            Float.floatToRawIntBits(x[i])) + ")");
                }
            }
            MemorySegment all = a.allocate(2L * 65536);
            for (int h = 0; h < 65536; h++) {
                all.setAtIndex(ValueLayout.JAVA_SHORT, h, (short) h);
            }
            float[] back = new float[65536];
            WireCodec.unpack(WireFormat.FP16, all, 0, back, 0, 65536, new double[2], true);
            for (int h = 0; h < 65536; h++) {
                float want = Float.float16ToFloat((short) h);
                assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(back[h]), "half " + h);
            }
        }
    }
}
