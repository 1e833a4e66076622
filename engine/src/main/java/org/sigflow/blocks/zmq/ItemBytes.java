package org.sigflow.blocks.zmq;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/**
 * Raw items on the wire as gr-zeromq sends them: the sample array's bytes in host byte order (gr_complex is two
 * float32, interleaved like SigFlow's cf32). Bulk copies between the primitive ring arrays and byte frames.
 */
final class ItemBytes {
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.nativeOrder());

    private final Dtype.Storage storage;
    /** Array elements per item. */
    final int elements;
    /** Bytes per array element. */
    final int elementBytes;
    /** Bytes per item on the wire (GNU Radio's itemsize × vlen). */
    final int itemBytes;

    ItemBytes(Dtype dtype, int vlen) {
        this.storage = dtype.storage();
        this.elements = dtype.components() * vlen;
        this.elementBytes = switch (storage) {
            case FLOAT -> 4;
            case SHORT -> 2;
            case BYTE -> 1;
            case INT -> 4;
        };
        this.itemBytes = elements * elementBytes;
    }

    /** The primitive array an input's items live in. */
    Object array(InputView in) {
        return switch (storage) {
            case FLOAT -> in.floats();
            case SHORT -> in.shorts();
            case BYTE -> in.bytes();
            case INT -> in.ints();
        };
    }

    /** The primitive array an output's items go to. */
    Object array(OutputView out) {
        return switch (storage) {
            case FLOAT -> out.floats();
            case SHORT -> out.shorts();
            case BYTE -> out.bytes();
            case INT -> out.ints();
        };
    }

    /**
     * Copies {@code items} items from a ring array (float[], short[], byte[] or int[]) at element {@code from} into a frame
     * (heap or direct; from its byte 0) at byte {@code dstOffset}.
     */
    void toBuffer(Object array, int from, int items, ByteBuffer dst, int dstOffset) {
        int n = items * elements;
        MemorySegment out = MemorySegment.ofBuffer(dst.duplicate().clear());
        switch (storage) {
            case FLOAT -> MemorySegment.copy((float[]) array, from, out, FLOAT, dstOffset, n);
            case SHORT -> MemorySegment.copy((short[]) array, from, out, SHORT, dstOffset, n);
            case BYTE -> MemorySegment.copy((byte[]) array, from, out, ValueLayout.JAVA_BYTE, dstOffset, n);
            case INT -> MemorySegment.copy((int[]) array, from, out, INT, dstOffset, n);
        }
    }

    /**
     * Copies {@code items} items from a received frame (heap or direct; from its byte 0) at {@code srcOffset} into a
     * ring array at element {@code to}.
     */
    void fromBuffer(ByteBuffer src, int srcOffset, int items, Object array, int to) {
        int n = items * elements;
        MemorySegment in = MemorySegment.ofBuffer(src.duplicate().position(0));
        switch (storage) {
            case FLOAT -> MemorySegment.copy(in, FLOAT, srcOffset, (float[]) array, to, n);
            case SHORT -> MemorySegment.copy(in, SHORT, srcOffset, (short[]) array, to, n);
            case BYTE -> MemorySegment.copy(in, ValueLayout.JAVA_BYTE, srcOffset, (byte[]) array, to, n);
            case INT -> MemorySegment.copy(in, INT, srcOffset, (int[]) array, to, n);
        }
    }
}
