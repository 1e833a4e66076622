package org.sigflow.blocks.common;

import java.util.Arrays;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/** Type-agnostic bulk moves of stream elements, for plumbing blocks that never look at sample values. */
public final class Items {
    private Items() {}

    /**
     * Copies {@code elements} array elements from the input's first unconsumed item to the output's first free item.
     * Elements, not items, so blocks that regroup items (stream_to_vector) use it too.
     */
    public static void copy(Dtype.Storage storage, InputView in, OutputView out, int elements) {
        switch (storage) {
            case FLOAT -> System.arraycopy(in.floats(), in.offset(), out.floats(), out.offset(), elements);
            case SHORT -> System.arraycopy(in.shorts(), in.offset(), out.shorts(), out.offset(), elements);
            case BYTE -> System.arraycopy(in.bytes(), in.offset(), out.bytes(), out.offset(), elements);
        }
    }

    /** Copies {@code elements} elements from {@code inSkip} elements past the input's first unconsumed item to
     * {@code outSkip} elements past the output's first free item (blocks that pick parts of items). */
    public static void copy(Dtype.Storage storage, InputView in, int inSkip, OutputView out, int outSkip, int elements) {
        switch (storage) {
            case FLOAT -> System.arraycopy(in.floats(), in.offset() + inSkip, out.floats(), out.offset() + outSkip, elements);
            case SHORT -> System.arraycopy(in.shorts(), in.offset() + inSkip, out.shorts(), out.offset() + outSkip, elements);
            case BYTE -> System.arraycopy(in.bytes(), in.offset() + inSkip, out.bytes(), out.offset() + outSkip, elements);
        }
    }

    /** Writes {@code elements} zero elements at the output's first free item. */
    public static void zero(Dtype.Storage storage, OutputView out, int elements) {
        int from = out.offset();
        switch (storage) {
            case FLOAT -> Arrays.fill(out.floats(), from, from + elements, 0f);
            case SHORT -> Arrays.fill(out.shorts(), from, from + elements, (short) 0);
            case BYTE -> Arrays.fill(out.bytes(), from, from + elements, (byte) 0);
        }
    }
}
