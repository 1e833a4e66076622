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
final class KeepMInNCuda extends RateChangingCuda {
    private final long itemBytes;
    private final int m;
    private final int n;
    private final int offset;

    KeepMInNCuda(BlockSetup s) {
        super((long) s.output(0).dtype().bytes() * s.output(0).vlen(), s.integer("m"), s.integer("n"));
        this.itemBytes = (long) s.output(0).dtype().bytes() * s.output(0).vlen();
        this.m = s.integer("m");
        this.n = s.integer("n");
        this.offset = s.integer("offset");
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long produced = outputs(items);
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
