package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuMemHostAlloc;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;

/** Pinned host staging pages in power-of-two classes, allocated once and reused (see {@link DevicePool}). */
public final class PinnedPool {
    private final List<ArrayDeque<PinnedPage>> free = new ArrayList<>();

    public synchronized PinnedPage acquire(long bytes) {
        int c = SizeClasses.classOf(bytes);
        while (free.size() <= c) {
            free.add(new ArrayDeque<>());
        }
        PinnedPage p = free.get(c).pollFirst();
        if (p != null) {
            p.buffer().clear();
            return p;
        }
        long size = SizeClasses.bytesOf(c);
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a pinned page of " + size + " bytes is too large (2 GiB at most)");
        }
        Pointer ptr = new Pointer();
        // portable: pinned for every device's context, so a page staged between two GPUs copies at full speed
        Cu.check(cuMemHostAlloc(ptr, size, jcuda.driver.JCudaDriver.CU_MEMHOSTALLOC_PORTABLE),
                "cuMemHostAlloc(" + size + " bytes)");
        return new PinnedPage(ptr, ptr.getByteBuffer(0, size).order(ByteOrder.nativeOrder()), size, c);
    }

    public synchronized void release(PinnedPage page) {
        free.get(page.sizeClass()).addFirst(page);
    }
}
