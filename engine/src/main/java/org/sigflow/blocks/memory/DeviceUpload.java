package org.sigflow.blocks.memory;

import java.util.Map;
import jcuda.driver.CUstream;
import org.sigflow.blocks.cuda.CudaBlock;
import org.sigflow.blocks.cuda.DeviceMetrics;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Copies;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageSlot;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code memory_h2d} on a GPU: copies the CPU ring's items into pinned staging pages (packed to the wire format),
 * uploads each full page asynchronously on its own copy stream into the next free device page of the output ring
 * (after the device has waited for that page's consumed-event), unpacks narrow formats into fp32 in a kernel on the
 * same stream, and records the page's written-event. The only host wait is for a staging page's previous upload,
 * three pages back. An integer host stream ({@link IntegerWire}: cs16, cs8, u8 pairs) is copied as it is and
 * widened to cf32 by a kernel; counts are kept in elements, which are the same on both sides.
 *
 * <p>Zero-copy: where no host packing is needed (fp32 wire, or an integer host stream) and the runtime gave the
 * input ring off the heap, the ring itself is pinned and the DMA reads its pages in place ({@link RingDma}): no
 * staging copy, and the ring's items are consumed only once their piece of the DMA is done.
 */
final class DeviceUpload implements InPlaceRing {

    private final Dtype.Storage storage;
    private final WireFormat wire;
    /** Host elements per item (the input's), and per device item (the output's: twice as many for u8 pairs). */
    private final int itemSize;
    private final int deviceItemSize;
    private final long pageItems;
    private final int deviceElementBytes;
    private final int wireBytes;
    /** The kernel that widens the wire page into the device page; null when the bytes land as they are. */
    private final String widenKernel;
    private Cuda cuda;
    private CUstream copyStream;
    /** The zero-copy path's copy streams, page by page in turn ({@link RingDma#streams()}); the first is the staging path's. */
    private CUstream[] streams;
    private PageRing ring;
    private KernelTimer timer;
    private TransferPages pages;
    /** Device pages of the output ring, and staging pages: 3 for large pages, up to 16 for small ones. */
    private final int pageCount;
    /** Which staging pages' uploads are done (an event every few pages at small pages). */
    private PageFences stagingFree;
    private PageSlot current;
    private int stagingIndex;
    /** Host elements in the current staging page. */
    private long filled;
    private long pagesSent;
    private volatile double snrDb = Double.POSITIVE_INFINITY;
    /** Zero-copy state: the pinned input ring, and the items of this call's window already at the DMA. */
    private RingDma dma;
    private long issued;
    /** Items the DMA is done with but not yet consumed (past the ring's end: the next call consumes them). */
    private long owed;
    /**
     * Whether the pieces go on across the ring's end ({@code -Dsigflow.memory.dmaWrap=false}: not, the earlier
     * behaviour: once a lap, only the piece before the end was in flight, and the link idled for the node's wake-up).
     */
    static final boolean WRAP = Boolean.parseBoolean(System.getProperty("sigflow.memory.dmaWrap", "true"));
    private final int hostElementBytes;
    private long pieceItems;
    /** Fp32 wire or an integer host stream, and pages large enough: the DMA reads the ring in place. */
    private final boolean inPlace;
    /** A narrow wire packed from an off-heap (unpinned) ring ({@link InPlaceRing#packsOffHeap()}). */
    private final boolean packsOffHeap;
    /** Elements of the current staging page already queued to the device (pipelined staging path). */
    private long sent;
    /** Whether the current staging page's device page has been waited for and its copies begun. */
    private boolean opened;
    /**
     * Staging path at small pages: pages per DMA ({@link org.sigflow.cuda.PageRuns}; 1: a copy per page), and the
     * filled pages of the run not yet copied (their items; every one full but the last).
     */
    private int run = 1;
    /** Staging pages: the ring's pages, twice as many with runs (a staging page is refilled a lap later). */
    private int stagingCount;
    private final long[] pendingItems;
    private int pending;
    private PageSlot runFirst;
    private int runStaging;

    private final int device;
    /** {@code -Dsigflow.memory.packTrace=true} on a narrow wire: where the node's time goes; else null. */
    private PackTrace trace;

    /** @param group host items (after widening) per device item: Items per GPU Vector, a free stream-to-vector */
    DeviceUpload(Dtype dtype, int vlen, int group, WireFormat wire, IntegerWire integer, long pageItems, int device) {
        this.device = device;
        this.storage = dtype.storage();
        this.wire = storage == Dtype.Storage.FLOAT ? wire : WireFormat.FP32;
        this.itemSize = vlen * dtype.components();
        this.deviceItemSize = group * (integer == null ? itemSize : 2 * vlen);
        this.deviceElementBytes = integer == null ? dtype.bytes() / dtype.components() : 4;
        this.wireBytes = HostPacking.wireBytes(storage, this.wire);
        this.widenKernel = integer != null ? integer.widenKernel()
                : this.wire != WireFormat.FP32 ? "sf_unpack_" + this.wire.name().toLowerCase(java.util.Locale.ROOT) : null;
        this.pageItems = pageItems;
        this.pageCount = CudaBlock.ringPages(pageItems * deviceItemSize * (long) deviceElementBytes);
        this.hostElementBytes = org.sigflow.runtime.buffer.StreamBuffer.elementBytes(storage);
        this.inPlace = this.wire == WireFormat.FP32 && pageItems * deviceItemSize >= RingDma.minPageElements();
        this.packsOffHeap = InPlaceRing.packOffHeap(storage, this.wire);
        this.pieceItems = pieceItems(chunkElements() / itemSize, (long) itemSize * hostElementBytes);
        this.pendingItems = new long[pageCount];
        if (pageItems > PageRing.MAX_PAGE_ITEMS || pageItems * deviceItemSize * 4L > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Page Size " + pageItems + " is too large for a GPU page (at most "
                    + PageRing.MAX_PAGE_ITEMS + " items and 2 GiB)");
        }
    }

    @Override
    public boolean outputOnDevice(int port) {
        return true;
    }

    /**
     * One staging page per work call (the packing of a whole page is split over threads, not paid per 128 KiB), or
     * at small pages several ({@link PackingThreads#chunk(long, int)}).
     */
    @Override
    public int chunkElements() {
        return PackingThreads.chunk(pageElements(), hostElementBytes);
    }

    @Override
    public boolean inPlace() {
        return inPlace;
    }

    @Override
    public boolean packsOffHeap() {
        return packsOffHeap;
    }

    @Override
    public long offHeapChunkCapBytes() {
        return packsOffHeap ? InPlaceRing.packedRingCap((long) chunkElements() * hostElementBytes) : 0;
    }

    /**
     * Items per DMA piece: half a work chunk, so one piece is in flight while the next is queued, but at least 1 MiB
     * (or the whole chunk), so a piece's wake-up is paid per megabyte, not per page of a small-page graph.
     */
    static long pieceItems(long chunkItems, long itemBytes) {
        long bytes = Long.getLong("sigflow.memory.dmaPieceBytes", 0); // to measure: a fixed piece instead
        if (bytes > 0) {
            return Math.max(1, Math.min(chunkItems, bytes / itemBytes));
        }
        return Math.max(1, Math.max(chunkItems / 2, Math.min(chunkItems, (1L << 20) / itemBytes)));
    }

    /**
     * Items per DMA piece on a ring of {@code ringBytes}: half the ring's chunk (a ring holds four) where that is
     * larger than this node's own, because an end that never touches the items asked for a large ring
     * ({@link org.sigflow.runtime.Block#offHeapChunkBytes()}); measured with 16 MiB chunks on an H200 (2026-11-27,
     * one call): 8 MiB pieces 5.0–5.1 Gsps multiply const, 2 MiB pieces 3.4–3.8 (the pieces' wake-ups again).
     */
    static long ringPieceItems(long pieceItems, long ringBytes, long itemBytes) {
        if (Long.getLong("sigflow.memory.dmaPieceBytes", 0) > 0) {
            return pieceItems; // fixed, to measure
        }
        return Math.max(pieceItems, ringBytes / 8 / itemBytes);
    }

    @Override
    public double relativeRate() {
        return (double) itemSize / deviceItemSize;
    }

    @Override
    public void start() {
        cuda = Cuda.get(device);
        cuda.bindThread();
        NodeCores.pinNode("h2d"); // -Dsigflow.memory.pinThreads (default off)
        streams = RingDma.streams();
        copyStream = streams[0];
        timer = new KernelTimer(8);
        timer.sampleEvery(CudaBlock.timingSample(pageItems * deviceItemSize * (long) deviceElementBytes));
        long itemBytes = (long) deviceItemSize * deviceElementBytes;
        long wirePageBytes = pageElements() * wireBytes;
        boolean runs = !inPlace && org.sigflow.cuda.PageRuns.pagesPerRun(pageCount, pageItems * itemBytes) > 1
                && org.sigflow.cuda.PageRuns.pagesPerRun(pageCount, wirePageBytes) > 1; // staging runs both sides
        ring = runs ? PageRing.inRuns(cuda, pageCount, pageItems, itemBytes)
                : new PageRing(cuda, pageCount, pageItems, itemBytes);
        stagingCount = runs ? STAGING_LAPS * pageCount : pageCount;
        pages = new TransferPages(cuda, stagingCount, wirePageBytes, storage, wire, widenKernel != null, runs);
        run = runs ? ring.run() : 1;
        stagingFree = new PageFences(stagingCount, PageFences.every(pageCount));
        trace = PackTrace.ENABLED && wire != WireFormat.FP32 ? new PackTrace("h2d " + wire) : null;
    }

    @Override
    public WorkResult work(WorkIo io) {
        return trace == null ? step(io) : trace.call(() -> step(io));
    }

    private WorkResult step(WorkIo io) {
        InputView in = io.in(0);
        if (io.out(0).attachment() == null) {
            io.out(0).attach(ring);
        }
        if (dma == null && inPlace && in.segment() != null) {
            dma = new RingDma(cuda, in.segment(), "h2d");
            pieceItems = ringPieceItems(pieceItems, in.segment().byteSize(), (long) itemSize * hostElementBytes);
        }
        if (dma != null) {
            return workInPlace(io, in);
        }
        int used = 0; // input items consumed and device items published in this call: at small pages one call
        int produced = 0; // fills several pages (the scheduler's round trip is paid per call, not per page)
        while (true) {
            if (current == null) {
                if (in.available() - used == 0) {
                    if (used == 0 && produced == 0 && in.finished()) {
                        return WorkResult.DONE; // (a page sent in this call, the stream's short last one, is produced first)
                    }
                    break;
                }
                if (io.out(0).space() - produced < pageItems) {
                    break; // the token ring takes no further page in this call
                }
                current = ring.tryAcquire(pending); // after the pages of the run not yet copied
                if (current == null) {
                    break; // all pages queued downstream; the reader's release wakes us
                }
                stagingIndex = (int) ((pagesSent + pending) % stagingCount);
                if (trace != null) {
                    trace.begin();
                }
                stagingFree.awaitSlot(copyStream, pending); // its upload a ring of pages ago (normally long done)
                if (trace != null) {
                    trace.waited();
                }
                filled = 0;
                sent = 0;
            }
            int take = (int) Math.min(in.available() - used, (pageElements() - filled) / itemSize);
            packPieces(in, used, take);
            used += take;
            boolean last = in.finished() && used == in.available();
            long items = filled / deviceItemSize; // an odd u8 at the very end makes no sample and is dropped
            if (filled == pageElements() || (last && items > 0)) {
                if (run > 1) {
                    addToRun(items);
                } else {
                    send(items);
                }
                produced += (int) items;
                current = null;
            } else {
                if (last) {
                    if (opened) { // pieces of no whole item went out: the page is simply not published
                        timer.end(copyStream);
                        opened = false;
                    }
                    current = null; // acquiring a page reserves nothing: it is simply not published
                }
                break; // the page waits for more input
            }
        }
        if (pending > 0) {
            sendRun(); // pages go out with the call that filled them (no page waits for the next call)
        }
        stagingFree.fence(copyStream); // every page sent is covered by an event
        io.consume(0, used);
        io.produce(0, produced);
        return WorkResult.CONTINUE;
    }

    /**
     * Packs {@code take} items from the call's item {@code used} into the current staging page, in pieces of
     * {@link PackingThreads#PIECE} elements; with {@link #PIPELINED} each piece's copy to the device is queued as soon
     * as it is packed, so the DMA of a page runs beside the packing of its later pieces (not a whole page, then copy).
     */
    private void packPieces(InputView in, int used, int take) {
        java.lang.foreign.MemorySegment segment = in.segment();
        Object array = segment != null ? null : switch (storage) {
            case FLOAT -> in.floats();
            case SHORT -> in.shorts();
            case BYTE -> in.bytes();
            case INT -> in.ints();
        };
        HostPacking packer = pages.packing(stagingIndex);
        long elements = (long) take * itemSize;
        long piece = PIPELINED && run == 1 ? Math.max(itemSize, PackingThreads.PIECE / itemSize * itemSize) : elements;
        for (long done = 0; done < elements; done += piece) {
            int n = (int) Math.min(piece, elements - done);
            long from = in.offset() + (long) used * itemSize + done;
            if (trace != null) {
                trace.begin();
            }
            if (segment != null) {
                packer.packSegment(segment, from, n, (int) filled);
            } else {
                packer.pack(array, (int) from, n, (int) filled);
            }
            if (trace != null) {
                trace.packed();
            }
            filled += n;
            if (PIPELINED && run == 1) {
                queueCopies(filled);
            }
        }
    }

    /**
     * Staging path, one copy per page ({@code run == 1}): queues the copy of the staging page's packed elements
     * {@code [sent, upTo)} (the first after a wait for the device page's reader).
     */
    private void queueCopies(long upTo) {
        if (!opened) {
            Events.await(copyStream, current.consumed());
            timer.begin(copyStream); // pipelined: the time spans the page's pieces, packing gaps included
            opened = true;
        }
        if (upTo > sent) {
            int k = stagingIndex;
            long at = sent * wireBytes;
            Copies.toDevice(widenKernel == null ? current.page().ptr() : pages.wire(k).ptr(), at,
                    pages.stagingAddress(k) + at, (upTo - sent) * wireBytes, copyStream);
            sent = upTo;
        }
    }

    /**
     * The staging path's pieces: each packed piece's copy queued at once ({@code -Dsigflow.memory.packPipelined=false}:
     * a page's copy after the whole page is packed, as before).
     */
    static final boolean PIPELINED = Boolean.parseBoolean(System.getProperty("sigflow.memory.packPipelined", "true"));

    /**
     * The zero-copy path: pieces of the pinned input ring straight into the device page (or its wire page). Where the
     * window ends at the ring's end, the pieces go on from the ring's start ({@link InputView#availableAfterEnd()}),
     * so the DMA keeps a chunk queued across the wrap; those items are consumed in the next call.
     */
    private WorkResult workInPlace(WorkIo io, InputView in) {
        long done = dma.retire();
        boolean progress = done > 0;
        owed += done;
        long toEnd = in.available();
        long window = toEnd + (WRAP ? in.availableAfterEnd() : 0);
        while (issued < window && !dma.full()) {
            if (current == null) {
                current = ring.tryAcquire();
                if (current == null) {
                    break; // all pages queued downstream; the reader's release wakes us
                }
                stagingIndex = (int) (pagesSent % pageCount);
                filled = 0;
                copyStream = streams[(int) (pagesSent % streams.length)];
                Events.await(copyStream, current.consumed());
                timer.begin(copyStream);
            }
            long n = Math.min(Math.min(window - issued, (pageElements() - filled) / itemSize), pieceItems);
            if (issued < toEnd) {
                n = Math.min(n, toEnd - issued); // a piece never crosses the ring's end
            }
            long element = issued < toEnd ? in.offset() + issued * itemSize : (issued - toEnd) * itemSize;
            long bytes = n * itemSize * hostElementBytes;
            Copies.toDevice(widenKernel == null ? current.page().ptr() : pages.wire(stagingIndex).ptr(),
                    filled * hostElementBytes, dma.at(element * hostElementBytes), bytes, copyStream);
            dma.add(copyStream, n);
            issued += n;
            filled += n * itemSize;
            if (filled == pageElements()) {
                progress |= sendInPlace(io);
            }
        }
        if (current != null && in.finished() && issued == toEnd) { // the stream's short last page
            if (sendInPlace(io)) {
                progress = true;
            } else {
                timer.end(copyStream);
                current = null; // no whole item in it: simply not published
            }
        }
        if (!progress && dma.inFlight() && in.finished()) {
            owed += dma.awaitOldest(); // the end: make progress until every piece is consumed
        }
        long consumed = Math.min(owed, toEnd); // what lies past the ring's end goes in the next call
        io.consume(0, (int) consumed);
        owed -= consumed;
        issued -= consumed;
        if (in.finished() && toEnd == consumed && owed == 0 && !dma.inFlight() && current == null) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    /** Publishes the page filled in place (widened first for an integer stream); true if it held any item. */
    private boolean sendInPlace(WorkIo io) {
        long items = filled / deviceItemSize; // an odd u8 at the very end makes no sample and is dropped
        if (items == 0) {
            return false;
        }
        long elements = items * deviceItemSize;
        if (widenKernel != null) {
            cuda.kernels().launch(widenKernel, copyStream, elements, pages.wire(stagingIndex).ptr(), current.page().ptr(),
                    elements);
        }
        timer.end(copyStream);
        Events.record(current.written(), copyStream);
        ring.publish(current, items);
        io.produce(0, (int) items);
        pagesSent++;
        current = null;
        filled = 0;
        return true;
    }

    private long pageElements() {
        return pageItems * deviceItemSize;
    }

    private void send(long items) {
        int k = stagingIndex;
        long elements = items * deviceItemSize;
        queueCopies(elements); // what the pieces have not sent yet (the whole page when not pipelined)
        opened = false;
        if (widenKernel != null) {
            cuda.kernels().launch(widenKernel, copyStream, elements, pages.wire(k).ptr(), current.page().ptr(), elements);
        }
        timer.end(copyStream);
        stagingFree.add(copyStream);
        Events.record(current.written(), copyStream);
        ring.publish(current, items);
        pagesSent++;
        snrDb = pages.snrDb();
    }

    /**
     * Staging pages per device page with runs ({@code -Dsigflow.memory.stagingLaps}, default 2): the upload of a
     * staging page waits on the device for its device page's reader, so with one lap the host's wait to refill a
     * staging page followed the reader's progress.
     */
    private static final int STAGING_LAPS = Math.max(1, Integer.getInteger("sigflow.memory.stagingLaps", 2));

    /** A filled page joins the run; the run is copied when it is full, or at a short (last) page. */
    private void addToRun(long items) {
        if (pending == 0) {
            runFirst = current;
            runStaging = stagingIndex;
        }
        pendingItems[pending++] = items;
        if (items < pageItems || pending == org.sigflow.cuda.PageRuns.room(ring.writeSlot(), run, run)) {
            sendRun();
        }
    }

    /**
     * The pending run in one go: a wait on the run's consumed-event, one copy (and one widening kernel) over its
     * back-to-back pages, one record of its written-event, then each page published.
     */
    private void sendRun() {
        long items = 0;
        for (int i = 0; i < pending; i++) {
            items += pendingItems[i];
        }
        long elements = items * deviceItemSize;
        Events.await(copyStream, runFirst.consumed()); // shared by the run's pages: covers each
        timer.begin(copyStream);
        if (widenKernel == null) {
            Copies.toDevice(runFirst.page().ptr(), 0, pages.stagingAddress(runStaging), elements * deviceElementBytes,
                    copyStream);
        } else {
            jcuda.driver.CUdeviceptr w = pages.wire(runStaging).ptr();
            Copies.toDevice(w, 0, pages.stagingAddress(runStaging), elements * wireBytes, copyStream);
            cuda.kernels().launch(widenKernel, copyStream, elements, w, runFirst.page().ptr(), elements);
        }
        timer.end(copyStream);
        for (int i = 0; i < pending; i++) {
            stagingFree.add(copyStream);
        }
        Events.record(runFirst.written(), copyStream);
        for (int i = 0; i < pending; i++) {
            ring.publish(ring.tryAcquire(), pendingItems[i]);
            pagesSent++;
        }
        pending = 0;
        runFirst = null;
        snrDb = pages.snrDb();
    }

    @Override
    public void stop() {
        if (trace != null) {
            trace.report();
        }
        if (copyStream == null) {
            return;
        }
        for (CUstream s : streams) {
            Events.close(s);
        }
        if (dma != null) {
            dma.close();
        }
        timer.close();
        if (pages != null) {
            pages.release();
        }
        if (stagingFree != null) {
            stagingFree.close();
        }
        if (ring != null) {
            ring.close();
        }
    }

    @Override
    public Map<String, Double> extraMetrics() {
        KernelTimer t = timer;
        double ms = t == null ? 0 : t.estimatedMillis(); // pages are timed 1 in 8 at small pages
        return DeviceMetrics.with(Double.isFinite(snrDb) ? Map.of("copy_ms", ms, "wire_snr_db", snrDb)
                : Map.of("copy_ms", ms), device);
    }
}
