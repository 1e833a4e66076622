package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code amp_bal_cuda}: the running averages of I² and Q² are two lanes of {@code single_pole_iir_cuda}'s scan
 * (chunk ends on the squares, {@code sf_iir1_carry} per lane from the states kept on the device in double), then
 * each chunk reruns both from its incoming states and writes {@code (re, im · sqrt(avgI) / sqrt(avgQ))} in the twin's
 * float/double mix (single_pole_iir.cu).
 */
final class AmpBalCuda extends ChunkScanCuda {
    private final double alpha;

    AmpBalCuda(double alpha) {
        super(8, 16); // scratch: per chunk the I and Q lanes' states (double each, lane-major)
        this.alpha = alpha;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        double b = 1 - alpha;
        long chunks = chunks(items);
        cuda.kernels().launch("sf_ampbal_chunk_ends", stream, 2 * chunks, in[0], scratch(0), 2 * chunks, items,
                chunks, alpha, b);
        cuda.kernels().launchGrid("sf_iir1_carry", stream, 2, SCAN_THREADS, 0, scratch(0), items, chunks, b,
                state());
        cuda.kernels().launch("sf_ampbal_apply", stream, chunks, in[0], out, chunks, items, alpha, b, scratch(0));
        return items;
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
