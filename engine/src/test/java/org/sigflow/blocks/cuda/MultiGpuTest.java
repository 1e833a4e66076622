package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.GpuCount;

/**
 * Several GPUs in one graph, on a GPU machine ({@code @Tag("gpu")}; the tests needing two devices are skipped on
 * one): split/merge lanes on device 0 give the one chain's output bit for bit; on two GPUs a whole chain on device 1,
 * an FFT on device 1 between memory nodes on device 0 (two edges across devices, peer to peer and staged through
 * host memory) and lanes over both devices, split on the GPU side and on the host side, give the same bits as the
 * chain on device 0, tags included, and the crossing shows in the block's metrics. A device index the machine lacks
 * is refused naming the block.
 */
@org.junit.jupiter.api.Tag("gpu")
class MultiGpuTest {
    private static final float[] X = TwinChains.random(LaneChains.VEC, LaneChains.ITEMS, 23);

    @BeforeAll
    static void device() {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        System.out.println("CUDA devices: " + Cuda.deviceCount());
    }

    @Test
    void lanesOnDeviceZeroGiveTheOneChainsOutput() throws Exception {
        LanesTest.checkLanesOnDeviceZero();
    }

    @Test
    void aDeviceThisMachineLacksIsRefusedNamingTheBlock() {
        int count = Cuda.deviceCount();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaneChains.fft("fft_cuda", count));
        assertEquals("block fft_cuda_0: device " + count + " does not exist; this machine has " + GpuCount.words(count),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LaneChains.memory("memory_h2d", count));
    }

    @Test
    void aWholeChainOnDeviceOne() throws Exception {
        twoGpus();
        Result zero = LaneChains.single(X, 0);
        Result one = LaneChains.single(X, 1);
        same(zero, one, "chain on device 1");
        assertEquals(1.0, one.extra("fft").get(DeviceMetrics.DEVICE));
        assertEquals(1.0, one.extra("h2d").get(DeviceMetrics.DEVICE));
        assertTrue(!one.extra("fft").containsKey(DeviceMetrics.PEER) && !one.extra("fft").containsKey(DeviceMetrics.STAGED),
                "no crossing within one device");
    }

    @Test
    void edgesAcrossDevicesPeerToPeerAndStaged() throws Exception {
        twoGpus();
        Result zero = LaneChains.single(X, 0);
        Result peer = LaneChains.mixed(X, 0, 1, 0);
        same(zero, peer, "fft on device 1 between memory nodes on device 0");
        Map<String, Double> fft = peer.extra("fft");
        System.out.println("device 0 -> 1 edge: " + fft);
        assertEquals(1.0, fft.getOrDefault(DeviceMetrics.PEER, 0.0) + fft.getOrDefault(DeviceMetrics.STAGED, 0.0),
                "the fft's input crosses, and says how");
        assertTrue(peer.extra("d2h").containsKey(DeviceMetrics.PEER) || peer.extra("d2h").containsKey(DeviceMetrics.STAGED));
        System.setProperty("sigflow.cuda.peer", "off");
        try {
            Result staged = LaneChains.mixed(X, 1, 0, 1);
            same(zero, staged, "staged through host memory");
            assertEquals(1.0, staged.extra("fft").get(DeviceMetrics.STAGED));
            assertEquals(1.0, staged.extra("d2h").get(DeviceMetrics.STAGED));
        } finally {
            System.clearProperty("sigflow.cuda.peer");
        }
    }

    @Test
    void lanesOverTwoDevices() throws Exception {
        twoGpus();
        Result zero = LaneChains.single(X, 0);
        same(zero, LaneChains.deviceLanes(X, 0, 0, 1), "split on device 0, lanes on devices 0 and 1");
        same(zero, LaneChains.deviceLanes(X, 1, 0, 1, 0, 1), "split on device 1, four lanes over both");
        Result host = LaneChains.hostLanes(X, 0, 1);
        same(zero, host, "split on the host, a memory node pair per device");
        assertEquals(1.0, host.extra("fft1").get(DeviceMetrics.DEVICE));
    }

    private static void twoGpus() {
        assumeTrue(Cuda.deviceCount() >= 2, "needs two GPUs (this machine has " + GpuCount.words(Cuda.deviceCount()) + ")");
    }

    private static void same(Result want, Result got, String what) {
        LanesTest.assertComplete(got);
        assertArrayEquals(want.values(), got.values(), what + ": the same bits as the chain on device 0");
        assertEquals(want.tags(), got.tags(), what + ": tags");
    }
}
