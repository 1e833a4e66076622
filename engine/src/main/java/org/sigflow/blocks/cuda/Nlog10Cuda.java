package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code nlog10_cuda}: {@code n · log10(x) + k} per float, x clamped to the positive normal floats, in double as the
 * twin ({@code sf_nlog10}). Replayed as a CUDA graph; not a fusion stage (its constants are doubles).
 */
final class Nlog10Cuda extends CudaBlock {
    private final int samplesPerItem;
    private final double n;
    private final double k;

    private Nlog10Cuda(BlockSetup s) {
        super(1, 4L * s.output(0).itemSize());
        this.samplesPerItem = s.input(0).itemSize();
        this.n = s.real("n");
        this.k = s.real("k");
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long count = items * samplesPerItem;
        cuda.kernels().launch("sf_nlog10", stream, count, in[0], out, count, n, k);
        return items;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("nlog10");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new Nlog10Cuda(s);
        }
    }
}
