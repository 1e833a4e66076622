package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code add}: adds the inputs, in0 + in1 + …. */
@AutoService(BlockFactory.class)
public final class Add extends ArithmeticFactory {
    public Add() {
        super("add", ArithmeticOp.ADD);
    }
}
