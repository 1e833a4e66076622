package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Output rings of CUDA blocks: up to 32 small pages in runs (16 page by page; 4 MiB in all), never fewer than 3. */
class RingPagesTest {
    @Test
    void smallPagesInRunsGetRingsOfUpTo32Pages() {
        assertEquals(32, CudaBlock.ringPages(4096 * 8)); // 4 Ki cf32 items: 32 KiB
        assertEquals(32, CudaBlock.ringPages(1));
        assertEquals(16, CudaBlock.ringPages(1 << 18));
        assertEquals(3, CudaBlock.ringPages(32L << 20));
    }

    @Test
    void smallPagesGetDeeperRings() {
        System.setProperty("sigflow.cuda.pageRuns", "off"); // every page its own copy: the 16-page cap of before
        try {
            checkPageByPageRings();
        } finally {
            System.clearProperty("sigflow.cuda.pageRuns");
        }
    }

    private static void checkPageByPageRings() {
        assertEquals(16, CudaBlock.ringPages(4096 * 8)); // 4 Ki cf32 items: 32 KiB
        assertEquals(8, CudaBlock.ringPages(65536 * 8)); // 64 Ki: 512 KiB
        assertEquals(4, CudaBlock.ringPages(1 << 20));
        assertEquals(3, CudaBlock.ringPages(1_400_000));
        assertEquals(3, CudaBlock.ringPages(32L << 20)); // 4 Mi cf32 items
        assertEquals(16, CudaBlock.ringPages(1));
    }
}
