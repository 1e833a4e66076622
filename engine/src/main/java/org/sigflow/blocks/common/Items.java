package org.sigflow.blocks.common;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/**
 * Type-agnostic bulk moves of stream elements, for plumbing blocks that never look at sample values. They work on
 * rings in Java arrays and on off-heap rings ({@link InputView#segment()}) alike, so a block that moves its items only
 * through these may say {@link org.sigflow.runtime.Block#segmentViews()}.
 */
public final class Items {
    private Items() {}

    /**
     * Copies {@code elements} array elements from the input's first unconsumed item to the output's first free item.
     * Elements, not items, so blocks that regroup items (stream_to_vector) use it too.
     */
    public static void copy(Dtype.Storage storage, InputView in, OutputView out, int elements) {
        copy(storage, in, 0, out, 0, elements);
    }

    /** Copies {@code elements} elements from {@code inSkip} elements past the input's first unconsumed item to
     * {@code outSkip} elements past the output's first free item (blocks that pick parts of items). */
    public static void copy(Dtype.Storage storage, InputView in, int inSkip, OutputView out, int outSkip, int elements) {
        MemorySegment si = in.segment();
        MemorySegment so = out.segment();
        if (si != null || so != null) {
            long b = bytes(storage);
            MemorySegment.copy(si != null ? si : heap(storage, in), (in.offset() + inSkip) * b,
                    so != null ? so : heap(storage, out), (out.offset() + outSkip) * b, elements * b);
            return;
        }
        switch (storage) {
            case FLOAT -> System.arraycopy(in.floats(), in.offset() + inSkip, out.floats(), out.offset() + outSkip, elements);
            case SHORT -> System.arraycopy(in.shorts(), in.offset() + inSkip, out.shorts(), out.offset() + outSkip, elements);
            case BYTE -> System.arraycopy(in.bytes(), in.offset() + inSkip, out.bytes(), out.offset() + outSkip, elements);
            case INT -> System.arraycopy(in.ints(), in.offset() + inSkip, out.ints(), out.offset() + outSkip, elements);
        }
    }

    /** Writes {@code elements} zero elements at the output's first free item. */
    public static void zero(Dtype.Storage storage, OutputView out, int elements) {
        int from = out.offset();
        MemorySegment s = out.segment();
        if (s != null) {
            long b = bytes(storage);
            NativeFill.zero(s.asSlice(from * b, elements * b));
            return;
        }
        switch (storage) {
            case FLOAT -> Arrays.fill(out.floats(), from, from + elements, 0f);
            case SHORT -> Arrays.fill(out.shorts(), from, from + elements, (short) 0);
            case BYTE -> Arrays.fill(out.bytes(), from, from + elements, (byte) 0);
            case INT -> Arrays.fill(out.ints(), from, from + elements, 0);
        }
    }

    /**
     * Writes {@code src[srcOff, srcOff + elements)} (a {@code float[]}, {@code short[]}, {@code byte[]} or {@code int[]} matching
     * the stream) to the output from {@code outSkip} elements past its first free item.
     */
    public static void put(Object src, int srcOff, OutputView out, int outSkip, int elements) {
        int at = out.offset() + outSkip;
        MemorySegment s = out.segment();
        if (s == null) {
            System.arraycopy(src, srcOff, array(src, out), at, elements);
            return;
        }
        switch (src) {
            case float[] f -> MemorySegment.copy(f, srcOff, s, ValueLayout.JAVA_FLOAT, at * 4L, elements);
            case short[] h -> MemorySegment.copy(h, srcOff, s, ValueLayout.JAVA_SHORT, at * 2L, elements);
            case byte[] b -> MemorySegment.copy(b, srcOff, s, ValueLayout.JAVA_BYTE, at, elements);
            case int[] n -> MemorySegment.copy(n, srcOff, s, ValueLayout.JAVA_INT, at * 4L, elements);
            default -> throw new IllegalArgumentException("not a sample array: " + src.getClass());
        }
    }

    /** Reads {@code elements} floats from {@code inSkip} elements past the input's first unconsumed item. */
    public static void get(InputView in, int inSkip, float[] dst, int dstOff, int elements) {
        int at = in.offset() + inSkip;
        MemorySegment s = in.segment();
        if (s == null) {
            System.arraycopy(in.floats(), at, dst, dstOff, elements);
        } else {
            MemorySegment.copy(s, ValueLayout.JAVA_FLOAT, at * 4L, dst, dstOff, elements);
        }
    }

    private static Object array(Object like, OutputView out) {
        return switch (like) {
            case float[] unused -> out.floats();
            case short[] unused -> out.shorts();
            case int[] unused -> out.ints();
            default -> out.bytes();
        };
    }

    static MemorySegment heap(Dtype.Storage storage, InputView in) {
        return switch (storage) {
            case FLOAT -> MemorySegment.ofArray(in.floats());
            case SHORT -> MemorySegment.ofArray(in.shorts());
            case BYTE -> MemorySegment.ofArray(in.bytes());
            case INT -> MemorySegment.ofArray(in.ints());
        };
    }

    static MemorySegment heap(Dtype.Storage storage, OutputView out) {
        return switch (storage) {
            case FLOAT -> MemorySegment.ofArray(out.floats());
            case SHORT -> MemorySegment.ofArray(out.shorts());
            case BYTE -> MemorySegment.ofArray(out.bytes());
            case INT -> MemorySegment.ofArray(out.ints());
        };
    }

    private static long bytes(Dtype.Storage storage) {
        return org.sigflow.runtime.buffer.StreamBuffer.elementBytes(storage);
    }
}
