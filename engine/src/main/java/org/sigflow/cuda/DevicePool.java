package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuMemAlloc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;

/**
 * Device memory in power-of-two pages that are allocated once and reused: a released page goes back to its class's
 * free list, never to {@code cuMemFree}, so the data path allocates nothing after a graph's first pages. Thread-safe
 * (pages are taken when rings are built, not per item).
 */
public final class DevicePool {
    private final List<ArrayDeque<DevicePage>> free = new ArrayList<>();
    private long allocatedBytes;

    /** A page of at least {@code bytes} bytes, from the free list or freshly allocated. */
    public synchronized DevicePage acquire(long bytes) {
        int c = SizeClasses.classOf(bytes);
        while (free.size() <= c) {
            free.add(new ArrayDeque<>());
        }
        DevicePage p = free.get(c).pollFirst();
        if (p != null) {
            return p;
        }
        CUdeviceptr ptr = new CUdeviceptr();
        Cu.check(cuMemAlloc(ptr, SizeClasses.bytesOf(c)), "cuMemAlloc(" + SizeClasses.bytesOf(c) + " bytes)");
        allocatedBytes += SizeClasses.bytesOf(c);
        return new DevicePage(ptr, SizeClasses.bytesOf(c), c);
    }

    /** Returns a page for reuse; the caller guarantees no queued work still uses it. */
    public synchronized void release(DevicePage page) {
        free.get(page.sizeClass()).addFirst(page);
    }

    /** Device bytes ever allocated by this pool (none is freed while the process runs). */
    public synchronized long allocatedBytes() {
        return allocatedBytes;
    }
}
