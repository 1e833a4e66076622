package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code quantizer_cuda}: one {@link KernelMapCuda} launch per page of {@code sf_quantize_f32}, the twin's float
 * product by 2^(bits−1), int16 clip, half-to-even rounding and product by 2^−(bits−1) (the twin checks bits first).
 */
@AutoService(BlockFactory.class)
public final class QuantizerCuda extends CudaTwinFactory {
    public QuantizerCuda() {
        super("quantizer");
    }

    @Override
    protected Block createDevice(BlockSetup s, Block cpuTwin) {
        int bits = s.integer("bits");
        float up = (float) Math.pow(2, bits - 1.0); // the twin's factors, computed as it does
        float down = (float) (1.0 / Math.pow(2.0, bits - 1.0));
        return new KernelMapCuda(s, "sf_quantize_f32", up, down);
    }
}
