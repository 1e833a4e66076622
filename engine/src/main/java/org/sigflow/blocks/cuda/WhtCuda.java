package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.dsp.WalshHadamard;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code wht_cuda}: one launch per page over all its vectors; a thread block transforms {@link #vectorsPerBlock}
 * vectors in shared memory, laid out by the {@code ordering} param (conflict-free, naive or random, {@code wht.cu}).
 */
final class WhtCuda extends CudaBlock {
    static final int THREADS = 256;
    private final int q;
    private final int vectors;
    private final float scale;
    private final String ordering;

    WhtCuda(BlockSetup s) {
        super(1, 4L * s.integer("q") * s.integer("vectors"));
        this.q = s.integer("q");
        this.vectors = s.integer("vectors");
        this.scale = WalshHadamard.scale(s.string("scaling"), q);
        this.ordering = s.string("ordering");
    }

    /** Vectors one thread block holds: 32 (a warp's width), or more when q < 16 so each thread has a pair. */
    static int vectorsPerBlock(int q) {
        return Math.max(32, 2 * THREADS / q);
    }

    /** Dynamic shared memory of a thread block for the ordering (the conflict-free one pads each row). */
    static int sharedBytes(int q, String ordering) {
        int b = vectorsPerBlock(q);
        return 4 * (ordering.equals("conflict_free") ? (b + 1) * q : b * q);
    }

    /** The kernel of an ordering: {@code sf_wht_conflict_free}, {@code sf_wht_naive} or {@code sf_wht_random}. */
    static String kernel(String ordering) {
        return "sf_wht_" + ordering;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long nvec = items * vectors;
        int b = vectorsPerBlock(q);
        int blocks = (int) Math.max(1, Math.min((nvec + b - 1) / b, 32L * cuda.multiprocessors()));
        cuda.kernels().launchGrid(kernel(ordering), stream, blocks, THREADS, sharedBytes(q, ordering), in[0], out, nvec,
                q, Integer.numberOfTrailingZeros(q), b, scale);
        return items;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("wht");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new WhtCuda(s);
        }
    }
}
