package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;

import java.util.Map;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageSlot;
import org.sigflow.cuda.PageSource;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The GPU lane blocks' common work: one page per call moves from input {@link #inPort()} to output
 * {@link #outPort()} by a device-to-device copy on the block's stream (after the input's written-event and the output
 * page's consumed-event), with the page's tags; the turn then passes to the next lane. Page boundaries are the
 * dealing unit, so a split's page k goes to lane k mod N and the merge takes page k back from there. An input
 * written on another GPU is moved over first ({@link PageSource#forReader}).
 */
abstract class PageLanes implements Block {
    protected final int lanes;
    private final int device;
    private final int outputs;
    private final PageSource[] sources;
    private PageRing[] rings;
    private Cuda cuda;
    private CUstream stream;
    private KernelTimer timer;
    protected long pages;

    PageLanes(int lanes, int inputs, int outputs, int device) {
        this.lanes = lanes;
        this.device = device;
        this.sources = new PageSource[inputs];
        this.outputs = outputs;
    }

    /** The input whose page moves next. */
    abstract int inPort();

    /** The output it moves to. */
    abstract int outPort();

    @Override
    public final boolean inputOnDevice(int port) {
        return true;
    }

    @Override
    public final boolean outputOnDevice(int port) {
        return true;
    }

    @Override
    public final TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public final void start() {
        cuda = Cuda.get(device);
        cuda.bindThread();
        stream = Events.stream();
        timer = new KernelTimer(8);
    }

    @Override
    public final WorkResult work(WorkIo io) {
        int i = inPort();
        InputView in = io.in(i);
        if (in.available() == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE; // the lane whose turn it is has ended
        }
        if (sources[i] == null) {
            sources[i] = PageSource.forReader(in.attachment(), cuda);
        }
        PageSlot src = sources[i].head();
        if (rings == null) {
            rings = new PageRing[outputs];
            for (int k = 0; k < outputs; k++) {
                rings[k] = new PageRing(cuda, PageRing.DEFAULT_PAGES, sources[i].pageItems(), sources[i].itemBytes());
                io.out(k).attach(rings[k]);
            }
        }
        int o = outPort();
        PageSlot dst = rings[o].tryAcquire();
        if (dst == null) {
            return WorkResult.CONTINUE; // its reader's release wakes us
        }
        long items = src.items();
        Events.await(stream, src.written());
        Events.await(stream, dst.consumed());
        timer.begin(stream);
        int r = cuMemcpyDtoDAsync(dst.page().ptr(), src.page().ptr(), items * sources[i].itemBytes(), stream);
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException("cuMemcpyDtoDAsync failed: " + CUresult.stringFor(r));
        }
        timer.end(stream);
        Events.record(dst.written(), stream);
        Events.record(src.consumed(), stream);
        OutputView out = io.out(o);
        for (Tag t : in.tags((int) items)) {
            out.addTag(out.position() + t.offset() - in.position(), t.key(), t.value());
        }
        rings[o].publish(dst, items);
        sources[i].release();
        io.consume(i, (int) items);
        io.produce(o, (int) items);
        pages++;
        return WorkResult.CONTINUE;
    }

    @Override
    public final void stop() {
        if (stream == null) {
            return;
        }
        Events.close(stream);
        timer.close();
        PageSource.closeAll(rings);
        PageSource.closeAll(sources);
    }

    @Override
    public Map<String, Double> extraMetrics() {
        return DeviceMetrics.timed(timer, device, sources);
    }
}
