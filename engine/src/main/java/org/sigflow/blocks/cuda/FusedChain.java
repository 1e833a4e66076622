package org.sigflow.blocks.cuda;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.blocks.cuda.fusion.FusedSource;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Driver;
import org.sigflow.cuda.PageRing;

/**
 * A chain of element-wise CUDA blocks running as one generated kernel. Every member keeps its node, thread, port
 * tokens, tags and metrics; the head queues the fused kernel from its input pages straight into the chain's page
 * ring, the later members only pass the item counts (and tags) along, and the tail attaches that ring to its output
 * edge, so the block after the chain reads the fused result as if the tail had written it. A page the tail's reader
 * frees wakes the tail, which wakes the head. Kernel time is measured by the head and shown split evenly over the
 * members, each marked {@code fused}.
 */
final class FusedChain {
    private final List<CudaBlock> members;
    private final byte[] cubin;
    private final int samplesPerItem;
    private final String label;
    private final AtomicLong version = new AtomicLong();
    private volatile PageRing ring;
    private volatile Thread headThread;
    private long module;
    private long function;

    FusedChain(List<CudaBlock> members, byte[] cubin, int samplesPerItem, String label) {
        this.members = List.copyOf(members);
        this.cubin = cubin;
        this.samplesPerItem = samplesPerItem;
        this.label = label;
    }

    int size() {
        return members.size();
    }

    CudaBlock head() {
        return members.getFirst();
    }

    /** Head thread, after the stream exists: loads the compiled kernel. */
    void open() {
        headThread = Thread.currentThread();
        module = Driver.get().loadModule(cubin);
        function = Driver.get().function(module, FusedSource.KERNEL);
    }

    /**
     * Head thread: the chain's output ring, made on the first page (items per page as the head's input pages); in
     * runs of pages ({@link PageRing#inRuns}) when {@code runs}.
     */
    PageRing ring(Cuda cuda, long pageItems, boolean runs) {
        PageRing r = ring;
        if (r == null) {
            long itemBytes = members.getLast().outItemBytes();
            int pages = CudaBlock.ringPages(pageItems * itemBytes);
            r = runs ? PageRing.inRuns(cuda, pages, pageItems, itemBytes) : new PageRing(cuda, pages, pageItems, itemBytes);
            ring = r;
        }
        return r;
    }

    /** The ring for the tail to attach (made before the head's first items reach the tail). */
    PageRing ring() {
        return ring;
    }

    /** Head thread: queues the fused kernel for one page on {@code stream}; returns the output items. */
    long enqueue(Cuda cuda, CUstream stream, CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * samplesPerItem;
        int consts = 0;
        for (CudaBlock m : members) {
            consts += ((FusableCuda) m).fusedOp().constants();
        }
        Object[] args = new Object[in.length + 2 + consts];
        int a = 0;
        for (CUdeviceptr p : in) {
            args[a++] = p;
        }
        args[a++] = out;
        args[a++] = n;
        for (CudaBlock m : members) {
            for (float c : ((FusableCuda) m).fusedConstants()) {
                args[a++] = c;
            }
        }
        cuda.kernels().launchFunction(function, label, stream, n, args);
        return items;
    }

    /** A member's parameter changed: the head's replayed graphs (which hold the constants) are captured anew. */
    void paramsChanged() {
        version.incrementAndGet();
    }

    long version() {
        return version.get();
    }

    void wakeHead() {
        Thread t = headThread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Head thread, after its stream's work has finished. */
    void close() {
        if (module != 0) {
            Driver.get().unloadModule(module);
            module = 0;
        }
    }

    String label() {
        return label;
    }
}
