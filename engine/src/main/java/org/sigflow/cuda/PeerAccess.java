package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuCtxEnablePeerAccess;
import static jcuda.driver.JCudaDriver.cuDeviceCanAccessPeer;
import static jcuda.driver.JCudaDriver.cuDeviceGet;

import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdevice;
import jcuda.driver.CUresult;

/**
 * Whether two devices copy to each other directly ({@code cuMemcpyPeerAsync} over NVLink or PCIe peer to peer):
 * decided once per pair, when the first edge between them starts. Peer access is enabled both ways where
 * {@code cuDeviceCanAccessPeer} allows; elsewhere pages are staged through pinned host memory.
 * {@code -Dsigflow.cuda.peer=off} forces staging for edges started while it is set (to measure or test it, or where
 * a platform's peer path misbehaves).
 */
public final class PeerAccess {
    private static final Map<Long, Boolean> decided = new HashMap<>();

    private PeerAccess() {}

    /** True when pages between {@code a} and {@code b} go peer to peer (enabled now if needed). */
    public static synchronized boolean between(Cuda a, Cuda b) {
        if ("off".equalsIgnoreCase(System.getProperty("sigflow.cuda.peer", "on"))) {
            return false;
        }
        long key = Math.min(a.device(), b.device()) * 1_000_000L + Math.max(a.device(), b.device());
        Boolean known = decided.get(key);
        if (known == null) {
            known = canAccess(a, b) && canAccess(b, a) && enable(a, b) && enable(b, a);
            decided.put(key, known);
        }
        return known;
    }

    private static boolean canAccess(Cuda from, Cuda to) {
        CUdevice f = new CUdevice();
        CUdevice t = new CUdevice();
        Cu.check(cuDeviceGet(f, from.device()), "cuDeviceGet");
        Cu.check(cuDeviceGet(t, to.device()), "cuDeviceGet");
        int[] can = {0};
        Cu.check(cuDeviceCanAccessPeer(can, f, t), "cuDeviceCanAccessPeer");
        return can[0] != 0;
    }

    /** Lets {@code from}'s context read and write {@code to}'s memory; binds the calling thread to {@code from}. */
    private static boolean enable(Cuda from, Cuda to) {
        from.bindThread();
        int r = cuCtxEnablePeerAccess(to.context(), 0);
        return r == CUresult.CUDA_SUCCESS || r == CUresult.CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
    }
}
