package org.sigflow.blocks.memory;

import java.util.Map;
import jcuda.driver.CUdeviceptr;
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
import org.sigflow.cuda.PageSource;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code memory_d2h} on a GPU: for each device page that arrives it queues, on its own copy stream (after the
 * page's written-event), the packing kernel of a narrow wire format and the download into a pinned staging page, and
 * records the page's consumed-event, so upstream can refill the page as soon as the copy has read it. Up to three
 * downloads are in flight; this node is the only place the host waits for the GPU, and only for the page it copies
 * out next. The CPU ring then gets the page's items unpacked to fp32 (or, for a cs16/cs8 Host Type, the integers a
 * kernel narrowed them to, as they are); a large page downloads in pieces, each unpacked as soon as it has landed
 * ({@link DownloadPieces}).
 *
 * <p>Zero-copy: where no host unpacking is needed (fp32 wire, or a cs16/cs8 Host Type) and the runtime gave the
 * output ring off the heap, the ring itself is pinned and the DMA writes the device page straight into its free space
 * in pieces ({@link RingDma}); the items are published once their piece has landed.
 */
final class DeviceDownload implements InPlaceRing {
    private final Dtype.Storage storage;
    private final WireFormat wire;
    private final int itemSize;
    private final int wireBytes;
    private final int deviceElementBytes;
    /** The kernel that narrows a device page into the wire page before the download; null to copy the page as it is. */
    private final String narrowKernel;
    private final int chunkElements;
    private Cuda cuda;
    private CUstream copyStream;
    /** The zero-copy path's copy streams, page by page in turn ({@link RingDma#streams()}); the first is the staging path's. */
    private CUstream[] streams;
    private KernelTimer timer;
    private PageSource ring;
    private TransferPages pages;
    /** Staging pages (downloads in flight): 3 for large pages, up to 16 for small ones, as CUDA blocks' rings. */
    private final int pageCount;
    /** Which downloads into the staging pages are done (an event every few pages at small pages). */
    private PageFences copied;
    private final long[] pageItems;
    private final long pageBytes;
    /** Host elements of one full page. */
    private final long pageElements;
    private long queued;
    private long delivered;
    private long deliveredWithin;
    private volatile double snrDb = Double.POSITIVE_INFINITY;
    /** Zero-copy state: the pinned output ring, the page being copied out and how far, items landing unpublished. */
    private RingDma dma;
    private PageSlot slot;
    private jcuda.driver.CUdeviceptr source;
    private long within;
    private long inFlight;
    /** Items landed but not yet published (past the ring's end: the next call publishes them). */
    private long owed;
    private long pagesTaken;
    private final int hostElementBytes;
    private long pieceItems;
    /** Fp32 wire or a cs16/cs8 host stream, and pages large enough: the DMA writes the ring in place. */
    private final boolean inPlace;
    /** A narrow wire unpacked into an off-heap (unpinned) ring ({@link InPlaceRing#packsOffHeap()}). */
    private final boolean packsOffHeap;
    /** Staging path: the input ring when its pages come in runs that cross in one copy each, else null. */
    private PageRing runs;
    /** Staging path, a page per copy: the page's download in pieces, each unpacked once it lands; null: whole pages. */
    private DownloadPieces pieces;
    /** {@code -Dsigflow.memory.packTrace=true} on a narrow wire: where the node's time goes; else null. */
    private PackTrace trace;

    private final int device;
    /** The downloads of the writer's other outputs, queued with this one ({@link DownloadGroups}); null: alone. */
    private DownloadGroup group;
    private int member;

    DeviceDownload(Dtype dtype, int vlen, WireFormat wire, IntegerWire integer, long pageItems, int device) {
        this.device = device;
        Dtype host = integer == null ? dtype : integer.host();
        this.storage = host.storage();
        this.wire = storage == Dtype.Storage.FLOAT ? wire : WireFormat.FP32;
        this.itemSize = vlen * dtype.components();
        this.wireBytes = HostPacking.wireBytes(storage, this.wire);
        this.deviceElementBytes = dtype.bytes() / dtype.components();
        this.narrowKernel = integer != null ? integer.narrowKernel()
                : this.wire != WireFormat.FP32 ? "sf_pack_" + this.wire.name().toLowerCase(java.util.Locale.ROOT) : null;
        this.hostElementBytes = org.sigflow.runtime.buffer.StreamBuffer.elementBytes(storage);
        this.inPlace = this.wire == WireFormat.FP32 && pageItems * itemSize >= RingDma.minPageElements();
        this.packsOffHeap = InPlaceRing.packOffHeap(storage, this.wire);
        this.chunkElements = PackingThreads.chunk(pageItems * itemSize, hostElementBytes);
        this.pageBytes = pageItems * itemSize * (long) deviceElementBytes;
        this.pageElements = pageItems * itemSize;
        this.pageCount = CudaBlock.ringPages(pageBytes);
        this.pageItems = new long[pageCount];
        this.pieceItems = DeviceUpload.pieceItems(chunkElements / itemSize, (long) itemSize * hostElementBytes);
    }

    @Override
    public boolean inPlace() {
        return inPlace;
    }

    @Override
    public boolean packsOffHeap() {
        return packsOffHeap;
    }

    /** A page per work call into the CPU ring: its unpacking is split over threads, not paid per 128 KiB. */
    @Override
    public int chunkElements() {
        return chunkElements;
    }

    /**
     * Small pages (a channelizer's 64 outputs: 2 MiB of cf32 each at 16 Mi-sample input pages) cross whole in one DMA
     * piece however large the ring, so a sink's wish for 16 MiB chunks (a 64 MiB ring per output, pinned and unpinned
     * every run) is cut to this node's own chunk, at least two pages ({@code -Dsigflow.memory.d2hRingCap=false}: not).
     */
    @Override
    public long offHeapChunkCapBytes() {
        if (packsOffHeap) {
            return InPlaceRing.packedRingCap((long) chunkElements * hostElementBytes);
        }
        if (!Boolean.parseBoolean(System.getProperty("sigflow.memory.d2hRingCap", "true"))) {
            return 0;
        }
        return Math.max((long) chunkElements, 2 * pageElements) * hostElementBytes;
    }

    @Override
    public boolean inputOnDevice(int port) {
        return true;
    }

    /** What a group's downloads must share (device, item layout, narrowing); null where only the own path applies. */
    Object groupKind() {
        return inPlace ? java.util.List.of(device, itemSize, hostElementBytes, String.valueOf(narrowKernel)) : null;
    }

    /**
     * A grouped download's CPU ring lies in its group's slab, member {@code k} at slot {@code k}: the rings then sit at
     * one stride in member order, so a narrowed page set goes down as one 2D copy ({@link StridedRings}), wherever the
     * allocator would have put them ({@code -Dsigflow.ringSlabs=false}: it does).
     */
    @Override
    public org.sigflow.runtime.buffer.RingSlot ringSlot(int port) {
        return group == null ? null : new org.sigflow.runtime.buffer.RingSlot(group, member, group.size());
    }

    void joinGroup(DownloadGroup g, int k) {
        group = g;
        member = k;
    }

    int device() {
        return device;
    }

    int itemSize() {
        return itemSize;
    }

    int hostElementBytes() {
        return hostElementBytes;
    }

    String narrowKernel() {
        return narrowKernel;
    }

    @Override
    public void start() {
        cuda = Cuda.get(device);
        cuda.bindThread();
        NodeCores.pinNode("d2h"); // -Dsigflow.memory.pinThreads (default off)
        streams = RingDma.streams();
        copyStream = streams[0];
        timer = new KernelTimer(8);
        timer.sampleEvery(CudaBlock.timingSample(pageBytes));
        copied = new PageFences(pageCount, PageFences.every(pageCount));
        trace = PackTrace.ENABLED && wire != WireFormat.FP32 ? new PackTrace("d2h " + wire) : null;
    }

    @Override
    public WorkResult work(WorkIo io) {
        return trace == null ? step(io) : trace.call(() -> step(io));
    }

    private WorkResult step(WorkIo io) {
        WorkResult grouped = group == null ? null : group.work(member, io);
        if (grouped != null) {
            return grouped;
        }
        InputView in = io.in(0);
        if (dma == null && inPlace && io.out(0).segment() != null) {
            dma = new RingDma(cuda, io.out(0).segment(), "d2h");
            pieceItems = DeviceUpload.ringPieceItems(pieceItems, io.out(0).segment().byteSize(),
                    (long) itemSize * hostElementBytes);
        }
        if (dma != null) {
            return workInPlace(io, in);
        }
        long available = in.available();
        int consumed = 0;
        while (available - consumed > 0 && queued - delivered < pageCount) {
            if (ring == null) {
                ring = PageSource.forReader(in.attachment(), cuda); // moved over when written on another GPU
                allocate(ring.pageItems());
                if (runs == null && DownloadPieces.applies(ring.pageItems() * itemSize, itemSize)) {
                    pieces = new DownloadPieces(pageCount, ring.pageItems() * itemSize, itemSize);
                }
            }
            if (runs != null) {
                consumed += (int) downloadRun(available - consumed);
                continue;
            }
            PageSlot slot = ring.head();
            download(slot);
            consumed += (int) slot.items();
        }
        copied.fence(copyStream); // every download queued is covered by an event
        io.consume(0, consumed);
        if (queued > delivered) {
            // in runs, a call that queued downloads delivers only those already done (the next call waits, if any)
            boolean wait = runs == null || consumed == 0 || deliveredWithin > 0 || copied.done(delivered);
            int out = wait ? deliver(io, 0) : 0;
            // more finished downloads go out in the same call (small pages: many are in flight), without waiting
            // (in pieces: the rest of a page begun, whose pieces are already queued, and pages whose first has landed)
            while (queued > delivered && io.out(0).space() > out && (pieces != null
                    ? deliveredWithin > 0 || pieces.done((int) (delivered % pageCount), 0)
                    : deliveredWithin == 0 && copied.done(delivered))) {
                out += deliver(io, out);
            }
            io.produce(0, out);
        }
        if (in.finished() && available == consumed && queued == delivered) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    private void allocate(long maxItems) {
        long wirePageBytes = maxItems * itemSize * wireBytes;
        boolean contiguous = ring instanceof PageRing r && r.run() > 1
                && org.sigflow.cuda.PageRuns.pagesPerRun(pageCount, wirePageBytes) > 1;
        pages = new TransferPages(cuda, pageCount, wirePageBytes, storage, wire, narrowKernel != null, contiguous);
        runs = contiguous ? (PageRing) ring : null;
    }

    /**
     * The published pages from the head on, up to the end of their run, the staging ring's end and its free slots,
     * in one wait on the run's written-event, one copy (after one narrowing kernel) and one record of its
     * consumed-event; returns the items taken. A page short of full ends the run (the next one does not follow on).
     */
    private long downloadRun(long available) {
        int k = (int) (queued % pageCount);
        int limit = (int) Math.min(pageCount - k, pageCount - (queued - delivered));
        int n = org.sigflow.cuda.PageRuns.room(runs.readSlot(), runs.run(), limit);
        int take = org.sigflow.cuda.PageRuns.pagesToTake(j -> runs.head(j).items(), n, available, runs.pageItems());
        long items = 0;
        for (int j = 0; j < take; j++) {
            items += runs.head(j).items();
        }
        PageSlot first = runs.head();
        long elements = items * itemSize;
        Events.await(copyStream, first.written()); // shared by the run's pages: covers each
        timer.begin(copyStream);
        CUdeviceptr src = first.page().ptr();
        if (narrowKernel != null) {
            cuda.kernels().launch(narrowKernel, copyStream, elements, src, pages.wire(k).ptr(), elements);
            src = pages.wire(k).ptr();
        }
        Copies.toHost(pages.stagingAddress(k), src, 0, elements * (narrowKernel == null ? deviceElementBytes : wireBytes),
                copyStream);
        timer.end(copyStream);
        Events.record(first.consumed(), copyStream);
        for (int j = 0; j < take; j++) {
            pageItems[k + j] = runs.head().items();
            copied.add(copyStream);
            runs.release();
            queued++;
        }
        return items;
    }

    private void download(PageSlot slot) {
        int k = (int) (queued % pageCount);
        long elements = slot.items() * itemSize;
        Events.await(copyStream, slot.written());
        timer.begin(copyStream);
        CUdeviceptr src = slot.page().ptr();
        if (narrowKernel != null) {
            cuda.kernels().launch(narrowKernel, copyStream, elements, src, pages.wire(k).ptr(), elements);
            src = pages.wire(k).ptr();
        }
        int elementBytes = narrowKernel == null ? deviceElementBytes : wireBytes;
        if (pieces != null) {
            pieces.download(k, pages.stagingAddress(k), src, elements * elementBytes, elementBytes, copyStream);
        } else {
            Copies.toHost(pages.stagingAddress(k), src, 0, elements * elementBytes, copyStream);
        }
        timer.end(copyStream);
        Events.record(slot.consumed(), copyStream);
        copied.add(copyStream);
        ring.release();
        pageItems[k] = slot.items();
        queued++;
    }

    /**
     * The zero-copy path: pieces of each device page (narrowed first if need be) into the pinned output ring. Where the
     * space ends at the ring's end, the pieces go on at the ring's start ({@link OutputView#spaceAfterEnd()}); those
     * items are published in the next call.
     */
    private WorkResult workInPlace(WorkIo io, InputView in) {
        OutputView out = io.out(0);
        owed += dma.retire();
        long toEnd = out.space();
        long free = toEnd + (DeviceUpload.WRAP ? out.spaceAfterEnd() : 0) - inFlight; // after the items still landing
        int consumed = 0;
        while (!dma.full()) {
            if (slot == null) {
                if (in.available() - consumed == 0) {
                    break;
                }
                if (ring == null) {
                    ring = (PageRing) in.attachment();
                    allocate(ring.pageItems());
                }
                slot = ring.head();
                within = 0;
                copyStream = streams[(int) (pagesTaken % streams.length)];
                Events.await(copyStream, slot.written());
                timer.begin(copyStream);
                source = slot.page().ptr();
                if (narrowKernel != null) {
                    int k = (int) (pagesTaken % pageCount);
                    long elements = slot.items() * itemSize;
                    cuda.kernels().launch(narrowKernel, copyStream, elements, source, pages.wire(k).ptr(), elements);
                    source = pages.wire(k).ptr();
                }
            }
            long n = Math.min(Math.min(free, slot.items() - within), pieceItems);
            if (inFlight < toEnd) {
                n = Math.min(n, toEnd - inFlight); // a piece never crosses the ring's end
            }
            if (n > 0) {
                long bytes = n * itemSize * hostElementBytes;
                long element = inFlight < toEnd ? out.offset() + inFlight * itemSize : (inFlight - toEnd) * itemSize;
                Copies.toHost(dma.at(element * hostElementBytes), source, within * itemSize * hostElementBytes, bytes,
                        copyStream);
                dma.add(copyStream, n);
                inFlight += n;
                free -= n;
                within += n;
            }
            if (within == slot.items()) {
                timer.end(copyStream);
                Events.record(slot.consumed(), copyStream);
                ring.release();
                consumed += (int) slot.items();
                slot = null;
                pagesTaken++;
            } else if (n <= 0) {
                break; // the ring is full: the sink's reads wake us
            }
        }
        io.consume(0, consumed);
        if (owed == 0 && consumed == 0 && dma.inFlight() && in.finished()) {
            owed = dma.awaitOldest(); // upstream has ended: make progress until every piece has landed
        }
        long produced = Math.min(owed, toEnd); // what landed past the ring's end goes out in the next call
        io.produce(0, (int) produced);
        owed -= produced;
        inFlight -= produced;
        if (in.finished() && in.available() == consumed && slot == null && !dma.inFlight() && owed == 0) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    /**
     * Waits for the oldest download (the one host wait; in pieces: for its next piece) and unpacks as much of it as
     * fits into the CPU ring after the {@code already} items this call has delivered; returns the items delivered
     * (the caller produces them).
     */
    private int deliver(WorkIo io, int already) {
        OutputView out = io.out(0);
        int k = (int) (delivered % pageCount);
        long landed = pageItems[k] - deliveredWithin;
        if (trace != null) {
            trace.begin();
        }
        if (pieces != null) {
            landed = Math.min(landed, pieces.await(k, deliveredWithin));
        } else if (deliveredWithin == 0) {
            copied.await(delivered, copyStream);
        }
        if (trace != null) {
            trace.waited();
            trace.begin();
        }
        int n = (int) Math.min(out.space() - already, landed);
        if (n <= 0) {
            return 0;
        }
        int at = (int) (deliveredWithin * itemSize);
        int element = out.offset() + already * itemSize;
        if (out.segment() != null) {
            pages.packing(k).unpackSegment(at, out.segment(), element, n * itemSize);
        } else {
            Object array = switch (storage) {
                case FLOAT -> out.floats();
                case SHORT -> out.shorts();
                case BYTE -> out.bytes();
                case INT -> out.ints();
            };
            pages.packing(k).unpack(at, array, element, n * itemSize);
        }
        if (trace != null) {
            trace.packed();
        }
        deliveredWithin += n;
        if (deliveredWithin == pageItems[k]) {
            delivered++;
            deliveredWithin = 0;
            if (wire != WireFormat.FP32) {
                snrDb = pages.snrDb();
            }
        }
        return n;
    }

    @Override
    public void stop() {
        if (trace != null) {
            trace.report();
        }
        if (group != null) {
            group.leave(member);
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
        if (copied != null) {
            copied.close();
        }
        if (pieces != null) {
            pieces.close();
        }
        if (ring != null) {
            ring.close();
        }
    }

    @Override
    public Map<String, Double> extraMetrics() {
        KernelTimer t = timer;
        double ms = t == null ? 0 : t.estimatedMillis(); // pages are timed 1 in 8 at small pages
        if (group != null && group.on()) { // the group's copies of all its members' pages
            return DeviceMetrics.with(Map.of("copy_ms", group.copyMillis(), "grouped", (double) group.size(),
                    "copies_per_set", group.copiesPerSet()), device, new PageSource[0]);
        }
        return DeviceMetrics.with(Double.isFinite(snrDb) ? Map.of("copy_ms", ms, "wire_snr_db_estimate", snrDb)
                : Map.of("copy_ms", ms), device, ring == null ? new PageSource[0] : new PageSource[] {ring});
    }
}
