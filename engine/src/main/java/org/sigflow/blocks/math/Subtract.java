package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code subtract}: subtracts the other inputs from the first, in0 − in1 − …. */
@AutoService(BlockFactory.class)
public final class Subtract extends ArithmeticFactory {
    public Subtract() {
        super("subtract", ArithmeticOp.SUBTRACT);
    }
}
