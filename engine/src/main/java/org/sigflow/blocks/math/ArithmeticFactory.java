package org.sigflow.blocks.math;

import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** Shared factory of add, subtract, multiply and divide: params {@code type} (cf32|f32; add also s16|s32), {@code vlen}, {@code num_inputs}. */
abstract class ArithmeticFactory implements BlockFactory {
    private final String id;
    private final ArithmeticOp op;

    ArithmeticFactory(String id, ArithmeticOp op) {
        this.id = id;
        this.op = op;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final Block create(BlockSetup setup) {
        Dtype type = StreamType.dtype(setup);
        Dtype[] allowed = op == ArithmeticOp.ADD ? new Dtype[] {Dtype.CF32, Dtype.F32, Dtype.S16, Dtype.S32}
                : new Dtype[] {Dtype.CF32, Dtype.F32};
        StreamType.dtype(setup, allowed);
        int inputs = setup.integer("num_inputs");
        if (inputs < 2) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "' needs at least 2 inputs, got " + inputs);
        }
        if (type == Dtype.S16 || type == Dtype.S32) {
            return new IntegerAddBlock(type == Dtype.S16);
        }
        return new ArithmeticBlock(op, type.isComplex());
    }
}
