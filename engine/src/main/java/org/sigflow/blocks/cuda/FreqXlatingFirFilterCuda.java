package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.FreqXlatingFirFilterBlock;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code freq_xlating_fir_filter_cuda}: as its CPU twin, the band-pass taps {@code h[k] exp(j w k)} filter the input
 * decimated (a complex-tap {@link DecimatingFirCuda}), then the outputs are rotated in place by the mixer ({@code sf_rotator}): each output's phase is the page's
 * start phase (carried by the host in double, wrapped) plus its index times the increment, computed in double on the
 * device, so the phase is continuous across pages and nothing accumulates in float. A new centre frequency
 * (designed by the twin) applies from the next page and keeps the mixer's phase, as on the CPU.
 */
final class FreqXlatingFirFilterCuda extends DecimatingFirCuda {
    private final FreqXlatingFirFilterBlock twin;
    private volatile double increment;
    private double phase;

    FreqXlatingFirFilterCuda(FreqXlatingFirFilterBlock twin) {
        super(8, twin.history(), twin.decimation(), true, true);
        this.twin = twin;
        this.phase = twin.mixPhase();
        this.increment = twin.mixIncrement();
    }

    @Override
    protected float[] taps() {
        return twin.bandTaps();
    }

    @Override
    protected void afterFilter(CUdeviceptr out, long nOut) {
        double inc = increment;
        cuda.kernels().launch("sf_rotator", stream, nOut, out, out, nOut, phase, inc);
        phase = ComplexOps.wrapPhase(phase + Math.IEEEremainder(nOut * inc, 2 * Math.PI));
    }

    @Override
    public void applyParam(String paramId, Value value) {
        twin.applyParam(paramId, value); // checks and designs the new band-pass (throws and keeps the old if refused)
        retap();
        increment = twin.mixIncrement();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("freq_xlating_fir_filter");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FreqXlatingFirFilterCuda((FreqXlatingFirFilterBlock) cpuTwin);
        }
    }
}
