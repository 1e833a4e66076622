package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code multiply}: multiplies the inputs (complex multiplication for cf32), in0 · in1 · …. */
@AutoService(BlockFactory.class)
public final class Multiply extends ArithmeticFactory {
    public Multiply() {
        super("multiply", ArithmeticOp.MULTIPLY);
    }
}
