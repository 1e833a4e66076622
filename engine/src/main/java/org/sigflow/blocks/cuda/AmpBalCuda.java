package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code amp_bal_cuda}: the running averages of I² and Q² are two lanes of {@code single_pole_iir_cuda}'s scan
 * (chunk ends on the squares, {@code sf_iir1_carry} per lane from the states kept on the device in double), then
 * each chunk reruns both from its incoming states and writes {@code (re, im · sqrt(avgI) / sqrt(avgQ))} in the twin's
 * float/double mix (single_pole_iir.cu).
 */
final class AmpBalCuda extends CudaBlock {
    private static final int CHUNK = 64;
    private static final int SCAN_THREADS = 1024;
    private final double alpha;
    private DevicePage state;
    private ScratchPage ends;

    AmpBalCuda(double alpha) {
        super(1, 8);
        this.alpha = alpha;
    }

    @Override
    protected void open() {
        state = DeviceMemory.zeroed(cuda, 16, stream);
        ends = new ScratchPage(cuda, stream);
    }

    @Override
    protected void prepare(long items) {
        ends.ensure(16 * chunks(items));
    }

    private static long chunks(long items) {
        return (items + CHUNK - 1) / CHUNK;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        double b = 1 - alpha;
        long chunks = chunks(items);
        cuda.kernels().launch("sf_ampbal_chunk_ends", stream, 2 * chunks, in[0], ends.ptr(), 2 * chunks, items,
                chunks, alpha, b);
        cuda.kernels().launchGrid("sf_iir1_carry", stream, 2, SCAN_THREADS, 0, ends.ptr(), items, chunks, b,
                state.ptr());
        cuda.kernels().launch("sf_ampbal_apply", stream, chunks, in[0], out, chunks, items, alpha, b, ends.ptr());
        return items;
    }

    @Override
    protected void close() {
        ends.close();
        cuda.devicePool().release(state);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("amp_bal");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new AmpBalCuda(s.real("alpha")); // checked by the twin
        }
    }
}
