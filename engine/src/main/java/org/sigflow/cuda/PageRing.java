package org.sigflow.cuda;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The device side of one CUDA edge: a ring of 2–3+ device pages, each with a <em>written</em> and a
 * <em>consumed</em> event. The writer fills the next free page on its stream after {@code cuStreamWaitEvent} on that
 * page's consumed-event and records the written-event; the reader's stream waits on the written-event, uses the page
 * and records the consumed-event. The host never waits for either: "free" here means the reader has <em>queued</em>
 * its last use, and the device orders the rest. Item counts, tags and end-of-stream travel in the runtime's token
 * ring of the same edge, so the page order and the item order are the same.
 *
 * <p>One writer thread and one reader thread; the writer attaches the ring to the edge before it publishes the first
 * page. Pages come from the {@link DevicePool} and go back to it when both ends have closed.
 */
public final class PageRing implements PageSource {
    /** Pages per edge: one being written, one being read, one in flight between them. */
    public static final int DEFAULT_PAGES = 3;
    /** Largest page in items (the token ring of an edge counts far more). */
    public static final long MAX_PAGE_ITEMS = 1L << 26;

    private final PageSlot[] slots;
    private final long pageItems;
    private final long itemBytes;
    private final DevicePool pool;
    private final Cuda cuda;
    private long acquired; // writer thread
    private volatile long released; // written by the reader thread
    private long read; // reader thread
    private final AtomicInteger openEnds = new AtomicInteger(2);
    /** Pages per run sharing their events (1: none), and the one allocation their pages sit in (runs only). */
    private final int run;
    private final DevicePage slab;

    public PageRing(Cuda cuda, int pages, long pageItems, long itemBytes) {
        this(cuda, pages, pageItems, itemBytes, 1);
    }

    /**
     * A ring whose small pages sit back to back in one slab and go in runs that share their events
     * ({@link PageRuns}), so a memory node moves a run with one DMA; as the plain ring where runs do not apply.
     */
    public static PageRing inRuns(Cuda cuda, int pages, long pageItems, long itemBytes) {
        return new PageRing(cuda, pages, pageItems, itemBytes, PageRuns.pagesPerRun(pages, pageItems * itemBytes));
    }

    private PageRing(Cuda cuda, int pages, long pageItems, long itemBytes, int run) {
        if (pageItems < 1 || pageItems > MAX_PAGE_ITEMS) {
            throw new IllegalArgumentException("a GPU page holds 1 to " + MAX_PAGE_ITEMS + " items, not " + pageItems);
        }
        this.cuda = cuda;
        this.pool = cuda.devicePool();
        this.pageItems = pageItems;
        this.itemBytes = itemBytes;
        this.slots = new PageSlot[pages];
        this.run = run;
        if (run == 1) {
            slab = null;
            for (int i = 0; i < pages; i++) {
                slots[i] = new PageSlot(pool.acquire(pageItems * itemBytes));
            }
            return;
        }
        long pageBytes = pageItems * itemBytes;
        slab = pool.acquire(pages * pageBytes);
        jcuda.driver.CUevent written = null;
        jcuda.driver.CUevent consumed = null;
        for (int i = 0; i < pages; i++) {
            if (i % run == 0) {
                written = Events.ordering();
                consumed = Events.ordering();
            }
            DevicePage page = new DevicePage(Addresses.device(Addresses.of(slab.ptr()) + i * pageBytes), pageBytes, -1);
            slots[i] = new PageSlot(page, written, consumed);
        }
    }

    /** Pages per run (1: every page its own allocation and events); a run's pages are contiguous, in ring order. */
    public int run() {
        return run;
    }

    /** Writer: the ring slot {@link #tryAcquire()} hands out next. */
    public int writeSlot() {
        return (int) (acquired % slots.length);
    }

    /**
     * Writer: the page {@code ahead} pages after {@link #tryAcquire()}'s (0: that one), or null while the reader
     * still holds it; the pages are published in order ({@link #publish}) once a run is queued.
     */
    public PageSlot tryAcquire(int ahead) {
        if (acquired + ahead - released >= slots.length) {
            return null;
        }
        return slots[(int) ((acquired + ahead) % slots.length)];
    }

    /** Reader: the ring slot of {@link #head()}. */
    public int readSlot() {
        return (int) (read % slots.length);
    }

    /** Reader: the published page {@code ahead} pages after {@link #head()} (the caller knows it is published). */
    public PageSlot head(int ahead) {
        return slots[(int) ((read + ahead) % slots.length)];
    }

    /** The device whose memory holds the pages (and in whose context the writer records). */
    public Cuda cuda() {
        return cuda;
    }

    /** Most items a page holds. */
    @Override
    public long pageItems() {
        return pageItems;
    }

    @Override
    public long itemBytes() {
        return itemBytes;
    }

    public int pages() {
        return slots.length;
    }

    /** Writer: the next page to fill, or null while the reader still holds every page. */
    public PageSlot tryAcquire() {
        if (acquired - released >= slots.length) {
            return null;
        }
        return slots[(int) (acquired % slots.length)];
    }

    /** Writer: the page from {@link #tryAcquire} now holds {@code items} (its written-event is recorded). */
    public void publish(PageSlot slot, long items) {
        if (slot != slots[(int) (acquired % slots.length)] || items < 0 || items > pageItems) {
            throw new IllegalStateException("page published out of order or over-full (" + items + " items)");
        }
        slot.items = items;
        acquired++;
    }

    /** Reader: the oldest published page it has not released (call only when the edge has items). */
    @Override
    public PageSlot head() {
        return slots[(int) (read % slots.length)];
    }

    /** Reader: its last use of {@link #head()} is queued (its consumed-event recorded): the writer may refill it. */
    @Override
    public void release() {
        read++;
        released = read;
    }

    /** One end is done with the ring; the second waits for the pages' last events and returns them to the pool. */
    @Override
    public void close() {
        if (openEnds.decrementAndGet() == 0) {
            for (int i = 0; i < slots.length; i++) {
                if (slab == null) {
                    slots[i].close(pool);
                } else if (i % run == 0) {
                    slots[i].closeEvents();
                }
            }
            if (slab != null) {
                pool.release(slab);
            }
        }
    }
}
