package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code add_const}: adds a constant (complex for cf32, real for f32) to every sample. */
@AutoService(BlockFactory.class)
public final class AddConst implements BlockFactory {
    @Override
    public String id() {
        return "add_const";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ConstOpBlock.Add(setup);
    }
}
