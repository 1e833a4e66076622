package org.sigflow.blocks.cuda;

import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageRuns;
import org.sigflow.cuda.PageSource;

/**
 * An element-wise CUDA block between two rings of pages in runs ({@link PageRuns}): one kernel (one graph replay)
 * over a run of input pages into a run of output pages, where each side's pages sit back to back. At 4 Ki-item pages
 * the replay's {@code cuGraphLaunch} was most of the block's ~10 µs of host time per page.
 */
final class PageRunCuda {
    private PageRunCuda() {}

    /**
     * True when the block's one input comes in runs: its output ring then goes in runs too. (A writer that goes page by
     * page on a ring in runs would wait for its reader's use of the page before, the run's consumed-event being
     * shared.)
     */
    static boolean runsIn(PageSource[] in) {
        return in.length == 1 && in[0] instanceof PageRing r && r.run() > 1;
    }

    /**
     * The input ring when a block with these rings moves runs: one input and one output, both in runs, pages of the
     * same item count; else null.
     */
    static PageRing inputRing(PageSource[] in, PageRing[] out) {
        if (in.length != 1 || out.length != 1 || !(in[0] instanceof PageRing r) || out[0] == null) {
            return null;
        }
        return r.run() > 1 && out[0].run() > 1 && out[0].pageItems() == r.pageItems() ? r : null;
    }

    /**
     * Pages the next kernel takes from {@code in}'s head (1 or more): to the end of the head's run and of the next
     * output page's run, while output pages are free and input pages published ({@code available} items).
     */
    static int pages(PageRing in, PageRing out, long available) {
        int n = Math.min(PageRuns.room(in.readSlot(), in.run(), in.run()),
                PageRuns.room(out.writeSlot(), out.run(), out.run()));
        int free = 1; // the caller holds the first
        while (free < n && out.tryAcquire(free) != null) {
            free++;
        }
        return PageRuns.pagesToTake(j -> in.head(j).items(), free, available, in.pageItems());
    }

    /** Items in the {@code pages} pages from {@code in}'s head. */
    static long items(PageRing in, int pages) {
        long n = 0;
        for (int j = 0; j < pages; j++) {
            n += in.head(j).items();
        }
        return n;
    }

    /** After the run's kernel is queued: each output page published with its input page's items, each input released. */
    static void finish(PageRing in, PageRing out, int pages) {
        for (int j = 0; j < pages; j++) {
            out.publish(out.tryAcquire(), in.head().items());
            in.release();
        }
    }
}
