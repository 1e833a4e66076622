package org.sigflow.blocks.memory;

import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.catalog.Dtype;

/**
 * A memory node without a GPU: copies its stream through unchanged. It asks for off-heap rings like the GPU node
 * does, so the CPU fallback runs the same ring storage (and CI tests it) as the zero-copy path on a GPU.
 */
final class HostPassThrough extends CopyBlock {
    /** @param group host items per device-side item (memory_h2d's Items per GPU Vector; 1 for memory_d2h) */
    HostPassThrough(Dtype.Storage storage, int group) {
        super(storage, group, 1);
    }

    @Override
    public boolean wantsOffHeapRings() {
        return true;
    }
}
