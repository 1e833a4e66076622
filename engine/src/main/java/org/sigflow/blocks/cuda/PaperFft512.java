package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;

/**
 * {@code fft_cuda}'s {@code paper_512} method: the WirelessHD paper's 512-point kernel ({@code fft512.cu}: 64 threads
 * and 8 points per transform, three 8-point passes in registers, two shared-memory exchanges), 4 transforms per
 * thread block of 256 threads.
 */
final class PaperFft512 {
    static final String METHOD = "paper_512";
    static final int SIZE = 512;
    private static final int PER_BLOCK = 4;
    private static final int THREADS = 256;

    private PaperFft512() {}

    /** Whether the block's params choose this method (absent: cuFFT). */
    static boolean chosen(org.sigflow.runtime.BlockSetup s) {
        return s.has("method") && s.string("method").equals(METHOD);
    }

    /** Queues {@code frames} transforms of 512 samples from {@code in} to {@code out} (may be the same buffer). */
    static void launch(Cuda cuda, CUstream stream, CUdeviceptr in, CUdeviceptr out, long frames, boolean inverse) {
        int blocks = (int) Math.max(1, Math.min((frames + PER_BLOCK - 1) / PER_BLOCK, 32L * cuda.multiprocessors()));
        cuda.kernels().launchGrid("sf_fft512_paper", stream, blocks, THREADS, 0, in, out, frames, inverse ? 1 : 0);
    }
}
