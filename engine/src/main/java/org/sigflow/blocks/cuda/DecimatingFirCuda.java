package org.sigflow.blocks.cuda;

import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;

/**
 * A decimating FIR on the device, shared by {@code fir_filter_cuda} and {@code freq_xlating_fir_filter_cuda}: the
 * {@link FirMethod} chosen by tap count (tiled direct form, or overlap-save through cuFFT from
 * {@link FirMethod#OVERLAP_SAVE_FROM} taps; {@code -Dsigflow.cuda.fir=tiled|fft} forces one), the {@code ntaps - 1}
 * samples before each page in a {@link DeviceHistory}, and taps from the CPU twin. Subclasses give the taps and may
 * work on each filtered page in place ({@link #afterFilter}).
 */
abstract class DecimatingFirCuda extends CudaBlock {
    private final int ntaps;
    private final int decimation;
    private final boolean complexInput;
    private final boolean complexTaps;
    private final String methodName;
    private FirMethod method;
    private DeviceHistory history;

    DecimatingFirCuda(long outItemBytes, int ntaps, int decimation, boolean complexInput, boolean complexTaps) {
        super(1, outItemBytes);
        this.ntaps = ntaps;
        this.decimation = decimation;
        this.complexInput = complexInput;
        this.complexTaps = complexTaps;
        this.methodName = FirMethod.chosen(ntaps);
    }

    /** The current taps (interleaved re/im when complex), as the CPU twin designed them. */
    protected abstract float[] taps();

    /** Runs on the block's stream after the FIR wrote {@code nOut} items of a page to {@code out}; default none. */
    protected void afterFilter(CUdeviceptr out, long nOut) {}

    /** Swaps in the twin's new taps: waits for the stream once, so pages in flight keep the old ones. */
    protected final void retap() {
        DeviceMemory.drain(stream);
        method.retap(taps());
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
        method = FirMethod.create(methodName, cuda, stream, complexInput, complexTaps, ntaps, decimation);
        history = new DeviceHistory(cuda, stream, ntaps - 1, complexInput);
        method.open(taps());
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
            afterFilter(out, nOut);
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
    public org.sigflow.runtime.RateFraction relativeRateFraction() {
        return new org.sigflow.runtime.RateFraction(1, decimation);
    }

    @Override
    public Map<String, Double> extraMetrics() {
        Map<String, Double> m = new java.util.HashMap<>(super.extraMetrics());
        m.put("overlap_save", methodName.equals("fft") ? 1.0 : 0.0);
        return m;
    }
}
