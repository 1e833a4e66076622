package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.RunOutcome;

/**
 * Split/merge over lanes gives exactly the output of one chain, tags and end-of-stream included: over two and three
 * lanes on device 0 (on a GPU: the CUDA lane blocks and memory nodes; without one, their CPU twins), split on the GPU
 * side and on the host side. The reference is the CPU FFT alone; on a GPU the one-chain GPU run is the exact
 * reference for the lanes (same kernels on the same pages) and the CPU within 2e-5.
 */
class LanesTest {
    private static final float[] X = TwinChains.random(LaneChains.VEC, LaneChains.ITEMS, 11);

    @Test
    void lanesOnOneDeviceGiveTheOneChainsOutputExactly() throws Exception {
        checkLanesOnDeviceZero();
    }

    /** Also run by the gpu group ({@link MultiGpuTest}). */
    static void checkLanesOnDeviceZero() throws Exception {
        Result cpu = LaneChains.cpu(X);
        Result one = LaneChains.single(X, 0);
        assertComplete(one);
        assertEquals(X.length, one.values().length);
        if (Cuda.available()) {
            double err = TwinChains.relativeError(one.values(), cpu.values());
            assertTrue(err <= 2e-5, "GPU FFT against the CPU FFT: relative error " + err);
        } else {
            assertArrayEquals(cpu.values(), one.values(), "without CUDA the chain is the CPU twins");
        }
        assertEquals(cpu.tags(), one.tags());
        for (Result lanes : new Result[] {LaneChains.deviceLanes(X, 0, 0, 0), LaneChains.deviceLanes(X, 0, 0, 0, 0),
                LaneChains.hostLanes(X, 0, 0), LaneChains.hostLanes(X, 0, 0, 0)}) {
            assertComplete(lanes);
            assertArrayEquals(one.values(), lanes.values(), "lanes give the one chain's values bit for bit");
            assertEquals(one.tags(), lanes.tags(), "tags keep their items");
        }
    }

    @Test
    void theTagsAreTheSourcesAtTheirOffsets() throws Exception {
        Result lanes = LaneChains.hostLanes(X, 0, 0, 0);
        assertEquals((LaneChains.ITEMS + LaneChains.TAG_EVERY - 1) / LaneChains.TAG_EVERY, lanes.tags().size());
        for (int i = 0; i < lanes.tags().size(); i++) {
            assertEquals((long) i * LaneChains.TAG_EVERY, lanes.tags().get(i).offset());
            assertEquals("mark", lanes.tags().get(i).key());
        }
    }

    static void assertComplete(Result r) {
        assertEquals(RunOutcome.Kind.COMPLETED, r.outcome().kind(), () -> String.valueOf(r.outcome().failure()));
    }
}
