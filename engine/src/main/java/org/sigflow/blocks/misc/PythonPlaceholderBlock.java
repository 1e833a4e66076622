package org.sigflow.blocks.misc;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkResult;

/**
 * {@code python_placeholder}: has no ports and does nothing (ends at once); it never executes the Python code it
 * stands for. Validation refuses a graph that holds one (its catalog assert), so it is only built outside a run.
 */
@AutoService(BlockFactory.class)
public final class PythonPlaceholderBlock implements BlockFactory {
    @Override
    public String id() {
        return "python_placeholder";
    }

    @Override
    public Block create(BlockSetup s) {
        return io -> WorkResult.DONE;
    }
}
