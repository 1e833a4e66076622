package org.sigflow.cuda;

import java.util.function.IntToLongFunction;

/**
 * Runs of small pages ({@code -Dsigflow.cuda.pageRuns}, default on; {@code off} keeps one pool page and one pair of
 * events per page): a ring of small pages takes its pages from one device slab, back to back, and groups them in runs
 * of {@link #pagesPerRun} that share their written- and consumed-events. A memory node then moves a whole run in one
 * DMA with one wait and one record instead of a copy, a wait and a record per page: at 4 Ki-item pages each driver
 * call costs 1–8 µs of host time (more while many threads call the driver at once), a page's copy 32 KiB.
 *
 * <p>Shared events stay correct because a stream waits for an event's <em>latest</em> record, and a page is read
 * only after its writer has recorded the event covering it (and refilled only after its reader has recorded its
 * consumed-event): a wait may cover a later page of the same run too (a little later, never too early), and it can
 * only wait for work already queued, so it cannot deadlock. Pages stay in fixed runs, so the event of a slot never
 * changes (a replayed CUDA graph that waits on it stays right).
 */
public final class PageRuns {
    /** Page bytes must be a multiple of this (the alignment of {@code cuMemAlloc}) for pages to sit back to back. */
    static final long ALIGN = 256;

    private PageRuns() {}

    /** False with {@code -Dsigflow.cuda.pageRuns=off} (every page its own allocation and events, as before). */
    public static boolean enabled() {
        return !"off".equalsIgnoreCase(System.getProperty("sigflow.cuda.pageRuns"));
    }

    /**
     * Largest page in runs ({@code -Dsigflow.cuda.runPageBytes}, default 64 KiB: 8 Ki cf32 items). Larger pages
     * cross the memory nodes by zero-copy DMA page by page, so runs would save no copy there, and a writer or reader
     * that goes page by page on a ring in runs waits for the latest record of the run's event: a CUDA block writing
     * page 2 of a run can wait for the download of page 1. (At 64 Ki-item pages one call measured 30.2 against 19.9
     * µs per page for one block in runs, but identical settings differ by 1.5× between runs there: not resolved.)
     */
    static long maxPageBytes() {
        return Long.getLong("sigflow.cuda.runPageBytes", 64L << 10);
    }

    /** Pages per run wanted ({@code -Dsigflow.cuda.runPages}, default 4). */
    static int wanted() {
        return Math.max(1, Integer.getInteger("sigflow.cuda.runPages", 4));
    }

    /**
     * Pages per run of a ring of {@code ringPages} pages of {@code pageBytes}: the largest divisor of the ring's pages
     * up to {@code wanted}, or 1 (no runs) for rings of fewer than 8 pages or pages over {@link #maxPageBytes()}
     * (where a page's driver calls are a small part of its copy), pages that would not stay aligned back to back,
     * or with runs off.
     */
    public static int pagesPerRun(int ringPages, long pageBytes, int wanted, boolean enabled) {
        return pagesPerRun(ringPages, pageBytes, wanted, enabled, maxPageBytes());
    }

    /** As above, pages of at most {@code maxPageBytes} only. */
    static int pagesPerRun(int ringPages, long pageBytes, int wanted, boolean enabled, long maxPageBytes) {
        if (!enabled || ringPages < 8 || pageBytes <= 0 || pageBytes % ALIGN != 0 || pageBytes > maxPageBytes) {
            return 1;
        }
        for (int r = Math.min(wanted, ringPages / 2); r > 1; r--) {
            if (ringPages % r == 0) {
                return r;
            }
        }
        return 1;
    }

    /** {@link #pagesPerRun(int, long, int, boolean)} with this process's settings. */
    public static int pagesPerRun(int ringPages, long pageBytes) {
        return pagesPerRun(ringPages, pageBytes, wanted(), enabled());
    }

    /**
     * Of the pages from ring slot {@code slot} on, how many a run may hold: to the end of the slot's run, and no more
     * than {@code limit}.
     */
    public static int room(long slot, int run, int limit) {
        return (int) Math.min(limit, run - slot % run);
    }

    /**
     * Reader: of the {@code n} pages from the head on (page {@code j} holds {@code items.applyAsLong(j)} items), how
     * many one copy takes: the pages whose items the edge has published ({@code available}), at least the head; a
     * page short of {@code fullPage} ends the run (the next page's items do not follow on in memory), and a page
     * of no items after the head is taken as not yet published (its count is from the ring's previous lap).
     */
    public static int pagesToTake(IntToLongFunction items, int n, long available, long fullPage) {
        int take = 0;
        long sum = 0;
        while (take < n) {
            long m = items.applyAsLong(take);
            if (take > 0 && (m == 0 || sum + m > available)) {
                break;
            }
            sum += m;
            take++;
            if (m < fullPage) {
                break;
            }
        }
        return take;
    }
}
