package org.sigflow.blocks.memory;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import java.util.Map;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageSlot;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code memory_h2d} on a GPU: copies the CPU ring's items into pinned staging pages (packed to the wire format),
 * uploads each full page asynchronously on its own copy stream into the next free device page of the output ring
 * (after the device has waited for that page's consumed-event), unpacks narrow formats into fp32 in a kernel on the
 * same stream, and records the page's written-event. The only host wait is for a staging page's previous upload,
 * three pages back.
 */
final class DeviceUpload implements Block {
    private static final int PAGES = PageRing.DEFAULT_PAGES;

    private final Dtype.Storage storage;
    private final WireFormat wire;
    private final int itemSize;
    private final long pageItems;
    private final int deviceElementBytes;
    private final int wireBytes;
    private Cuda cuda;
    private CUstream copyStream;
    private PageRing ring;
    private KernelTimer timer;
    private TransferPages pages;
    private final CUevent[] stagingFree = new CUevent[PAGES];
    private PageSlot current;
    private int stagingIndex;
    private long filled;
    private long pagesSent;
    private volatile double snrDb = Double.POSITIVE_INFINITY;

    DeviceUpload(Dtype dtype, int vlen, WireFormat wire, long pageItems) {
        this.storage = dtype.storage();
        this.wire = storage == Dtype.Storage.FLOAT ? wire : WireFormat.FP32;
        this.itemSize = vlen * dtype.components();
        this.deviceElementBytes = dtype.bytes() / dtype.components();
        this.wireBytes = HostPacking.wireBytes(storage, this.wire);
        this.pageItems = pageItems;
        if (pageItems > PageRing.MAX_PAGE_ITEMS || pageItems * itemSize * 4L > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Page Size " + pageItems + " is too large for a GPU page (at most "
                    + PageRing.MAX_PAGE_ITEMS + " items and 2 GiB)");
        }
    }

    @Override
    public boolean outputOnDevice(int port) {
        return true;
    }

    @Override
    public void start() {
        cuda = Cuda.get();
        cuda.bindThread();
        copyStream = Events.stream();
        timer = new KernelTimer(8);
        ring = new PageRing(cuda, PAGES, pageItems, (long) itemSize * deviceElementBytes);
        pages = new TransferPages(cuda, PAGES, pageItems * itemSize * wireBytes, storage, wire);
        for (int k = 0; k < PAGES; k++) {
            stagingFree[k] = Events.ordering();
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        if (io.out(0).attachment() == null) {
            io.out(0).attach(ring);
        }
        if (current == null) {
            if (in.available() == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            current = ring.tryAcquire();
            if (current == null) {
                return WorkResult.CONTINUE; // all pages queued downstream; the reader's release wakes us
            }
            stagingIndex = (int) (pagesSent % PAGES);
            Events.sync(stagingFree[stagingIndex]); // its upload three pages ago (normally long done)
            filled = 0;
        }
        int take = (int) Math.min(in.available(), pageItems - filled);
        Object array = switch (storage) {
            case FLOAT -> in.floats();
            case SHORT -> in.shorts();
            case BYTE -> in.bytes();
        };
        pages.packing(stagingIndex).pack(array, in.offset(), take * itemSize, (int) (filled * itemSize));
        filled += take;
        io.consume(0, take);
        boolean last = in.finished() && take == in.available();
        if (filled == pageItems || (last && filled > 0)) {
            send();
            io.produce(0, (int) filled);
            current = null;
        }
        return WorkResult.CONTINUE;
    }

    private void send() {
        int k = stagingIndex;
        long elements = filled * itemSize;
        Events.await(copyStream, current.consumed());
        timer.begin(copyStream);
        if (wire == WireFormat.FP32) {
            check(cuMemcpyHtoDAsync(current.page().ptr(), pages.staging(k).ptr(), elements * deviceElementBytes, copyStream));
        } else {
            check(cuMemcpyHtoDAsync(pages.wire(k).ptr(), pages.staging(k).ptr(), elements * wireBytes, copyStream));
            cuda.kernels().launch("sf_unpack_" + wire.name().toLowerCase(java.util.Locale.ROOT), copyStream, elements,
                    pages.wire(k).ptr(), current.page().ptr(), elements);
        }
        timer.end(copyStream);
        Events.record(stagingFree[k], copyStream);
        Events.record(current.written(), copyStream);
        ring.publish(current, filled);
        pagesSent++;
        snrDb = pages.snrDb();
    }

    private static void check(int r) {
        if (r != 0) {
            throw new CudaException("cuMemcpyHtoDAsync failed: " + jcuda.driver.CUresult.stringFor(r));
        }
    }

    @Override
    public void stop() {
        if (copyStream == null) {
            return;
        }
        Events.close(copyStream);
        timer.close();
        if (pages != null) {
            pages.release();
        }
        for (int k = 0; k < PAGES; k++) {
            if (stagingFree[k] != null) {
                Events.destroy(stagingFree[k]);
            }
        }
        if (ring != null) {
            ring.close();
        }
    }

    @Override
    public Map<String, Double> extraMetrics() {
        KernelTimer t = timer;
        double ms = t == null ? 0 : t.millis();
        return Double.isFinite(snrDb) ? Map.of("copy_ms", ms, "wire_snr_db", snrDb) : Map.of("copy_ms", ms);
    }
}
