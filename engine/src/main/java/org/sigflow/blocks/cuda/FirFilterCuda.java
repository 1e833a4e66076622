package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.FirFilterBlock;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fir_filter_cuda}: the decimating FIR {@code y[j] = sum_k h[k] x[jD - k]}, by a {@link FirMethod} chosen by
 * tap count from measurements on an H100 (docs/performance.md): the tiled direct form below
 * {@link FirMethod#OVERLAP_SAVE_FROM} taps, overlap-save through cuFFT from there;
 * {@code -Dsigflow.cuda.fir=tiled|fft} forces one. The {@code ntaps - 1} samples before a page live in a
 * {@link DeviceHistory}. Taps come from the CPU twin, which designs them and handles run-time changes; a change
 * waits for the stream once, then replaces the method's taps.
 */
final class FirFilterCuda extends CudaBlock {
    private final FirFilterBlock twin;
    private final int ntaps;
    private final int decimation;
    private final String methodName;
    private FirMethod method;
    private DeviceHistory history;

    FirFilterCuda(BlockSetup s, FirFilterBlock twin) {
        super(1, 4L * s.output(0).itemSize());
        this.twin = twin;
        this.decimation = twin.decimation();
        this.ntaps = twin.history();
        this.methodName = FirMethod.chosen(ntaps);
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
        method = FirMethod.create(methodName, cuda, stream, twin.complexInput(), twin.complexTaps(), ntaps,
                decimation);
        history = new DeviceHistory(cuda, stream, ntaps - 1, twin.complexInput());
        method.open(twin.taps());
    }

    @Override
    protected void prepare(long items) {
        method.prepare(items);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long nOut = items / decimation;
        if (nOut > 0) {
            method.filter(in[0], items, history.current(), out, nOut);
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
        twin.applyParam(paramId, value); // designs and checks the new taps (throws and keeps the old ones if refused)
        DeviceMemory.drain(stream);
        method.retap(twin.taps());
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("fir_filter");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FirFilterCuda(s, (FirFilterBlock) cpuTwin);
        }
    }
}
