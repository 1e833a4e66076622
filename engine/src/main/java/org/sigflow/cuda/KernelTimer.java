package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventQuery;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import jcuda.driver.CUevent;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;

/**
 * Device time of a block's kernels from events recorded around each page's work, read back without waiting: a pair
 * is harvested once its end-event has completed ({@code cuEventQuery}); a page that finds every pair busy is simply
 * not timed, and {@link #sampleEvery} times only every n-th page: {@link #estimatedMillis()} scales the timed pages'
 * sum to all pages, and {@link #pagesTimed()} says how many pages it rests on.
 */
public final class KernelTimer {
    private final CUevent[] starts;
    private final CUevent[] ends;
    private final boolean[] busy;
    private int next;
    private int oldest;
    private int current = -1;
    private volatile double millis;
    private volatile long pagesTimed;
    private final Driver driver = LaunchPath.current().ffm() ? Driver.get() : null;
    private final MemorySegment scratch = Arena.ofAuto().allocate(4);
    private boolean broken;
    private int every = 1;
    private volatile long pages;
    /** Pages beyond the first of spans that cover a run of pages ({@link #morePages}). */
    private volatile long extraPages;
    /** With {@link Timeline#on()}: each pair's page and the host time its begin was queued, and whose timer this is. */
    private final long[] pageOf;
    private final long[] hostBegin;
    private final String who = Thread.currentThread().getName();

    public KernelTimer(int pairs) {
        pageOf = new long[pairs];
        hostBegin = new long[pairs];
        starts = new CUevent[pairs];
        ends = new CUevent[pairs];
        busy = new boolean[pairs];
        for (int i = 0; i < pairs; i++) {
            starts[i] = Events.timing();
            ends[i] = Events.timing();
        }
    }

    /** Before a page's kernels are queued. */
    public void begin(CUstream stream) {
        current = sampled() && !busy[next] ? next : -1;
        if (current >= 0) {
            if (Timeline.on()) {
                pageOf[current] = pages - 1;
                hostBegin[current] = System.nanoTime();
            }
            Events.record(starts[current], stream);
        }
    }

    /** After a page's kernels are queued. */
    public void end(CUstream stream) {
        if (current >= 0) {
            Events.record(ends[current], stream);
            busy[current] = true;
            next = (current + 1) % starts.length;
            current = -1;
        }
    }

    /**
     * Adds the pairs that have completed, oldest first; with {@code wait}, waits for all (end of run). Pairs are
     * recorded in turn on one stream, so the busy ones are a run from {@link #oldest} that completes in order: the
     * first one still running ends the scan (one {@code cuEventQuery} per page instead of one per pair: at 4 Ki-item
     * pages each driver call is host time of the page).
     */
    public void harvest(boolean wait) {
        for (int k = 0; k < starts.length && busy[oldest]; k++) {
            int i = oldest;
            if (wait) {
                Events.sync(ends[i]);
            } else if (query(ends[i]) != CUresult.CUDA_SUCCESS) {
                return;
            }
            if (!broken) {
                try {
                    millis += elapsed(i);
                    pagesTimed++;
                    if (Timeline.on()) {
                        Timeline.add(who, pageOf[i], hostBegin[i], starts[i], ends[i]);
                    }
                } catch (CudaException e) {
                    broken = true; // e.g. a driver that cannot time events recorded by a graph: figures stop, work goes on
                }
            }
            busy[i] = false;
            oldest = (i + 1) % starts.length;
        }
    }

    private int query(CUevent e) {
        return driver != null ? driver.query(Addresses.of(e)) : cuEventQuery(e);
    }

    private float elapsed(int i) {
        if (driver != null) {
            return driver.elapsed(Addresses.of(starts[i]), Addresses.of(ends[i]), scratch);
        }
        float[] ms = {0};
        Cu.check(cuEventElapsedTime(ms, starts[i], ends[i]), "cuEventElapsedTime");
        return ms[0];
    }

    /**
     * Graph replay: the pair the next page may time (its events are recorded inside the replayed graph, around the
     * kernels only, so the span is device time), or -1 when every pair is still in flight (the page goes untimed).
     */
    public int claim() {
        return sampled() && !busy[next] ? next : -1;
    }

    /** Counts a page; true when it is one to time (then harvests finished pairs first). */
    private boolean sampled() {
        long p = pages;
        pages = p + 1; // one writer: the block's thread
        if (p % every != 0) {
            return false;
        }
        harvest();
        return true;
    }

    /**
     * Times one page in {@code n} (1: every page). At small pages the two records, the query and the read-back of
     * a timed page are a large part of the page's host time; the sampled pages' mean stands for the others.
     */
    public void sampleEvery(int n) {
        every = Math.max(1, n);
    }

    /** The page holding {@link #claim()}'s pair has been launched. */
    public void launched(int pair) {
        if (pair >= 0) {
            busy[pair] = true;
            next = (pair + 1) % starts.length;
        }
    }

    public CUevent start(int pair) {
        return starts[pair];
    }

    public CUevent end(int pair) {
        return ends[pair];
    }

    private void harvest() {
        harvest(false);
    }

    public double millis() {
        return millis;
    }

    /** Kernel milliseconds of all pages: the timed pages' sum scaled by pages over pages timed. */
    public double estimatedMillis() {
        long t = pagesTimed;
        return t == 0 ? 0 : millis * ((double) pages / t); // spans timed against spans queued
    }

    /** Pages counted (timed or not). */
    public long pages() {
        return pages + extraPages;
    }

    /**
     * The span just begun covers {@code n} pages more than one (a run of pages in one copy or kernel): counted in
     * {@link #pages()}; the time estimate stays one of spans ({@link #estimatedMillis()} is the total either way).
     */
    public void morePages(long n) {
        extraPages = extraPages + n; // one writer: the block's thread
    }

    public long pagesTimed() {
        return pagesTimed;
    }

    public void close() {
        harvest(true);
        for (int i = 0; i < starts.length; i++) {
            Events.destroy(starts[i]);
            Events.destroy(ends[i]);
        }
    }
}
