package org.sigflow.cuda;

/**
 * The reader's side of a GPU edge: the pages of a {@link PageRing} on the reader's own device, or a
 * {@link CrossDevicePages} that moves each page over from another device first. The reader waits (on the device) for
 * {@link PageSlot#written()} of {@link #head()}, uses the page, records {@link PageSlot#consumed()} on a stream of
 * its own device, then calls {@link #release()}.
 */
public interface PageSource {
    /** The oldest published page not yet released (call only when the edge has items). */
    PageSlot head();

    /** The reader's last use of {@link #head()} is queued. */
    void release();

    long pageItems();

    long itemBytes();

    /** The reader is done with the edge. */
    void close();

    /** Closes each non-null end (a block's output rings and input sources at stop). */
    static void closeAll(PageSource... ends) {
        if (ends == null) {
            return;
        }
        for (PageSource e : ends) {
            if (e != null) {
                e.close();
            }
        }
    }

    /**
     * The pages of an edge's attachment for a reader on {@code reader}: the ring itself when it lives there, else a
     * crossing that copies each page over (made on the reader's thread, with {@code reader} bound).
     */
    static PageSource forReader(Object attachment, Cuda reader) {
        PageRing ring = (PageRing) attachment;
        return ring.cuda() == reader ? ring : new CrossDevicePages(ring, reader);
    }
}
