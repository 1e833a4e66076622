package org.sigflow.blocks.common;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/**
 * Raw sample file formats (SigMF-style names). Each converts between a little-endian byte buffer and float
 * elements (interleaved re/im for the complex ones). Integer formats map full scale to ±1: ci16 divides by 32768,
 * ci8 by 128, cu8 (RTL-SDR, offset binary) maps 0..255 to (x − 127.5) / 127.5. Writing inverts that, rounding to
 * the nearest code and clipping to the code range. The raw integer formats u8, s16_le and s32_le carry u8, s16 and
 * s32 streams unscaled: the file holds the items' bytes (little-endian), as GNU Radio's byte/short/int file blocks.
 */
public enum FileFormat {
    CF32_LE("cf32_le", Dtype.CF32, 4) {
        @Override
        void decode(ByteBuffer src, float[] dst, int off, int n) {
            src.asFloatBuffer().get(dst, off, n);
        }

        @Override
        void encode(float[] src, int off, int n, ByteBuffer dst) {
            dst.asFloatBuffer().put(src, off, n);
        }
    },
    CI16_LE("ci16_le", Dtype.CF32, 2) {
        @Override
        void decode(ByteBuffer src, float[] dst, int off, int n) {
            for (int i = 0; i < n; i++) {
                dst[off + i] = src.getShort(2 * i) * (1f / 32768f);
            }
        }

        @Override
        void encode(float[] src, int off, int n, ByteBuffer dst) {
            for (int i = 0; i < n; i++) {
                dst.putShort(2 * i, (short) quantise(src[off + i] * 32768f, -32768f, 32767f));
            }
        }
    },
    CI8("ci8", Dtype.CF32, 1) {
        @Override
        void decode(ByteBuffer src, float[] dst, int off, int n) {
            for (int i = 0; i < n; i++) {
                dst[off + i] = src.get(i) * (1f / 128f);
            }
        }

        @Override
        void encode(float[] src, int off, int n, ByteBuffer dst) {
            for (int i = 0; i < n; i++) {
                dst.put(i, (byte) quantise(src[off + i] * 128f, -128f, 127f));
            }
        }
    },
    CU8("cu8", Dtype.CF32, 1) {
        @Override
        void decode(ByteBuffer src, float[] dst, int off, int n) {
            for (int i = 0; i < n; i++) {
                dst[off + i] = ((src.get(i) & 0xff) - 127.5f) * (1f / 127.5f);
            }
        }

        @Override
        void encode(float[] src, int off, int n, ByteBuffer dst) {
            for (int i = 0; i < n; i++) {
                dst.put(i, (byte) quantise(src[off + i] * 127.5f + 127.5f, 0f, 255f));
            }
        }
    },
    F32_LE("f32_le", Dtype.F32, 4) {
        @Override
        void decode(ByteBuffer src, float[] dst, int off, int n) {
            src.asFloatBuffer().get(dst, off, n);
        }

        @Override
        void encode(float[] src, int off, int n, ByteBuffer dst) {
            dst.asFloatBuffer().put(src, off, n);
        }
    },
    U8("u8", Dtype.U8, 1),
    S16_LE("s16_le", Dtype.S16, 2),
    S32_LE("s32_le", Dtype.S32, 4);

    private final String id;
    private final Dtype dtype;
    private final int bytesPerElement;

    FileFormat(String id, Dtype dtype, int bytesPerElement) {
        this.id = id;
        this.dtype = dtype;
        this.bytesPerElement = bytesPerElement;
    }

    public String id() {
        return id;
    }

    /** The stream dtype this format reads into / writes from. */
    public Dtype dtype() {
        return dtype;
    }

    /** An integer format whose elements are copied unscaled ({@link #copyOut}, {@link #copyIn}), not converted. */
    public boolean raw() {
        return dtype.storage() != Dtype.Storage.FLOAT;
    }

    public int bytesPerElement() {
        return bytesPerElement;
    }

    /** A little-endian buffer for {@code elements} elements of this format. */
    public ByteBuffer allocate(int elements) {
        return ByteBuffer.allocate(elements * bytesPerElement).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Decodes {@code n} elements from {@code src} (absolute, from index 0) into {@code dst[off..]}. */
    void decode(ByteBuffer src, float[] dst, int off, int n) {
        throw new UnsupportedOperationException(id + " holds " + dtype.id() + " elements, not floats: use copyIn");
    }

    /** Encodes {@code n} elements of {@code src[off..]} into {@code dst} (absolute, from index 0). */
    void encode(float[] src, int off, int n, ByteBuffer dst) {
        throw new UnsupportedOperationException(id + " holds " + dtype.id() + " elements, not floats: use copyOut");
    }

    /**
     * A raw format: copies {@code n} elements from the input's first unconsumed item (a heap or off-heap ring) to the
     * start of {@code dst} as little-endian bytes, unscaled; the caller then sets the limit to
     * {@code n * bytesPerElement()}.
     */
    public void copyOut(InputView in, int n, ByteBuffer dst) {
        MemorySegment ring = in.segment() != null ? in.segment() : Items.heap(dtype.storage(), in);
        MemorySegment.copy(ring, ringLayout(), (long) in.offset() * bytesPerElement,
                MemorySegment.ofBuffer(dst.duplicate().clear()), fileLayout(), 0, n);
    }

    /** A raw format: copies {@code n} little-endian elements from the start of {@code src} to the output,
     * {@code outSkip} elements past its first free item, unscaled. */
    public void copyIn(ByteBuffer src, OutputView out, int outSkip, int n) {
        MemorySegment ring = out.segment() != null ? out.segment() : Items.heap(dtype.storage(), out);
        MemorySegment.copy(MemorySegment.ofBuffer(src.duplicate().clear()), fileLayout(), 0,
                ring, ringLayout(), (long) (out.offset() + outSkip) * bytesPerElement, n);
    }

    /** Elements in the ring: native order (its arrays' or off-heap rings' own). */
    private ValueLayout ringLayout() {
        return switch (bytesPerElement) {
            case 1 -> ValueLayout.JAVA_BYTE;
            case 2 -> ValueLayout.JAVA_SHORT_UNALIGNED;
            default -> ValueLayout.JAVA_INT_UNALIGNED;
        };
    }

    /** Elements in the file: little-endian, any alignment (copies byte-swap on a big-endian machine). */
    private ValueLayout fileLayout() {
        return ringLayout().withOrder(ByteOrder.LITTLE_ENDIAN);
    }

    /** Decodes {@code n} elements from the start of {@code src} (its first {@code n} elements must be valid). */
    public void read(ByteBuffer src, float[] dst, int off, int n) {
        decode(src.duplicate().order(ByteOrder.LITTLE_ENDIAN).position(0), dst, off, n);
    }

    /**
     * Encodes {@code n} elements at the start of {@code dst}, whatever its position and limit were (a previous,
     * smaller chunk leaves a small limit); the caller then sets the limit to {@code n * bytesPerElement()}.
     */
    public void write(float[] src, int off, int n, ByteBuffer dst) {
        encode(src, off, n, dst.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear());
    }

    /** Rounds to the nearest integer code within [lo, hi]; NaN becomes code 0. */
    static int quantise(float scaled, float lo, float hi) {
        return Math.round(Math.max(lo, Math.min(hi, scaled)));
    }

    /** The {@code format} enum param, checked against the block's {@code type} param (the port dtype). */
    public static FileFormat of(BlockSetup setup) {
        String id = setup.string("format").trim().toLowerCase(Locale.ROOT);
        for (FileFormat f : values()) {
            if (f.id.equals(id)) {
                Dtype type = StreamType.dtype(setup);
                if (type != f.dtype()) {
                    throw new IllegalArgumentException(setup.blockId() + " '" + setup.instanceId() + "': format " + id
                            + " holds " + f.dtype().id() + " samples, but IO Type is " + type.id()
                            + (f.raw() ? " (the raw formats u8, s16_le, s32_le keep u8, s16, s32 items unscaled)" : ""));
                }
                return f;
            }
        }
        throw new IllegalArgumentException(setup.blockId() + " '" + setup.instanceId() + "': unknown file format '" + id + "'");
    }
}
