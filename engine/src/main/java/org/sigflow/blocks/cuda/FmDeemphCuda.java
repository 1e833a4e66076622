package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.dsp.FmDeemphasis;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fm_deemph_cuda}: the de-emphasis {@code y[n] = b0 (x[n] + x[n-1]) + p1 y[n-1]} is a first-order recurrence,
 * so it runs as {@code single_pole_iir_cuda}'s scan (chunk ends, a scan of the chunks' affine maps from the state
 * kept on the device in double, then each chunk from its true incoming state) on {@code u[n] = x[n] + x[n-1]}, with
 * {@code a = b0}, {@code b = p1}; one sample of history for u.
 */
final class FmDeemphCuda extends CudaBlock {
    private static final int CHUNK = 64;
    private static final int SCAN_THREADS = 1024;
    private final double b0;
    private final double p1;
    private DeviceHistory history;
    private DevicePage state;
    private DevicePage ends;
    private DevicePage pairs;
    private long capacity;

    FmDeemphCuda(BlockSetup s) {
        super(1, 4);
        double[][] ba = FmDeemphasis.taps(s.real("samp_rate"), s.real("tau"));
        this.b0 = ba[0][0];
        this.p1 = -ba[1][1];
    }

    @Override
    protected void open() {
        history = new DeviceHistory(cuda, stream, 1, false);
        state = DeviceMemory.zeroed(cuda, 8, stream);
    }

    @Override
    protected void prepare(long items) {
        if (items > capacity) {
            if (ends != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(ends);
                cuda.devicePool().release(pairs);
            }
            ends = cuda.devicePool().acquire(Math.max(8, 8 * chunks(items)));
            pairs = cuda.devicePool().acquire(Math.max(4, 4 * items));
            capacity = items;
        }
    }

    private static long chunks(long items) {
        return (items + CHUNK - 1) / CHUNK;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items > 0) {
            long chunks = chunks(items);
            cuda.kernels().launch("sf_pair_sum", stream, items, in[0], pairs.ptr(), items, history.current());
            cuda.kernels().launch("sf_iir1_chunk_ends", stream, chunks, pairs.ptr(), ends.ptr(), chunks, items, 1,
                    chunks, b0, p1);
            cuda.kernels().launchGrid("sf_iir1_carry", stream, 1, SCAN_THREADS, 0, ends.ptr(), items, chunks, p1,
                    state.ptr());
            cuda.kernels().launch("sf_iir1_apply", stream, chunks, pairs.ptr(), out, chunks, items, 1, chunks, b0, p1,
                    ends.ptr());
        }
        history.advance(in[0], items);
        return items;
    }

    @Override
    protected void close() {
        if (history != null) {
            history.close();
        }
        for (DevicePage p : new DevicePage[] {state, ends, pairs}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("fm_deemph");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FmDeemphCuda(s);
        }
    }
}
