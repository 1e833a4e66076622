package org.sigflow.blocks.memory;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuMemHostRegister;
import static jcuda.driver.JCudaDriver.cuMemHostUnregister;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.LockSupport;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.CudaException;

/**
 * A memory node's DMA straight to or from its off-heap CPU ring: pins the ring's pages once
 * ({@code cuMemHostRegister}) and tracks the copies queued on the ring in <em>pieces</em>, so the node consumes (h2d)
 * or publishes (d2h) ring items only once the DMA is done with them. A piece never crosses the ring's end: the ring's
 * views are contiguous up to it, and the next piece starts again at the ring's start.
 *
 * <p>The node's own thread never waits for the device: a small waiter thread waits for each piece's event (paced by
 * default, {@link PieceWait}), counts it done and wakes the node. So the node's busy figure is its real host work;
 * the waiter's CPU time is in the trace ({@link DmaTrace}).
 */
final class RingDma {
    /**
     * Smallest page, in elements, that crosses zero-copy; smaller pages keep the staging path
     * ({@code -Dsigflow.memory.zeroCopyMinPage=N}). Measured on an H100 (2026-11-26, docs/performance.md "The GPU
     * link at the source's rate"), one multiply_const_cuda between the memory nodes: at 4 Ki-item cf32 pages (8 Ki
     * elements) staging 256 against zero-copy 199 Msps (chain of 8: 255 against 128): a small page's DMA, its
     * wake-up and the ring's refill take turns; at 16 Ki items (32 Ki elements) zero-copy 591–1,199 in three runs,
     * staging 654 in one (noisy: the threshold is a weak choice there).
     */
    static long minPageElements() {
        return Long.getLong("sigflow.memory.zeroCopyMinPage", 1L << 15);
    }

    /** Pieces in flight at most (a piece is up to half a work chunk, so a chunk or two are always queued). */
    static final int PIECES = 16;

    /**
     * A memory node's copy streams, which its zero-copy path takes page by page in turn
     * ({@code -Dsigflow.memory.dmaStreams=N}, 1 to 4, default 2; the first is also the staging path's): with one, a
     * narrow host stream's widening (h2d) or narrowing (d2h) kernel sits on the copy stream between two pages' copies
     * and the copy engine waits for it; with two, the next page's copy runs beside it (H100, 2026-11-27: the cs8
     * 512-point FFT stream 29.2–30.8 against 33.6–34.3 ns per FFT, docs/performance.md "The link with more in flight").
     */
    static CUstream[] streams() {
        CUstream[] s = new CUstream[Math.max(1, Math.min(4, Integer.getInteger("sigflow.memory.dmaStreams", 2)))];
        for (int i = 0; i < s.length; i++) {
            s[i] = org.sigflow.cuda.Events.stream();
        }
        return s;
    }

    private final Pointer base;
    private final long address;
    private final boolean registered;
    private final CUevent[] events = new CUevent[PIECES];
    private final long[] items = new long[PIECES];
    private final long[] queuedAt = new long[PIECES];
    private final PieceWait wait = PieceWait.configured();
    /** The link's time per ring item as the waiter has seen it (paced waits). */
    private final PieceRate rate = new PieceRate();
    private final BlockingQueue<CUevent> toWait = new ArrayBlockingQueue<>(PIECES + 1);
    private final CUevent stop = new CUevent();
    private final Thread waiter;
    private volatile Thread owner;
    private volatile long completed;
    private volatile Throwable failure;
    private long added;
    private long retired;
    /** Where the link's time goes ({@code -Dsigflow.memory.dmaTrace=true}); null when not traced. */
    private final DmaTrace trace;

    RingDma(Cuda cuda, MemorySegment ring, String node) {
        base = Pointer.to(ring.asByteBuffer());
        address = ring.address();
        trace = DmaTrace.ENABLED ? new DmaTrace(node, ring.byteSize()) : null;
        int r = cuMemHostRegister(base, ring.byteSize(), 0);
        if (trace != null) {
            trace.registered();
        }
        if (r != CUresult.CUDA_SUCCESS && r != CUresult.CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED) {
            throw new CudaException("cuMemHostRegister of the CPU ring (" + ring.byteSize() + " bytes) failed: "
                    + CUresult.stringFor(r));
        }
        registered = r == CUresult.CUDA_SUCCESS; // else the other end's memory node pinned it
        try {
            for (int i = 0; i < PIECES; i++) {
                events[i] = new CUevent();
                check(cuEventCreate(events[i],
                        CUevent_flags.CU_EVENT_BLOCKING_SYNC | CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
            }
        } catch (RuntimeException e) {
            for (CUevent made : events) {
                if (made != null) {
                    jcuda.driver.JCudaDriver.cuEventDestroy(made); // (the failed one was never made: its call is harmless)
                }
            }
            if (registered) { // nobody else would undo it, and the graph frees the ring at its end
                jcuda.driver.JCudaDriver.cuMemHostUnregister(base);
            }
            throw e;
        }
        int cpu = NodeCores.waiterCpu(); // taken on the node's thread (pair: its CPU)
        waiter = new Thread(() -> waitLoop(cuda, cpu), "sigflow-dma-wait-" + node);
        waiter.setDaemon(true);
        waiter.start();
    }

    /** The ring's address {@code byteOffset} bytes in. */
    long at(long byteOffset) {
        return address + byteOffset;
    }

    /** True when no further piece may be queued until one is retired. */
    boolean full() {
        return added - retired == PIECES;
    }

    boolean inFlight() {
        return added > retired;
    }

    /** After queueing a copy of {@code n} ring items on {@code stream}: marks it as one piece. */
    void add(CUstream stream, long n) {
        owner = Thread.currentThread();
        if (trace != null) {
            trace.queued(added - completed, n);
        }
        int k = (int) (added % PIECES);
        items[k] = n;
        queuedAt[k] = System.nanoTime();
        org.sigflow.cuda.Events.record(events[k], stream); // through FFM where the driver binding is there
        added++;
        if (!toWait.offer(events[k])) {
            throw new IllegalStateException("DMA piece queue over-full");
        }
    }

    /** Ring items of the pieces the DMA has finished since the last call, oldest first (never waits). */
    long retire() {
        Throwable t = failure;
        if (t != null) {
            throw new CudaException("waiting for a DMA piece failed: " + t.getMessage());
        }
        long done = completed;
        long n = 0;
        for (; retired < done; retired++) {
            n += items[(int) (retired % PIECES)];
        }
        return n;
    }

    /** Waits (parked, woken by the waiter) until the oldest piece is done, then retires what is done. */
    long awaitOldest() {
        owner = Thread.currentThread();
        while (completed == retired && failure == null) {
            LockSupport.parkNanos(this, 1_000_000L);
        }
        return retire();
    }

    private void waitLoop(Cuda cuda, int cpu) {
        try {
            if (cpu >= 0) {
                System.err.println("sigflow: " + Thread.currentThread().getName()
                        + (NodeCores.pin(cpu) ? " pinned to cpu " + cpu : " not pinned"));
            }
            cuda.bindThread();
            if (wait == PieceWait.PACED) {
                PieceWait.tightTimer();
            }
            long lastDone = 0;
            for (long w = 0; ; w++) {
                CUevent e = toWait.take();
                if (e == stop) {
                    return;
                }
                int k = (int) (w % PIECES);
                long since = Math.max(queuedAt[k], lastDone); // when it became the oldest in flight
                boolean exact = wait.await(e, since, rate.expectNanos(items[k]));
                long now = System.nanoTime();
                rate.learn(exact, queuedAt[k] < lastDone, (now - since) / (double) items[k]);
                lastDone = now;
                if (trace != null) {
                    trace.done();
                }
                completed++; // single writer
                Thread o = owner;
                if (o != null) {
                    LockSupport.unpark(o);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            failure = t;
            Thread o = owner;
            if (o != null) {
                LockSupport.unpark(o);
            }
        } finally {
            if (trace != null) {
                trace.waiterCpu();
            }
        }
    }

    /** After the node's stream has drained: ends the waiter, frees the events and unpins the ring. */
    void close() {
        toWait.offer(stop);
        try {
            waiter.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (CUevent e : events) {
            cuEventDestroy(e);
        }
        if (registered) {
            cuMemHostUnregister(base);
        }
        if (trace != null) {
            trace.report();
        }
    }

    private static void check(int r, String call) {
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(r));
        }
    }
}
