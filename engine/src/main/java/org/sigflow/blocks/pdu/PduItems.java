package org.sigflow.blocks.pdu;

import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/** Stream items ↔ a PDU's uniform vector: u8 ↔ u8, s16 ↔ s16, s32 ↔ s32, f32 ↔ f32, cf32 ↔ c32 (GNU Radio's PDU types). */
final class PduItems {
    private PduItems() {}

    static UniformKind kind(Dtype dtype) {
        return switch (dtype) {
            case U8 -> UniformKind.U8;
            case S8 -> UniformKind.S8;
            case S16 -> UniformKind.S16;
            case S32 -> UniformKind.S32;
            case F32 -> UniformKind.F32;
            case CF32 -> UniformKind.C32;
            default -> throw new IllegalArgumentException("PDUs carry u8, s8, s16, s32, f32 or cf32 items, not " + dtype.id());
        };
    }

    /** An empty array of the dtype's storage, {@code n} elements long. */
    static Object array(Dtype dtype, int elements) {
        return switch (dtype.storage()) {
            case FLOAT -> new float[elements];
            case SHORT -> new short[elements];
            case BYTE -> new byte[elements];
            case INT -> new int[elements];
        };
    }

    static Object elements(Dtype dtype, InputView in) {
        return switch (dtype.storage()) {
            case FLOAT -> in.floats();
            case SHORT -> in.shorts();
            case BYTE -> in.bytes();
            case INT -> in.ints();
        };
    }

    static Object elements(Dtype dtype, OutputView out) {
        return switch (dtype.storage()) {
            case FLOAT -> out.floats();
            case SHORT -> out.shorts();
            case BYTE -> out.bytes();
            case INT -> out.ints();
        };
    }

    /** The uniform vector holding {@code data} (elements of the dtype's storage). */
    static Pmt.Uniform uniform(Dtype dtype, Object data) {
        return new Pmt.Uniform(kind(dtype), data);
    }
}
