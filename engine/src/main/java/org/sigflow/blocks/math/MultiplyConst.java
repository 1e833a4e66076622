package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code multiply_const}: multiplies every sample by a constant (complex for cf32, real for f32). */
@AutoService(BlockFactory.class)
public final class MultiplyConst implements BlockFactory {
    @Override
    public String id() {
        return "multiply_const";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ConstOpBlock.Multiply(setup);
    }
}
