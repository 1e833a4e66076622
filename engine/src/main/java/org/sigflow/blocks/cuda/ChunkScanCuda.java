package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;

/**
 * Base of the one-input twins whose recurrence runs as a chunked scan (threshold, rms, amp_bal, vco, diff_encoder):
 * pages are cut into chunks of {@link #CHUNK} samples, one block of {@link #SCAN_THREADS} threads scans the chunks'
 * summaries from a state kept on the device between pages, then each chunk reruns from its incoming state. This base
 * owns that state page and the per-chunk scratch pages.
 */
abstract class ChunkScanCuda extends CudaBlock {
    static final int CHUNK = 64;
    static final int SCAN_THREADS = 1024;
    private final long[] scratchBytesPerChunk;
    private final ScratchPage[] scratch;
    private DevicePage state;

    /** @param scratchBytesPerChunk one scratch page per entry, of that many bytes per chunk of a page */
    ChunkScanCuda(long outItemBytes, long... scratchBytesPerChunk) {
        super(1, outItemBytes);
        this.scratchBytesPerChunk = scratchBytesPerChunk;
        this.scratch = new ScratchPage[scratchBytesPerChunk.length];
    }

    /** The device state before the first page, as floats (16 bytes of zeros unless a block says otherwise). */
    protected float[] initialState() {
        return new float[4];
    }

    @Override
    protected void open() {
        state = DeviceMemory.upload(cuda, initialState());
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = new ScratchPage(cuda, stream);
        }
    }

    @Override
    protected final void prepare(long items) {
        for (int i = 0; i < scratch.length; i++) {
            scratch[i].ensure(scratchBytesPerChunk[i] * chunks(items));
        }
    }

    static long chunks(long items) {
        return (items + CHUNK - 1) / CHUNK;
    }

    final CUdeviceptr state() {
        return state.ptr();
    }

    final CUdeviceptr scratch(int i) {
        return scratch[i].ptr();
    }

    @Override
    protected void close() {
        for (ScratchPage p : scratch) {
            p.close();
        }
        cuda.devicePool().release(state);
    }
}
