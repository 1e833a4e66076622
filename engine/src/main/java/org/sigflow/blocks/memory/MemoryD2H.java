package org.sigflow.blocks.memory;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code memory_d2h}: "Memory GPGPU→CPU", moves a stream from GPU memory back to host memory. */
@AutoService(BlockFactory.class)
public final class MemoryD2H extends MemoryBridge {
    public MemoryD2H() {
        super("memory_d2h");
    }

    @Override
    boolean toDevice() {
        return false;
    }
}
