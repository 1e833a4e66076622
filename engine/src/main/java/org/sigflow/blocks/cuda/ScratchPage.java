package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;

/**
 * A block's scratch device page (a scan's per-chunk values), grown to the largest size a page has asked for; the
 * smaller one goes back to the pool once the stream's queued kernels that read it are done.
 */
final class ScratchPage {
    private final Cuda cuda;
    private final CUstream stream;
    private DevicePage page;

    ScratchPage(Cuda cuda, CUstream stream) {
        this.cuda = cuda;
        this.stream = stream;
    }

    /** The page, holding at least {@code bytes} bytes. */
    CUdeviceptr ensure(long bytes) {
        if (page == null || page.bytes() < bytes) {
            if (page != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(page);
            }
            page = cuda.devicePool().acquire(Math.max(8, bytes));
        }
        return page.ptr();
    }

    CUdeviceptr ptr() {
        return page.ptr();
    }

    /** Returns the page (the stream has drained). */
    void close() {
        if (page != null) {
            cuda.devicePool().release(page);
            page = null;
        }
    }
}
