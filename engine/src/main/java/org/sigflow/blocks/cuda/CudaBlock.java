package org.sigflow.blocks.cuda;

import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.CrossDevicePages;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.LaunchPath;
import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageRuns;
import org.sigflow.cuda.PageSlot;
import org.sigflow.cuda.PageSource;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Base of the CUDA blocks with device inputs and device outputs (one, or several of the same item size, as the
 * channelizer's), one page per work call. The block's thread only
 * queues work on the block's own stream: it waits (on the device) for each input page's written-event and the output
 * page's consumed-event, queues the kernels ({@link #enqueue}), records the output's written-event and the inputs'
 * consumed-events, and moves on; the host never waits here. Kernel time comes from events around each page.
 * The block runs on its {@code device} param's GPU; an input written on another GPU is moved over page by page
 * ({@link CrossDevicePages}).
 */
public abstract class CudaBlock implements Block {
    private final int inputs;
    private final int outputs;
    private final long outItemBytes;
    protected Cuda cuda;
    protected CUstream stream;
    private volatile KernelTimer timer;
    private PageReplay replay;
    private long paramVersion;
    private FusedChain fusion;
    private int fusedIndex;
    private boolean relayAttached;
    private final PageSource[] inRings;
    private int device;
    private final PageSlot[] inSlots;
    private final CUdeviceptr[] inPtrs;
    private PageRing[] outRings;
    private PageSlot[] outSlots;
    private final CUdeviceptr[] outPtrs;
    /** The input ring when this block moves runs of pages per kernel ({@link PageRunCuda}), else null. */
    private PageRing runIn;

    /** Pages under this size time one page in {@link #SAMPLE_EVERY} (their timing calls are much of their host time). */
    static final long SMALL_PAGE_BYTES = 1 << 20;
    static final int SAMPLE_EVERY = 8;
    /** Device bytes an output ring of small pages holds at least (up to 16 pages). */
    private static final long RING_BYTES = 4L << 20;

    /**
     * Pages of an output ring: 3 for large pages; small pages get up to 16, so that enough pages are in flight to
     * cover the wake-ups between the blocks along a chain (at 4 Ki-item pages a 3-page ring made the chain wait).
     */
    public static int ringPages(long pageBytes) {
        if (!SMALL_PAGES) {
            return LARGE_RING_PAGES;
        }
        return (int) Math.max(LARGE_RING_PAGES, Math.min(smallRingPages(), RING_BYTES / Math.max(1, pageBytes)));
    }

    /**
     * Most pages of a ring of small pages ({@code -Dsigflow.cuda.smallRingPages}): 32 where pages go in runs of 4
     * (eight runs in flight: a fused chain of 8 at 4 Ki-item pages ran 8.8 against 11.3 µs per page with 16, H100,
     * 2026-11-27), else 16 as before.
     */
    private static int smallRingPages() {
        return Math.max(3, Integer.getInteger("sigflow.cuda.smallRingPages", PageRuns.enabled() ? 32 : 16));
    }

    /** One page in how many a timer of pages of {@code pageBytes} times (the memory nodes' copies too). */
    public static int timingSample(long pageBytes) {
        return SMALL_PAGES && pageBytes < SMALL_PAGE_BYTES ? SAMPLE_EVERY : 1;
    }

    /** Pages of a ring of large pages ({@code -Dsigflow.cuda.ringPages=N}, to measure deeper pipelines). */
    private static final int LARGE_RING_PAGES = Math.max(2,
            Integer.getInteger("sigflow.cuda.ringPages", PageRing.DEFAULT_PAGES));

    /** {@code -Dsigflow.cuda.smallPages=off}: 3-page rings and every page timed (the earlier behaviour, to compare). */
    private static final boolean SMALL_PAGES = !"off".equalsIgnoreCase(System.getProperty("sigflow.cuda.smallPages"));

    /** @param outItemBytes bytes of one output item on the device */
    protected CudaBlock(int inputs, long outItemBytes) {
        this(inputs, 1, outItemBytes);
    }

    /** @param outItemBytes bytes of one item of each output on the device */
    protected CudaBlock(int inputs, int outputs, long outItemBytes) {
        this.inputs = inputs;
        this.outputs = outputs;
        this.outItemBytes = outItemBytes;
        this.outSlots = new PageSlot[outputs];
        this.outPtrs = new CUdeviceptr[outputs];
        this.inRings = new PageSource[inputs];
        this.inSlots = new PageSlot[inputs];
        this.inPtrs = new CUdeviceptr[inputs];
    }

    /**
     * Queues the work for one page on {@link #stream}: {@code items} input items at each of {@code in}, output to
     * {@code out}; returns the output items.
     */
    protected abstract long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items);

    /**
     * Queues the work for one page of a block with several outputs ({@code out[k]}: output {@code k}'s page, each
     * receiving the same item count, returned). One-output blocks implement only {@link #enqueue(CUdeviceptr[],
     * CUdeviceptr, long)}.
     */
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr[] out, long items) {
        return enqueue(in, out[0], items);
    }

    /**
     * Called after a page's kernels are queued, before its output is published ({@code produced} items from
     * {@code io.out(0).position()}): a block whose results are tags (a detector) waits for its own stream here and
     * adds them. The others never wait.
     */
    protected void tagPage(WorkIo io, long produced) {}

    /** Host-side set-up for a page of {@code items} before its kernels are timed (e.g. making an FFT plan). */
    protected void prepare(long items) {}

    /** Output page capacity for input pages of {@code inPageItems} (a decimator divides). */
    protected long outPageItems(long inPageItems) {
        return inPageItems;
    }

    /** Called on the block's thread after the stream exists (upload taps, make plans). */
    protected void open() {}

    /** Called on the block's thread after the stream's work has finished (return pages, destroy plans). */
    protected void close() {}

    @Override
    public final boolean outputOnDevice(int port) {
        return true;
    }

    @Override
    public final boolean inputOnDevice(int port) {
        return true;
    }

    /** Set by the factory from the {@code device} param (already checked to exist). */
    final void onDevice(int device) {
        this.device = device;
    }

    /** The GPU this block runs on. */
    final int device() {
        return device;
    }

    @Override
    public final void start() {
        cuda = Cuda.get(device);
        cuda.bindThread();
        stream = Events.stream();
        timer = new KernelTimer(8);
        boolean fusedHead = fusion != null && fusedIndex == 0;
        replay = (replayable() || fusedHead) && LaunchPath.current() == LaunchPath.GRAPH
                ? new PageReplay(getClass().getSimpleName()) : null;
        open();
        if (fusedHead) {
            fusion.open();
        }
    }

    @Override
    public final WorkResult work(WorkIo io) {
        if (fusion != null && fusedIndex > 0) {
            return relay(io);
        }
        long items = -1;
        for (int i = 0; i < inputs; i++) {
            InputView in = io.in(i);
            if (in.available() == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (inRings[i] == null) {
                inRings[i] = PageSource.forReader(in.attachment(), cuda);
            }
            inSlots[i] = inRings[i].head();
            long n = inSlots[i].items();
            if (items >= 0 && n != items) {
                throw new IllegalArgumentException("its inputs come in pages of different sizes (" + items + " and "
                        + n + " items): give the memory nodes feeding them the same Page Size");
            }
            items = n;
            inPtrs[i] = inSlots[i].page().ptr();
        }
        if (outRings == null) {
            outRings = new PageRing[outputs];
            boolean small = SMALL_PAGES && inRings[0].pageItems() * inRings[0].itemBytes() < SMALL_PAGE_BYTES;
            timer.sampleEvery(small ? SAMPLE_EVERY : 1);
            int connected = 0;
            boolean runs = pagesInRuns() && PageRunCuda.runsIn(inRings);
            for (int k = 0; k < outputs; k++) {
                long pageItems = Math.max(1, outPageItems(inRings[0].pageItems()));
                if (!io.out(k).connected() && deviceOutputOptional(k)) {
                    continue; // an unconnected optional output: no pages, a null pointer for the kernels
                }
                connected++;
                if (fusion != null) {
                    outRings[k] = fusion.ring(cuda, pageItems, runs); // the tail attaches it to its output
                    continue;
                }
                int pages = ringPages(pageItems * outItemBytes);
                outRings[k] = runs ? PageRing.inRuns(cuda, pages, pageItems, outItemBytes)
                        : new PageRing(cuda, pages, pageItems, outItemBytes);
                io.out(k).attach(outRings[k]);
            }
            outSlots = new PageSlot[connected]; // the connected outputs' slots, in port order
            runIn = pagesInRuns() ? PageRunCuda.inputRing(inRings, outRings) : null;
        }
        for (int k = 0, c = 0; k < outputs; k++) {
            if (outRings[k] == null) {
                outPtrs[k] = null;
                continue;
            }
            outSlots[c] = outRings[k].tryAcquire(); // takes nothing until published: a null leaves the others free
            if (outSlots[c] == null) {
                return WorkResult.CONTINUE; // every page of this output is still queued downstream: its reader wakes us
            }
            outPtrs[k] = outSlots[c++].page().ptr();
        }
        int pages = runIn == null ? 1 : PageRunCuda.pages(runIn, outRings[0], io.in(0).available());
        if (pages > 1) {
            items = PageRunCuda.items(runIn, pages);
            timer.morePages(pages - 1);
        }
        prepare(items);
        long pageItems = items;
        long produced = replay == null ? -1
                : replay.run(stream, timer, inSlots, outSlots, items, fusion != null ? fusion.version() : paramVersion,
                        () -> queueKernels(pageItems));
        if (produced < 0) {
            produced = queueDirect(items);
        }
        tagPage(io, produced);
        if (pages > 1) { // element-wise: each output page gets its input page's items
            PageRunCuda.finish(runIn, outRings[0], pages);
            io.consume(0, (int) items);
            io.produce(0, (int) produced);
            return WorkResult.CONTINUE;
        }
        for (int k = 0, c = 0; k < outputs; k++) {
            if (outRings[k] != null) {
                outRings[k].publish(outSlots[c++], produced);
            }
        }
        for (int i = 0; i < inputs; i++) {
            inRings[i].release();
            io.consume(i, (int) items);
        }
        for (int k = 0; k < outputs; k++) {
            io.produce(k, (int) produced);
        }
        return WorkResult.CONTINUE;
    }

    /** One page's work as separate driver calls (waits, timing events, kernels, records); returns output items. */
    private long queueDirect(long items) {
        for (int i = 0; i < inputs; i++) {
            Events.await(stream, inSlots[i].written());
        }
        for (PageSlot out : outSlots) {
            Events.await(stream, out.consumed());
        }
        timer.begin(stream);
        long produced = queueKernels(items);
        timer.end(stream);
        for (PageSlot out : outSlots) {
            Events.record(out.written(), stream);
        }
        for (PageSlot in : inSlots) {
            Events.record(in.consumed(), stream);
        }
        return produced;
    }

    /** The page's kernels: the block's own, or the fused chain's at its head. */
    private long queueKernels(long items) {
        return fusion != null ? fusion.enqueue(cuda, stream, inPtrs, outPtrs[0], items) : enqueue(inPtrs, outPtrs, items);
    }

    /**
     * A fused chain's later member: passes the item counts (and with them the tags) on; the tail attaches the
     * chain's page ring to its output and wakes the head whenever it runs (its reader has freed a page).
     */
    private WorkResult relay(WorkIo io) {
        boolean tail = fusedIndex == fusion.size() - 1;
        InputView in = io.in(0);
        int n = Math.min(in.available(), io.out(0).space());
        if (tail) {
            fusion.wakeHead();
        }
        if (n == 0) {
            return in.available() == 0 && in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        if (tail && !relayAttached) {
            io.out(0).attach(fusion.ring());
            relayAttached = true;
        }
        io.consume(0, n);
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }

    /** Makes this block stage {@code index} of {@code chain} (before it starts; see {@link CudaFusion}). */
    final void joinFusion(FusedChain chain, int index) {
        this.fusion = chain;
        this.fusedIndex = index;
    }

    /** Bytes of one item of each output on the device. */
    final long outItemBytes() {
        return outItemBytes;
    }

    /**
     * True when {@link #enqueue} queues the same work for the same pointers, item count and {@link #paramsChanged
     * parameter version} (no host state that changes per page): its pages are then replayed as CUDA graphs.
     */
    protected boolean replayable() {
        return false;
    }

    /**
     * True when the kernels write no byte past a page's items, so the output pages may sit back to back in runs
     * that a memory node downloads in one copy ({@link org.sigflow.cuda.PageRuns}).
     */
    protected boolean pagesInRuns() {
        return false;
    }

    /** A parameter the kernels read changed (call on the block's thread): replayed graphs are captured anew. */
    protected final void paramsChanged() {
        paramVersion++;
        if (fusion != null) {
            fusion.paramsChanged();
        }
    }

    @Override
    public final void stop() {
        if (stream == null) {
            return;
        }
        Events.close(stream);
        timer.close();
        if (replay != null) {
            replay.close();
        }
        if (fusion != null && fusedIndex == 0) {
            fusion.close();
        }
        close();
        PageSource.closeAll(outRings);
        PageSource.closeAll(inRings);
    }

    @Override
    public Map<String, Double> extraMetrics() {
        KernelTimer t = timer;
        if (t == null) {
            return Map.of();
        }
        if (fusion != null) { // the head times the fused kernel; each member shows an even share
            KernelTimer h = fusion.head().timer;
            int k = fusion.size();
            return DeviceMetrics.with(h == null ? Map.of("fused", (double) k) : Map.of("kernel_ms",
                    h.estimatedMillis() / k, "pages_timed", (double) h.pagesTimed(), "pages", (double) h.pages(),
                    "fused", (double) k), device, inRings);
        }
        PageReplay r = replay;
        return DeviceMetrics.with(Map.of("kernel_ms", t.estimatedMillis(), "pages_timed", (double) t.pagesTimed(),
                "pages", (double) t.pages(), "graph_pages", r == null ? 0.0 : (double) r.graphLaunches()), device,
                inRings);
    }

    /** Elements (floats) of {@code items} items of {@code itemFloats} floats each, as the kernels' long count. */
    protected static long floats(long items, int itemFloats) {
        return items * itemFloats;
    }
}
