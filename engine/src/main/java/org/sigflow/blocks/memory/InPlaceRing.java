package org.sigflow.blocks.memory;

import org.sigflow.runtime.Block;

/**
 * A memory node whose DMA can use its CPU ring in place (no host packing, pages large enough), or whose packer reads
 * or writes it straight between the ring and the pinned staging pages ({@link #packsOffHeap()}): it then asks for
 * that ring off the Java heap, and reaches it only through segment views.
 */
interface InPlaceRing extends Block {
    /** True when the DMA reads or writes the ring pages directly (see {@link RingDma}). */
    boolean inPlace();

    /**
     * True when a narrow wire format is packed (h2d) or unpacked (d2h) on the host between an off-heap ring and the
     * staging pages: the ring is not pinned, and a null source beside it leaves its zeros there instead of rewriting a
     * heap ring every call ({@code -Dsigflow.memory.packOffHeap=false}: heap rings, as before).
     */
    default boolean packsOffHeap() {
        return false;
    }

    @Override
    default boolean segmentViews() {
        return inPlace() || packsOffHeap();
    }

    @Override
    default boolean wantsOffHeapRings() {
        return inPlace() || packsOffHeap();
    }

    /** Whether a host-packed wire's ring goes off the heap ({@code -Dsigflow.memory.packOffHeap}, default true). */
    static boolean packOffHeap(org.sigflow.catalog.Dtype.Storage storage, WireFormat wire) {
        return storage == org.sigflow.catalog.Dtype.Storage.FLOAT && wire != WireFormat.FP32
                && Boolean.parseBoolean(System.getProperty("sigflow.memory.packOffHeap", "true"));
    }

    /**
     * The chunk a host-packed wire's off-heap ring keeps ({@code -Dsigflow.memory.packedRingCap=false}: no cap): the
     * node's own, so the ring the packer reads or writes stays in the last-level cache instead of taking the null
     * source's or sink's wish for 16 MiB chunks (a 64 MiB ring read or written from DRAM every lap).
     */
    static long packedRingCap(long chunkBytes) {
        return Boolean.parseBoolean(System.getProperty("sigflow.memory.packedRingCap", "true")) ? chunkBytes : 0;
    }
}
