package org.sigflow.blocks.memory;

import static jcuda.driver.JCudaDriver.cuMemHostRegister;
import static jcuda.driver.JCudaDriver.cuMemHostUnregister;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jcuda.Pointer;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemorytype;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import org.sigflow.cuda.Copies;
import org.sigflow.cuda.CudaException;
import org.sigflow.runtime.buffer.StreamBuffer;

/**
 * A download group's CPU rings where they lie at one stride in memory, so that a page set narrowed into one wire
 * buffer goes down in a few 2D copies instead of one copy per ring. Equal rings allocated one after another sit back
 * to back (each ring's allocation plus its page of slack: the runtime allocates them one by one), in ascending or
 * descending order; sorted by address, each run of rings of one size at one stride (no more than two pages of slack
 * between them) is a <em>span</em>, pinned as one registration, whose page set the DMA writes as rows of one
 * {@code cuMemcpy2DAsync} (source pitch the page, destination pitch the stride). The wire buffer holds the pages in
 * {@link #order() address order}. Where the rings are not at one stride, a span is one ring and its copy a plain one.
 * {@code -Dsigflow.memory.groupCopy2d=false}: one copy per ring as before (to compare).
 */
final class StridedRings {
    private final MemorySegment[] rings;
    /** Member index by rank (ascending ring address). */
    private final int[] order;
    /** Per rank: the first rank of its span; per span start: its stride (bytes) and its registration. */
    private final int[] spanStart;
    private final long[] stride;
    private final boolean[] pinned;
    private final Pointer[] registration;
    private int lastCopies;

    private StridedRings(MemorySegment[] rings) {
        this.rings = rings;
        int n = rings.length;
        order = java.util.stream.IntStream.range(0, n).boxed()
                .sorted(Comparator.comparingLong(k -> rings[k].address())).mapToInt(Integer::intValue).toArray();
        spanStart = new int[n];
        stride = new long[n];
        pinned = new boolean[n];
        registration = new Pointer[n];
        for (int r = 0; r < n; r++) {
            int start = r == 0 ? 0 : spanStart[r - 1];
            MemorySegment prev = r == 0 ? null : rings[order[r - 1]];
            MemorySegment cur = rings[order[r]];
            long d = prev == null ? 0 : cur.address() - prev.address();
            boolean joins = prev != null && cur.byteSize() == prev.byteSize() && d >= cur.byteSize()
                    && d <= cur.byteSize() + 2 * StreamBuffer.PAGE && (r - start == 1 || d == stride[start]);
            spanStart[r] = joins ? start : r;
            if (joins && r - start == 1) {
                stride[start] = d;
            }
        }
    }

    /** True unless {@code -Dsigflow.memory.groupCopy2d=false}. */
    static boolean enabled() {
        return Boolean.parseBoolean(System.getProperty("sigflow.memory.groupCopy2d", "true"));
    }

    /** The rings' layout (the group's members' CPU rings, in member order); nothing is pinned yet. */
    static StridedRings of(MemorySegment[] rings) {
        return new StridedRings(rings.clone());
    }

    /** Member index by rank: the wire buffer's page {@code r} is member {@code order()[r]}'s. */
    int[] order() {
        return order.clone();
    }

    /**
     * Pins each span of two or more rings as one registration; returns which members' rings that covers (the others
     * are pinned ring by ring by the caller, and their span falls back to plain copies).
     */
    boolean[] pinSpans() {
        boolean[] covered = new boolean[rings.length];
        for (int r = 0; r < order.length; r = end(r)) {
            int e = end(r);
            if (e - r < 2) {
                continue;
            }
            MemorySegment first = rings[order[r]];
            long bytes = spanBytes(r);
            if (bytes > Integer.MAX_VALUE) {
                continue; // a pointer to it would not fit a ByteBuffer: ring by ring
            }
            Pointer p = Pointer.to(MemorySegment.ofAddress(first.address()).reinterpret(bytes).asByteBuffer());
            if (cuMemHostRegister(p, bytes, 0) != CUresult.CUDA_SUCCESS) {
                continue; // (a ring already pinned elsewhere, a hole in the span): ring by ring
            }
            pinned[r] = true;
            registration[r] = p;
            for (int q = r; q < e; q++) {
                covered[order[q]] = true;
            }
        }
        return covered;
    }

    /** Bytes from the first ring of the span that starts at rank {@code r} to the end of its last. */
    long spanBytes(int r) {
        MemorySegment first = rings[order[r]];
        return rings[order[end(r) - 1]].address() + first.byteSize() - first.address();
    }

    /**
     * Bytes a span's registration covers beyond its rings: the allocator's slack and headers between rings placed
     * one by one (memory the rings do not own), none for rings cut from one slab.
     */
    long foreignBytes() {
        long n = 0;
        for (int r = 0; r < order.length; r = end(r)) {
            n += spanBytes(r) - (end(r) - r) * rings[order[r]].byteSize();
        }
        return n;
    }

    /** The rank after the last of the span that starts at rank {@code r}. */
    private int end(int r) {
        int e = r + 1;
        while (e < order.length && spanStart[e] == r) {
            e++;
        }
        return e;
    }

    /**
     * Queues the copies of one page set: page {@code r} of {@code wire} ({@code bytes} each, at {@code r * bytes})
     * to {@code dest[order()[r]]}; a pinned span whose destinations keep its stride goes as one 2D copy. Returns the
     * copies queued.
     */
    int copy(long[] dest, CUdeviceptr wire, long bytes, CUstream stream) {
        List<int[]> plan = plan(dest);
        for (int[] c : plan) {
            int r = c[0];
            if (c[1] >= 2) {
                copy2d(dest[order[r]], stride[spanStart[r]], wire, r * bytes, bytes, c[1], stream);
            } else {
                Copies.toHost(dest[order[r]], wire, r * bytes, bytes, stream);
            }
        }
        lastCopies = plan.size();
        return lastCopies;
    }

    /**
     * The copies of a page set to {@code dest} (by member): {rank, pages} each, in rank order; more than one page
     * only within a pinned span, and only while the destinations keep its stride (they do while the rings' write
     * positions are equal, as the group's members' are).
     */
    List<int[]> plan(long[] dest) {
        List<int[]> plan = new ArrayList<>();
        for (int r = 0; r < order.length; ) {
            int start = spanStart[r]; // a run may begin inside a span, after a member that broke it
            int e = pinned[start] ? end(start) : r + 1;
            int run = r + 1;
            while (run < e && dest[order[run]] - dest[order[r]] == (run - r) * stride[start]) {
                run++;
            }
            plan.add(new int[] {r, run - r});
            r = run;
        }
        return plan;
    }

    /** Copies per page set in the last {@link #copy}. */
    int lastCopies() {
        return lastCopies;
    }

    /** Marks the span at rank {@code r} as pinned without pinning it (CPU tests of {@link #plan}). */
    void assumePinned(int r) {
        pinned[r] = true;
    }

    private static void copy2d(long dst, long pitch, CUdeviceptr src, long srcOffset, long width, int rows,
                               CUstream stream) {
        CUDA_MEMCPY2D c = new CUDA_MEMCPY2D();
        c.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        c.srcDevice = src.withByteOffset(srcOffset);
        c.srcPitch = width;
        c.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        long span = pitch * (rows - 1) + width;
        c.dstHost = Pointer.to(MemorySegment.ofAddress(dst).reinterpret(span).asByteBuffer());
        c.dstPitch = pitch;
        c.WidthInBytes = width;
        c.Height = rows;
        int r = JCudaDriver.cuMemcpy2DAsync(c, stream);
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException("cuMemcpy2DAsync of " + rows + " pages of " + width + " bytes failed: "
                    + CUresult.stringFor(r));
        }
    }

    /** The spans' sizes in rings, in address order (for the metrics and tests). */
    List<Integer> spans() {
        List<Integer> s = new ArrayList<>();
        for (int r = 0; r < order.length; r = end(r)) {
            s.add(end(r) - r);
        }
        return s;
    }

    /** Unpins the spans pinned here (after the group's stream has drained). */
    void close() {
        for (int r = 0; r < registration.length; r++) {
            if (registration[r] != null) {
                cuMemHostUnregister(registration[r]);
                registration[r] = null;
                pinned[r] = false;
            }
        }
    }

}
