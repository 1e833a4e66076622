package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;

/**
 * The last {@code length} samples before each page (zeros before the stream), for blocks whose outputs reach back
 * (FIRs, channelizer, moving sums): two device buffers that alternate page by page, so a page's kernels read one
 * while the history kernel ({@code sf_fir_history_*}) writes the other, on the block's stream, never seen by the host.
 */
final class DeviceHistory {
    private final Cuda cuda;
    private final CUstream stream;
    private final int length;
    private final String kernel;
    private final DevicePage[] buffers = new DevicePage[2];
    private int current;

    /** @param complex samples are float2 ({@code cf32}), else float; {@code length} may be 0 (nothing kept) */
    DeviceHistory(Cuda cuda, CUstream stream, int length, boolean complex) {
        this.cuda = cuda;
        this.stream = stream;
        this.length = length;
        this.kernel = complex ? "sf_fir_history_cf32" : "sf_fir_history_f32";
        long bytes = (complex ? 8L : 4L) * Math.max(1, length);
        buffers[0] = DeviceMemory.zeroed(cuda, bytes, stream);
        buffers[1] = DeviceMemory.zeroed(cuda, bytes, stream);
    }

    /** The samples before the page being queued. */
    CUdeviceptr current() {
        return buffers[current].ptr();
    }

    /** Queues the copy of the end of this page ({@code samples} long) into the other buffer, which becomes current. */
    void advance(CUdeviceptr page, long samples) {
        if (length == 0) {
            return;
        }
        cuda.kernels().launch(kernel, stream, length, page, samples, buffers[current].ptr(),
                buffers[1 - current].ptr(), length);
        current = 1 - current;
    }

    /** Returns the buffers (the stream has drained). */
    void close() {
        for (DevicePage p : buffers) {
            cuda.devicePool().release(p);
        }
    }
}
