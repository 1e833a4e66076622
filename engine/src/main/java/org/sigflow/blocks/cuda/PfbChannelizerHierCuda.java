package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.dsp.PfbChannelizerHierBlock;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code pfb_channelizer_hier_cuda}: GNU Radio's hierarchical channelizer as its CPU twin computes it, the
 * {@link PfbChannelizerCuda} of the reversed, zero-padded prototype (branch FIRs, batched inverse cuFFT), whose
 * scatter writes output k from channel {@code outchans[k]} times the twin's constant phase {@code exp(j2πc/N)}.
 */
final class PfbChannelizerHierCuda {
    private PfbChannelizerHierCuda() {}

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("pfb_channelizer_hier");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            PfbChannelizerHierBlock twin = (PfbChannelizerHierBlock) cpuTwin;
            return new PfbChannelizerCuda(twin.channels(), twin.reversedTaps(), twin.outchans(), twin.outputPhases());
        }
    }
}
