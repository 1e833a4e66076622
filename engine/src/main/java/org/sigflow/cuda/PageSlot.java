package org.sigflow.cuda;

import jcuda.driver.CUevent;

/**
 * One page of a {@link PageRing}: the device memory, the event its writer records after filling it, and the event
 * its reader records after its last use of it. {@code items} is set by the writer before it publishes the page.
 */
public final class PageSlot {
    private final DevicePage page;
    private final CUevent written;
    private final CUevent consumed;
    long items;

    PageSlot(DevicePage page) {
        this(page, Events.ordering(), Events.ordering());
    }

    /** A page of a run: its events are shared with the run's other pages ({@link PageRuns}). */
    PageSlot(DevicePage page, CUevent written, CUevent consumed) {
        this.page = page;
        this.written = written;
        this.consumed = consumed;
    }

    public DevicePage page() {
        return page;
    }

    public CUevent written() {
        return written;
    }

    public CUevent consumed() {
        return consumed;
    }

    /** Items the writer put in this page (valid for the reader once the page is published). */
    public long items() {
        return items;
    }

    void close(DevicePool pool) {
        closeEvents();
        pool.release(page);
    }

    /** Waits for the last records of both events and destroys them (once per run when they are shared). */
    void closeEvents() {
        Events.sync(written);
        Events.sync(consumed);
        Events.destroy(written);
        Events.destroy(consumed);
    }
}
