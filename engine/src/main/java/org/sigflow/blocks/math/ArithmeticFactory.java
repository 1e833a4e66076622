package org.sigflow.blocks.math;

import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** Shared factory of add, subtract, multiply and divide: params {@code type} (cf32|f32), {@code vlen}, {@code num_inputs}. */
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
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        int inputs = setup.integer("num_inputs");
        if (inputs < 2) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "' needs at least 2 inputs, got " + inputs);
        }
        return new ArithmeticBlock(op, type.isComplex());
    }
}
