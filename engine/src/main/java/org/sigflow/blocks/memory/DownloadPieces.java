package org.sigflow.blocks.memory;

import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Events;

/**
 * {@code memory_d2h}'s staging pages downloaded in pieces (the mirror of {@code memory_h2d}'s packed pieces): an
 * event after each piece's copy, so the host unpacks a piece while the link brings the next, instead of waiting for
 * the whole page first. Pieces are {@link PackingThreads#PIECE} elements, whole items.
 * {@code -Dsigflow.memory.unpackPipelined=false}: one copy and one wait per page, as before.
 */
final class DownloadPieces {
    /** Read at each node's first page (a test compares both paths in one process). */
    static boolean enabled() {
        return Boolean.parseBoolean(System.getProperty("sigflow.memory.unpackPipelined", "true"));
    }

    private final long pieceElements;
    private final int itemSize;
    private final CUevent[][] events;

    /** Pieces of pages of {@code pageElements} in {@code slots} staging pages (events made here: GPU only). */
    DownloadPieces(int slots, long pageElements, int itemSize) {
        this.itemSize = itemSize;
        this.pieceElements = pieceElements(itemSize);
        int perPage = count(pageElements, pieceElements);
        events = new CUevent[slots][perPage];
        for (CUevent[] page : events) {
            for (int p = 0; p < perPage; p++) {
                page[p] = Events.ordering();
            }
        }
    }

    /** Whether pages of {@code pageElements} would cross in more than one piece (and the path is on). */
    static boolean applies(long pageElements, int itemSize) {
        return enabled() && pageElements > pieceElements(itemSize);
    }

    /** Elements per piece: {@link PackingThreads#PIECE} rounded down to whole items. */
    static long pieceElements(int itemSize) {
        return Math.max(itemSize, PackingThreads.PIECE / itemSize * itemSize);
    }

    static int count(long elements, long pieceElements) {
        return (int) ((elements + pieceElements - 1) / pieceElements);
    }

    /** The piece that holds item {@code within} of a page. */
    static int index(long within, int itemSize, long pieceElements) {
        return (int) (within * itemSize / pieceElements);
    }

    /** Items from item {@code within} of a page to the end of its piece (the page's end may come first). */
    static long itemsToPieceEnd(long within, int itemSize, long pieceElements) {
        long element = within * itemSize;
        return ((element / pieceElements + 1) * pieceElements - element) / itemSize;
    }

    /** Queues the copy of a staging page's {@code bytes} in pieces, an event after each. */
    void download(int slot, long staging, jcuda.driver.CUdeviceptr src, long bytes, int elementBytes, CUstream s) {
        long per = pieceElements * elementBytes;
        for (int p = 0; (long) p * per < bytes; p++) {
            long off = p * per;
            org.sigflow.cuda.Copies.toHost(staging + off, src, off, Math.min(per, bytes - off), s);
            Events.record(events[slot][p], s);
        }
    }

    /** Waits for the piece of slot {@code slot} that holds item {@code within}; the items from there to its end. */
    long await(int slot, long within) {
        Events.sync(events[slot][index(within, itemSize, pieceElements)]);
        return itemsToPieceEnd(within, itemSize, pieceElements);
    }

    /** Whether the piece of slot {@code slot} that holds item {@code within} has landed (never waits). */
    boolean done(int slot, long within) {
        return Events.done(events[slot][index(within, itemSize, pieceElements)]);
    }

    void close() {
        for (CUevent[] page : events) {
            for (CUevent e : page) {
                Events.destroy(e);
            }
        }
    }
}
