package org.sigflow.blocks.cuda;

import org.sigflow.blocks.cuda.fusion.FusedOp;

/** An element-wise CUDA block that can run as one stage of a fused kernel (see {@link CudaFusion}). */
interface FusableCuda {
    /** What the block does to each sample. */
    FusedOp fusedOp();

    /** The stage's current constants ({@link FusedOp#constants()} floats), read when a page is queued. */
    default float[] fusedConstants() {
        return new float[0];
    }
}
