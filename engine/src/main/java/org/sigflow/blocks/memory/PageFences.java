package org.sigflow.blocks.memory;

import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Events;

/**
 * The host's view of which of a memory node's staging copies are done, for pages queued in order on one copy stream
 * and cycling through {@code slots} staging pages. An event is recorded after every {@code every}-th page and at the
 * end of each work call ({@link #fence}), not after each page: an event that completes says that every copy queued
 * before it is done too. At 4 Ki-item pages each record and wait is a driver call of 1–2 µs of a page's ~14 µs.
 */
final class PageFences {
    /**
     * Pages per fence at small pages ({@code -Dsigflow.memory.fenceEvery}; 1 records after every page, as before);
     * large pages (a ring of 3) fence every page.
     */
    static int every(int slots) {
        return slots >= 8 ? Math.max(1, Integer.getInteger("sigflow.memory.fenceEvery", 4)) : 1;
    }

    private final CUevent[] events;
    /** Per slot: the page whose event covers the page in that slot. */
    private final long[] cover;
    private final int every;
    private long added;
    private long unfenced;
    private long doneThrough = -1;

    PageFences(int slots, int every) {
        events = new CUevent[slots];
        cover = new long[slots];
        this.every = every;
        for (int k = 0; k < slots; k++) {
            events[k] = Events.ordering();
        }
    }

    /** Pages added so far (the next page's index). */
    long added() {
        return added;
    }

    /** After queueing the next page's copy on {@code stream}. */
    void add(CUstream stream) {
        added++;
        if (added % every == 0) {
            fence(stream);
        }
    }

    /** Records one event for the pages added since the last one (end of a work call: every page gets covered). */
    void fence(CUstream stream) {
        if (unfenced == added) {
            return;
        }
        long last = added - 1;
        Events.record(events[slot(last)], stream);
        for (long p = unfenced; p <= last; p++) {
            cover[slot(p)] = last;
        }
        unfenced = added;
    }

    /** The host waits until page {@code p}'s copy is done. */
    void await(long p, CUstream stream) {
        if (p <= doneThrough) {
            return;
        }
        if (p >= unfenced) {
            fence(stream);
        }
        long c = cover[slot(p)];
        Events.sync(events[slot(c)]);
        doneThrough = c;
    }

    /** Whether page {@code p}'s copy is done (never waits; false for a page not yet fenced). */
    boolean done(long p) {
        if (p <= doneThrough) {
            return true;
        }
        if (p >= unfenced) {
            return false;
        }
        long c = cover[slot(p)];
        if (!Events.done(events[slot(c)])) {
            return false;
        }
        doneThrough = c;
        return true;
    }

    /** Before the next page reuses the staging slot of the page a ring ago: waits for that page's copy. */
    void awaitSlot(CUstream stream) {
        awaitSlot(stream, 0);
    }

    /** As {@link #awaitSlot(CUstream)} for the page {@code ahead} pages after the next one (a run being filled). */
    void awaitSlot(CUstream stream, int ahead) {
        if (added + ahead >= events.length) {
            await(added + ahead - events.length, stream);
        }
    }

    private int slot(long page) {
        return (int) (page % events.length);
    }

    void close() {
        for (CUevent e : events) {
            Events.destroy(e);
        }
    }
}
