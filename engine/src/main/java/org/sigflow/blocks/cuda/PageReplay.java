package org.sigflow.blocks.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Addresses;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.Driver;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageSlot;

/**
 * A CUDA block's per-page work as CUDA graphs: the first page of each layout (which input and output pages, which
 * timing pair, how many items, which parameter values) is captured from the block's stream — the waits on the pages'
 * events, the start event, the kernels, the end event and the records of the pages' events — and instantiated; every
 * later page of that layout is one {@code cuGraphLaunch}. Page rings have 3 pages and the timer 8 pairs, so a steady
 * stream cycles through a few dozen layouts. A capture that fails turns replay off for the block (it then queues
 * each call directly); past {@link #MAX_GRAPHS} layouts, new ones are queued directly too.
 */
final class PageReplay {
    static final int MAX_GRAPHS = 256;
    private static final System.Logger LOG = System.getLogger(PageReplay.class.getName());

    private record Replay(long exec, long produced) {}

    private final Driver driver = Driver.get();
    private final String blockName;
    private final Map<List<Object>, Replay> graphs = new HashMap<>();
    private final List<Long> retired = new ArrayList<>();
    private boolean off;
    private volatile long graphLaunches;

    PageReplay(String blockName) {
        this.blockName = blockName;
    }

    /**
     * Queues one page as a graph replay (capturing it first if its layout is new); returns the items produced, or
     * -1 when the page must be queued directly (replay off, or too many layouts). {@code work} queues the page's
     * kernels and returns its output items; it runs only while capturing.
     */
    long run(CUstream stream, KernelTimer timer, PageSlot[] ins, PageSlot[] outs, long items, long version,
             LongSupplier work) {
        if (off) {
            return -1;
        }
        int pair = timer.claim();
        Object[] key = new Object[ins.length + outs.length + 3];
        key[0] = items;
        key[1] = pair;
        key[2] = version;
        System.arraycopy(ins, 0, key, 3, ins.length);
        System.arraycopy(outs, 0, key, 3 + ins.length, outs.length);
        List<Object> k = List.of(key);
        Replay r = graphs.get(k);
        if (r == null) {
            if (graphs.size() >= MAX_GRAPHS) {
                return -1;
            }
            r = capture(stream, timer, pair, ins, outs, work);
            if (r == null) {
                return -1;
            }
            graphs.put(k, r);
        }
        driver.launchGraph(r.exec, Addresses.of(stream));
        timer.launched(pair);
        graphLaunches = graphLaunches + 1; // one writer: the block's thread
        return r.produced;
    }

    private Replay capture(CUstream stream, KernelTimer timer, int pair, PageSlot[] ins, PageSlot[] outs,
                           LongSupplier work) {
        long s = Addresses.of(stream);
        long graph = 0;
        try {
            driver.beginCapture(s);
            long produced;
            try {
                for (PageSlot in : ins) {
                    Events.awaitCaptured(stream, in.written());
                }
                for (PageSlot out : outs) {
                    Events.awaitCaptured(stream, out.consumed());
                }
                if (pair >= 0) {
                    Events.recordCaptured(timer.start(pair), stream);
                }
                produced = work.getAsLong();
                if (pair >= 0) {
                    Events.recordCaptured(timer.end(pair), stream);
                }
                for (PageSlot out : outs) {
                    Events.recordCaptured(out.written(), stream);
                }
                for (PageSlot in : ins) {
                    Events.recordCaptured(in.consumed(), stream);
                }
            } finally {
                graph = driver.endCapture(s);
            }
            long exec = driver.instantiate(graph);
            return new Replay(exec, produced);
        } catch (CudaException | IllegalStateException e) {
            off = true;
            LOG.log(System.Logger.Level.WARNING, "block '" + blockName + "': CUDA graph replay is off ("
                    + e.getMessage() + "); its pages are queued directly");
            return null;
        } finally {
            if (graph != 0) {
                driver.destroyGraph(graph);
            }
        }
    }

    /** Parameters changed: the graphs holding the old values are no longer used (destroyed at {@link #close}). */
    void invalidate() {
        graphs.values().forEach(r -> retired.add(r.exec));
        graphs.clear();
    }

    long graphLaunches() {
        return graphLaunches;
    }

    int layouts() {
        return graphs.size() + retired.size();
    }

    /** After the stream's work has finished. */
    void close() {
        invalidate();
        retired.forEach(driver::destroyExec);
        retired.clear();
    }
}
