package org.sigflow.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which small pages go in runs and how many a copy takes ({@link PageRuns}; no GPU needed): runs divide the ring, only
 * rings of 8 or more aligned pages get them, a run ends at its group's end, and a reader takes only published pages
 * whose items follow on in memory.
 */
class PageRunsTest {
    @Test
    void runsDivideTheRingAndNeedAlignedSmallPages() {
        assertEquals(4, PageRuns.pagesPerRun(16, 32768, 4, true)); // 4 Ki cf32 items
        assertEquals(8, PageRuns.pagesPerRun(16, 32768, 8, true));
        assertEquals(2, PageRuns.pagesPerRun(10, 4096, 4, true)); // 10 = 2 x 5: the largest divisor up to 4
        assertEquals(3, PageRuns.pagesPerRun(9, 4096, 4, true));
        assertEquals(1, PageRuns.pagesPerRun(16, 32768, 4, false)); // -Dsigflow.cuda.pageRuns=off
        assertEquals(1, PageRuns.pagesPerRun(3, 32L << 20, 4, true)); // large pages: 3-page rings
        assertEquals(1, PageRuns.pagesPerRun(16, 24000, 4, true)); // 3000 cf32 items: not 256-byte aligned
        assertEquals(1, PageRuns.pagesPerRun(11, 4096, 4, true)); // prime: no run divides the ring
        assertEquals(1, PageRuns.pagesPerRun(16, 32768, 1, true));
        assertEquals(4, PageRuns.pagesPerRun(8, 65536, 4, true)); // 8 Ki cf32 items: the largest page in runs
        assertEquals(1, PageRuns.pagesPerRun(8, 512 << 10, 4, true)); // 64 Ki: zero-copy DMA page by page
        assertEquals(4, PageRuns.pagesPerRun(8, 512 << 10, 4, true, 1 << 20)); // -Dsigflow.cuda.runPageBytes
    }

    @Test
    void aRunEndsAtItsGroupsEnd() {
        assertEquals(4, PageRuns.room(0, 4, 16));
        assertEquals(1, PageRuns.room(3, 4, 16));
        assertEquals(2, PageRuns.room(14, 4, 16));
        assertEquals(3, PageRuns.room(5, 4, 16));
        assertEquals(2, PageRuns.room(4, 4, 2)); // the staging ring's free slots
        assertEquals(3, PageRuns.room(21, 4, 16)); // slot counts run on past the ring (21 % 4 = 1)
    }

    @Test
    void aReaderTakesPublishedPagesThatFollowOn() {
        long[] full = {100, 100, 100, 100};
        assertEquals(4, PageRuns.pagesToTake(j -> full[j], 4, 400, 100));
        assertEquals(3, PageRuns.pagesToTake(j -> full[j], 3, 400, 100)); // the run's room
        assertEquals(2, PageRuns.pagesToTake(j -> full[j], 4, 250, 100)); // the third is not published yet
        long[] shortSecond = {100, 40, 100, 100};
        assertEquals(2, PageRuns.pagesToTake(j -> shortSecond[j], 4, 400, 100)); // the next does not follow on
        long[] shortHead = {7, 100};
        assertEquals(1, PageRuns.pagesToTake(j -> shortHead[j], 2, 107, 100));
        long[] stale = {100, 0, 0, 0}; // counts of the ring's last lap: the second page is unpublished
        assertEquals(1, PageRuns.pagesToTake(j -> stale[j], 4, 100, 100));
        long[] emptyHead = {0, 100};
        assertEquals(1, PageRuns.pagesToTake(j -> emptyHead[j], 2, 100, 100)); // a published empty head alone
    }
}
