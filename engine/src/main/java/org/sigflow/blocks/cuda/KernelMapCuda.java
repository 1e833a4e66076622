package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.BlockSetup;

/**
 * A one-input element-wise block of any element types that is not a fusion stage (integer samples, double
 * constants): one launch per page of {@code kernel(in, out, n, constants…)} over the page's elements. Replayed as a
 * CUDA graph (its work depends only on its pages and fixed constants).
 */
final class KernelMapCuda extends CudaBlock {
    private final String kernel;
    private final int elementsPerItem;
    private final Object[] constants;

    /** @param constants the kernel's arguments after {@code n}: Float, Double or Integer, fixed for the run */
    KernelMapCuda(BlockSetup s, String kernel, Object... constants) {
        super(1, (long) s.output(0).dtype().bytes() * s.output(0).vlen());
        this.kernel = kernel;
        this.elementsPerItem = s.input(0).itemSize();
        this.constants = constants;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * elementsPerItem;
        Object[] args = new Object[3 + constants.length];
        args[0] = in[0];
        args[1] = out;
        args[2] = n;
        System.arraycopy(constants, 0, args, 3, constants.length);
        cuda.kernels().launch(kernel, stream, n, args);
        return items;
    }

    @Override
    protected boolean replayable() {
        return true;
    }
}
