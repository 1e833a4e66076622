package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code nbldpc_check_product_cuda}: the check-node product of FFT-BP on the device (one thread per output float,
 * {@code nbldpc.cu}), so a whole check-node update — transform, product, inverse transform — stays on the GPU.
 */
final class NbLdpcCheckProductCuda extends CudaBlock {
    private final int q;
    private final long floatsPerItem;

    NbLdpcCheckProductCuda(BlockSetup s) {
        super(1, 4L * 2 * s.integer("n") * s.integer("q"));
        this.q = s.integer("q");
        this.floatsPerItem = 2L * s.integer("n") * q;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * floatsPerItem;
        cuda.kernels().launch("sf_nbldpc_check_product", stream, n, in[0], out, n, q);
        return items;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("nbldpc_check_product");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new NbLdpcCheckProductCuda(s);
        }
    }
}
