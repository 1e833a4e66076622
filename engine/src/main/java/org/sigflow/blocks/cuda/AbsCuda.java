package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code abs_cuda}: |x| per sample. f32 is a fusable {@link MapCuda} stage ({@code fabsf}); int16 is its own kernel
 * ({@code sf_abs_s16}: −32768 wraps to −32768, as the twin), replayed but not fused (fused kernels carry floats).
 */
final class AbsCuda extends CudaBlock {
    private final int samplesPerItem;

    private AbsCuda(BlockSetup s) {
        super(1, (long) s.output(0).dtype().bytes() * s.output(0).vlen());
        this.samplesPerItem = s.input(0).vlen();
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * samplesPerItem;
        cuda.kernels().launch("sf_abs_s16", stream, n, in[0], out, n);
        return items;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("abs");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return s.string("type").equals("f32") ? new MapCuda(s, "sf_abs_f32", null) : new AbsCuda(s);
        }
    }
}
