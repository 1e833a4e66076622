package org.sigflow.blocks.cuda;

import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.CrossDevicePages;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageRing;
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
    private KernelTimer timer;
    private final PageSource[] inRings;
    private int device;
    private final PageSlot[] inSlots;
    private final CUdeviceptr[] inPtrs;
    private PageRing[] outRings;
    private final PageSlot[] outSlots;
    private final CUdeviceptr[] outPtrs;

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

    @Override
    public final void start() {
        cuda = Cuda.get(device);
        cuda.bindThread();
        stream = Events.stream();
        timer = new KernelTimer(8);
        open();
    }

    @Override
    public final WorkResult work(WorkIo io) {
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
            for (int k = 0; k < outputs; k++) {
                outRings[k] = new PageRing(cuda, PageRing.DEFAULT_PAGES,
                        Math.max(1, outPageItems(inRings[0].pageItems())), outItemBytes);
                io.out(k).attach(outRings[k]);
            }
        }
        for (int k = 0; k < outputs; k++) {
            outSlots[k] = outRings[k].tryAcquire(); // takes nothing until published: a null leaves the others free
            if (outSlots[k] == null) {
                return WorkResult.CONTINUE; // every page of this output is still queued downstream: its reader wakes us
            }
            outPtrs[k] = outSlots[k].page().ptr();
        }
        for (int i = 0; i < inputs; i++) {
            Events.await(stream, inSlots[i].written());
        }
        for (PageSlot out : outSlots) {
            Events.await(stream, out.consumed());
        }
        prepare(items);
        timer.begin(stream);
        long produced = enqueue(inPtrs, outPtrs, items);
        timer.end(stream);
        for (int k = 0; k < outputs; k++) {
            Events.record(outSlots[k].written(), stream);
            outRings[k].publish(outSlots[k], produced);
        }
        for (int i = 0; i < inputs; i++) {
            Events.record(inSlots[i].consumed(), stream);
            inRings[i].release();
            io.consume(i, (int) items);
        }
        for (int k = 0; k < outputs; k++) {
            io.produce(k, (int) produced);
        }
        return WorkResult.CONTINUE;
    }

    @Override
    public final void stop() {
        if (stream == null) {
            return;
        }
        Events.close(stream);
        timer.close();
        close();
        PageSource.closeAll(outRings);
        PageSource.closeAll(inRings);
    }

    @Override
    public Map<String, Double> extraMetrics() {
        return DeviceMetrics.timed(timer, device, inRings);
    }

    /** Elements (floats) of {@code items} items of {@code itemFloats} floats each, as the kernels' long count. */
    protected static long floats(long items, int itemFloats) {
        return items * itemFloats;
    }
}
