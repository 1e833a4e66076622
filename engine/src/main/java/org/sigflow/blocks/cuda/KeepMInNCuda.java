package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code keep_m_in_n_cuda}: of every n items the m from offset, copied on the device (one thread per output byte,
 * any item type); pages must hold whole groups of n (the twin checks m, n and offset).
 */
final class KeepMInNCuda extends CudaBlock {
    private final long itemBytes;
    private final int m;
    private final int n;
    private final int offset;

    KeepMInNCuda(BlockSetup s) {
        super(1, (long) s.output(0).dtype().bytes() * s.output(0).vlen());
        this.itemBytes = (long) s.output(0).dtype().bytes() * s.output(0).vlen();
        this.m = s.integer("m");
        this.n = s.integer("n");
        this.offset = s.integer("offset");
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % n != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into groups of "
                    + n + ": make the memory node's Page Size a multiple of n");
        }
        return inPageItems / n * m;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long produced = items / n * m;
        long bytes = produced * itemBytes;
        if (bytes > 0) {
            cuda.kernels().launch("sf_keep_m_in_n", stream, bytes, in[0], out, bytes, itemBytes, m, n, offset);
        }
        return produced;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("keep_m_in_n");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new KeepMInNCuda(s);
        }
    }
}
