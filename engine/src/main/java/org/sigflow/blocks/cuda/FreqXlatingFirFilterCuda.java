package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.FreqXlatingFirFilterBlock;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code freq_xlating_fir_filter_cuda}: as its CPU twin, the band-pass taps {@code h[k] exp(j w k)} filter the input
 * decimated (the complex-tap {@link FirMethod}: tiled, or overlap-save from {@link FirMethod#OVERLAP_SAVE_FROM}
 * taps), then the outputs are rotated in place by the mixer ({@code sf_rotator}): each output's phase is the page's
 * start phase (carried by the host in double, wrapped) plus its index times the increment, computed in double on the
 * device, so the phase is continuous across pages and nothing accumulates in float. A new centre frequency
 * (designed by the twin) applies from the next page and keeps the mixer's phase, as on the CPU.
 */
final class FreqXlatingFirFilterCuda extends CudaBlock {
    private final FreqXlatingFirFilterBlock twin;
    private final int ntaps;
    private final int decimation;
    private final String methodName;
    private FirMethod method;
    private DeviceHistory history;
    private volatile double increment;
    private double phase;

    FreqXlatingFirFilterCuda(FreqXlatingFirFilterBlock twin) {
        super(1, 8);
        this.twin = twin;
        this.ntaps = twin.history();
        this.decimation = twin.decimation();
        this.methodName = FirMethod.chosen(ntaps);
        this.phase = twin.mixPhase();
        this.increment = twin.mixIncrement();
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % decimation != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole steps"
                    + " of decimation " + decimation + ": make the memory node's Page Size a multiple of it");
        }
        return inPageItems / decimation;
    }

    @Override
    protected void open() {
        method = FirMethod.create(methodName, cuda, stream, true, true, ntaps, decimation);
        history = new DeviceHistory(cuda, stream, ntaps - 1, true);
        method.open(twin.bandTaps());
    }

    @Override
    protected void prepare(long items) {
        method.prepare(items);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long nOut = items / decimation;
        if (nOut > 0) {
            double inc = increment;
            method.filter(in[0], items, history.current(), out, nOut);
            cuda.kernels().launch("sf_rotator", stream, nOut, out, out, nOut, phase, inc);
            phase = ComplexOps.wrapPhase(phase + Math.IEEEremainder(nOut * inc, 2 * Math.PI));
        }
        history.advance(in[0], items);
        return nOut;
    }

    @Override
    protected void close() {
        if (method != null) {
            method.close();
        }
        if (history != null) {
            history.close();
        }
    }

    @Override
    public double relativeRate() {
        return 1.0 / decimation;
    }

    @Override
    public Map<String, Double> extraMetrics() {
        Map<String, Double> m = new java.util.HashMap<>(super.extraMetrics());
        m.put("overlap_save", methodName.equals("fft") ? 1.0 : 0.0);
        return m;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        twin.applyParam(paramId, value); // checks and designs the new band-pass (throws and keeps the old if refused)
        DeviceMemory.drain(stream);
        method.retap(twin.bandTaps());
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
