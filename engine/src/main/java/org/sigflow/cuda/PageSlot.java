package org.sigflow.cuda;

import jcuda.driver.CUevent;

/**
 * One page of a {@link PageRing}: the device memory, the event its writer records after filling it, and the event
 * its reader records after its last use of it. {@code items} is set by the writer before it publishes the page.
 */
public final class PageSlot {
    private final DevicePage page;
    private final CUevent written = Events.ordering();
    private final CUevent consumed = Events.ordering();
    long items;

    PageSlot(DevicePage page) {
        this.page = page;
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
        Events.sync(written);
        Events.sync(consumed);
        Events.destroy(written);
        Events.destroy(consumed);
        pool.release(page);
    }
}
