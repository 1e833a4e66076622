package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.cuda.Cuda;

/**
 * {@link TailChains} on a GPU ({@code @Tag("gpu")}): decimating CUDA blocks between zero-copy memory nodes (off-heap
 * rings read and written in place by the DMA, pages under the usual minimum so the rings turn many laps; a
 * multi-output block's downloads grouped) give every output exactly the CPU twin's items, the short last page's
 * included, and its values within the case's tolerance.
 */
@Tag("gpu")
class GpuDecimatorTailTest {
    /** Input page (a power of two: a channelizer's 8 output pages of 4096 items can be grouped). */
    static final int PAGE = 32768;
    /** 20 full pages and a short one whose last 3 samples make no whole channelizer step. */
    static final int ITEMS = 20 * PAGE + 8 * 1000 + 3;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.sigflow.blocks.memory.TailChains#cases")
    void everyOutputHasTheTwinsItems(TailChains.Case c) throws Exception {
        assumeTrue(Cuda.available(), "no CUDA device");
        System.setProperty("sigflow.memory.zeroCopyMinPage", "0");
        try {
            TailChains.check(c, TailChains.samples(ITEMS, 5), PAGE);
        } finally {
            System.clearProperty("sigflow.memory.zeroCopyMinPage");
        }
    }
}
