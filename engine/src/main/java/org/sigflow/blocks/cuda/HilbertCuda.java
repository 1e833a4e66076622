package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.HilbertBlock;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code hilbert_cuda}: real in, analytic signal out, as the CPU twin: the Hilbert taps through the real FIR method
 * of {@code fir_filter_cuda} (tiled, or overlap-save for long filters) into a scratch page, then one kernel pairs each
 * output with the input delayed by {@code (ntaps-1)/2}. The {@code ntaps-1} inputs before a page live in a
 * {@link DeviceHistory}, which serves the FIR and the delay.
 */
final class HilbertCuda extends CudaBlock {
    private final HilbertBlock twin;
    private final int ntaps;
    private FirMethod fir;
    private DeviceHistory history;
    private DevicePage imag;

    HilbertCuda(HilbertBlock twin) {
        super(1, 8);
        this.twin = twin;
        this.ntaps = twin.history();
    }

    @Override
    protected void open() {
        fir = FirMethod.create(FirMethod.chosen(ntaps), cuda, stream, false, false, ntaps, 1);
        fir.open(twin.taps());
        history = new DeviceHistory(cuda, stream, ntaps - 1, false);
    }

    @Override
    protected void prepare(long items) {
        fir.prepare(items);
        if (imag == null || imag.bytes() < 4 * items) {
            if (imag != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(imag);
            }
            imag = cuda.devicePool().acquire(Math.max(4, 4 * items));
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items > 0) {
            fir.filter(in[0], items, history.current(), imag.ptr(), items);
            cuda.kernels().launch("sf_hilbert_pack", stream, items, in[0], imag.ptr(), out, items, (ntaps - 1) / 2,
                    history.current(), ntaps - 1);
        }
        history.advance(in[0], items);
        return items;
    }

    @Override
    protected void close() {
        if (fir != null) {
            fir.close();
        }
        if (history != null) {
            history.close();
        }
        if (imag != null) {
            cuda.devicePool().release(imag);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("hilbert");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new HilbertCuda((HilbertBlock) cpuTwin);
        }
    }
}
