package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code rms_cuda}: the running RMS {@code y = alpha |x|² + (1 − alpha) y}, output {@code sqrt(y)}, is
 * {@code single_pole_iir_cuda}'s scan on the power (single_pole_iir.cu): chunk ends computed from the samples'
 * power in double, the chunks' affine maps scanned from the state kept on the device ({@code sf_iir1_carry}), then
 * each chunk from its true incoming state, writing {@code (float) sqrt(y)}. All in double, as the twin. Alpha
 * changes apply from the next page; the state carries over.
 */
final class RmsCuda extends ChunkScanCuda {
    private final int complex;
    private volatile double alpha;

    RmsCuda(BlockSetup s, double alpha) {
        super(4, 8); // scratch: each chunk's end state, then its incoming state (double)
        this.complex = s.string("type").equals("cf32") ? 1 : 0;
        this.alpha = alpha;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        double a = alpha;
        double b = 1 - a;
        long chunks = chunks(items);
        cuda.kernels().launch("sf_rms_chunk_ends", stream, chunks, in[0], scratch(0), chunks, items, complex, a, b);
        cuda.kernels().launchGrid("sf_iir1_carry", stream, 1, SCAN_THREADS, 0, scratch(0), items, chunks, b,
                state());
        cuda.kernels().launch("sf_rms_apply", stream, chunks, in[0], out, chunks, items, complex, a, b, scratch(0));
        return items;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        alpha = SinglePoleIirCuda.alphaChange(paramId, value);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("rms");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new RmsCuda(s, s.real("alpha"));
        }
    }
}
