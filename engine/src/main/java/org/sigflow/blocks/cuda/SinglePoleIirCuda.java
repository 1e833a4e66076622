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
 * {@code single_pole_iir_cuda}: {@code y[n] = alpha x[n] + (1-alpha) y[n-1]} as a parallel scan (kernels
 * single_pole_iir.cu): chunk-local recursions, a scan of the chunks' affine maps from the state before the page (kept
 * on the device, in double), and a second pass over each chunk from its true incoming state. The only first-order
 * recursion with a twin: the other feedback blocks have none (docs/cuda.md says why). Alpha changes apply from the
 * next page; the state is the previous output, so there is no jump.
 */
final class SinglePoleIirCuda extends CudaBlock {
    private static final int CHUNK = 64;
    private static final int SCAN_THREADS = 1024;

    private final int lanes;
    private volatile double alpha;
    private DevicePage state;
    private DevicePage ends;

    SinglePoleIirCuda(BlockSetup s) {
        super(1, s.string("type").equals("cf32") ? 8 : 4);
        this.lanes = s.string("type").equals("cf32") ? 2 : 1;
        this.alpha = s.real("alpha");
    }

    @Override
    protected void open() {
        state = DeviceMemory.zeroed(cuda, 8L * lanes, stream);
    }

    @Override
    protected void prepare(long items) {
        long bytes = 8L * lanes * chunks(items);
        if (ends == null || ends.bytes() < bytes) {
            if (ends != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(ends);
            }
            ends = cuda.devicePool().acquire(Math.max(8, bytes));
        }
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
        long m = lanes * chunks;
        cuda.kernels().launch("sf_iir1_chunk_ends", stream, m, in[0], ends.ptr(), m, items, lanes, chunks, a, b);
        cuda.kernels().launchGrid("sf_iir1_carry", stream, lanes, SCAN_THREADS, 0, ends.ptr(), items, chunks, b,
                state.ptr());
        cuda.kernels().launch("sf_iir1_apply", stream, m, in[0], out, m, items, lanes, chunks, a, b, ends.ptr());
        return items;
    }

    @Override
    protected void close() {
        for (DevicePage p : new DevicePage[] {state, ends}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        alpha = alphaChange(paramId, value);
    }

    /** A run-time alpha of a single-pole average (this block, {@code rms_cuda}), checked; other params are fixed. */
    static double alphaChange(String paramId, Value value) {
        if (!paramId.equals("alpha")) {
            throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
        double a = value.asDouble();
        if (!(a >= 0 && a <= 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1, got " + a);
        }
        return a;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("single_pole_iir");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new SinglePoleIirCuda(s);
        }
    }
}
