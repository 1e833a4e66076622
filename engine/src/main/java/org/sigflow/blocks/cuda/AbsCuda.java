package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code abs_cuda}: |x| per sample. f32 is a fusable {@link MapCuda} stage ({@code fabsf}); int16 is its own kernel
 * ({@code sf_abs_s16}: −32768 wraps to −32768, as the twin), replayed but not fused (fused kernels carry floats).
 */
@AutoService(BlockFactory.class)
public final class AbsCuda extends CudaTwinFactory {
    public AbsCuda() {
        super("abs");
    }

    @Override
    protected Block createDevice(BlockSetup s, Block cpuTwin) {
        return s.string("type").equals("f32") ? new MapCuda(s, "sf_abs_f32", null) : new KernelMapCuda(s, "sf_abs_s16");
    }
}
