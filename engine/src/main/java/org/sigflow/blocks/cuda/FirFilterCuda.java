package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.dsp.FftFirFilterBlock;
import org.sigflow.blocks.dsp.FirFilterBlock;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fir_filter_cuda}: the decimating FIR {@code y[j] = sum_k h[k] x[jD - k]} ({@link DecimatingFirCuda}: method
 * chosen by tap count from measurements on an H100, docs/performance.md). Taps come from the CPU twin, which designs
 * them and handles run-time changes; a change waits for the stream once, then replaces the method's taps.
 */
final class FirFilterCuda extends DecimatingFirCuda {
    private final FirFilterBlock twin;

    FirFilterCuda(BlockSetup s, FirFilterBlock twin) {
        super(4L * s.output(0).itemSize(), twin.history(), twin.decimation(), twin.complexInput(), twin.complexTaps());
        this.twin = twin;
    }

    @Override
    protected float[] taps() {
        return twin.taps();
    }

    @Override
    public void applyParam(String paramId, Value value) {
        twin.applyParam(paramId, value); // designs and checks the new taps (throws and keeps the old ones if refused)
        retap();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("fir_filter");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FirFilterCuda(s, cpuTwin instanceof FftFirFilterBlock f ? f.direct() : (FirFilterBlock) cpuTwin);
        }
    }
}
