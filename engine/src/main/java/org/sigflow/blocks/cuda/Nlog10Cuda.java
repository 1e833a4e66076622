package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code nlog10_cuda}: {@code n · log10(x) + k} per float, x clamped to the positive normal floats, in double as the
 * twin ({@code sf_nlog10}). Not a fusion stage (its constants are doubles).
 */
@AutoService(BlockFactory.class)
public final class Nlog10Cuda extends CudaTwinFactory {
    public Nlog10Cuda() {
        super("nlog10");
    }

    @Override
    protected Block createDevice(BlockSetup s, Block cpuTwin) {
        return new KernelMapCuda(s, "sf_nlog10", s.real("n"), s.real("k"));
    }
}
