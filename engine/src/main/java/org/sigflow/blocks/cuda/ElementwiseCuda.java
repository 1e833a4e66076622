package org.sigflow.blocks.cuda;

import org.sigflow.blocks.cuda.fusion.FusedOp;

/**
 * An element-wise CUDA block: its page's work depends only on its pages and parameters (so it is replayed as a CUDA
 * graph), and it can be a stage of a fused chain ({@link CudaFusion}).
 */
abstract class ElementwiseCuda extends CudaBlock implements FusableCuda {
    private final FusedOp op;

    ElementwiseCuda(int inputs, long outItemBytes, FusedOp op) {
        super(inputs, outItemBytes);
        this.op = op;
    }

    @Override
    public final FusedOp fusedOp() {
        return op;
    }

    @Override
    protected final boolean replayable() {
        return true;
    }

    /** One thread per element of the page's items: nothing past them is written. */
    @Override
    protected final boolean pagesInRuns() {
        return true;
    }
}
