package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code divide}: divides the first input by the others (complex division for cf32), in0 / in1 / …. */
@AutoService(BlockFactory.class)
public final class Divide extends ArithmeticFactory {
    public Divide() {
        super("divide", ArithmeticOp.DIVIDE);
    }
}
