package org.sigflow.blocks.common;

import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * A 1:1 block that copies its single input to its single output unchanged (memory bridges until the CUDA engine
 * exists). With decimation/interpolation it also regroups items (stream_to_vector, vector_to_stream): the element
 * sequence is the same, only the item boundaries move.
 */
public class CopyBlock extends SyncBlock {
    private final Dtype.Storage storage;

    public CopyBlock(Dtype.Storage storage) {
        this.storage = storage;
    }

    public CopyBlock(Dtype.Storage storage, int decimation, int interpolation) {
        super(decimation, interpolation);
        this.storage = storage;
    }

    /** {@link Items#copy} reads and writes off-heap rings too. */
    @Override
    public boolean segmentViews() {
        return true;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        Items.copy(storage, io.in(0), io.out(0), steps * decimation() * io.in(0).itemSize());
    }
}
