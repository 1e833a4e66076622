package org.sigflow.blocks.memory;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;

/** {@code memory_h2d}: "Memory CPU→GPGPU", moves a stream from host memory to GPU memory. */
@AutoService(BlockFactory.class)
public final class MemoryH2D extends MemoryBridge {
    public MemoryH2D() {
        super("memory_h2d");
    }

    @Override
    boolean toDevice() {
        return true;
    }
}
