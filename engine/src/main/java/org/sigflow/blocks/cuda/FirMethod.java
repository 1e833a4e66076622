package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;

/**
 * How {@link FirFilterCuda} filters one page on its stream: the tiled direct form ({@link TiledFir}) or overlap-save
 * through cuFFT ({@link OverlapSaveFir}). The block owns the history buffers and the taps' life cycle; a method owns
 * its device copies of the taps and its scratch memory.
 */
interface FirMethod {

    /** Uploads the taps (interleaved re/im when complex) and sets up what the method needs. */
    void open(float[] taps);

    /** Host-side set-up before a page of {@code items} inputs is timed (FFT plans). */
    default void prepare(long items) {}

    /** Queues {@code nOut} outputs from {@code items} inputs, with the {@code ntaps - 1} samples before in {@code hist}. */
    void filter(CUdeviceptr in, long items, CUdeviceptr hist, CUdeviceptr out, long nOut);

    /** Replaces the taps (same count or fewer, zero-padded); the stream has drained. */
    void retap(float[] taps);

    /** Returns device memory and plans; the stream has drained. */
    void close();
}
