package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
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
final class RmsCuda extends CudaBlock {
    private static final int CHUNK = 64;
    private static final int SCAN_THREADS = 1024;
    private final int complex;
    private volatile double alpha;
    private DevicePage state;
    private ScratchPage ends;

    RmsCuda(BlockSetup s, double alpha) {
        super(1, 4);
        this.complex = s.string("type").equals("cf32") ? 1 : 0;
        this.alpha = alpha;
    }

    @Override
    protected void open() {
        state = DeviceMemory.zeroed(cuda, 8, stream);
        ends = new ScratchPage(cuda, stream);
    }

    @Override
    protected void prepare(long items) {
        ends.ensure(8 * chunks(items));
    }

    private static long chunks(long items) {
        return (items + CHUNK - 1) / CHUNK;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        double a = alpha;
        double b = 1 - a;
        long chunks = chunks(items);
        cuda.kernels().launch("sf_rms_chunk_ends", stream, chunks, in[0], ends.ptr(), chunks, items, complex, a, b);
        cuda.kernels().launchGrid("sf_iir1_carry", stream, 1, SCAN_THREADS, 0, ends.ptr(), items, chunks, b,
                state.ptr());
        cuda.kernels().launch("sf_rms_apply", stream, chunks, in[0], out, chunks, items, complex, a, b, ends.ptr());
        return items;
    }

    @Override
    protected void close() {
        ends.close();
        cuda.devicePool().release(state);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (!paramId.equals("alpha")) {
            throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
        double a = value.asDouble();
        if (!(a >= 0 && a <= 1)) {
            throw new IllegalArgumentException("alpha must be from 0 to 1, got " + a);
        }
        alpha = a;
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
