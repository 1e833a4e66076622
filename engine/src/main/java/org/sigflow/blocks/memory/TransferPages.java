package org.sigflow.blocks.memory;

import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DevicePage;
import org.sigflow.cuda.PinnedPage;

/**
 * The pages one memory node copies through, from the pools: per slot a pinned staging page with its wire-format
 * packer, and (for a narrowed wire format or an integer host stream) a device page the wire samples land in before a
 * kernel widens them (or leave from after a kernel narrowed them).
 */
final class TransferPages {
    private final Cuda cuda;
    private final PinnedPage[] staging;
    private final HostPacking[] packing;
    private final DevicePage[] wire;

    /** Contiguous pages only: the one pinned and the one device allocation the slots are slices of. */
    private PinnedPage stagingSlab;
    private DevicePage wireSlab;
    private final long pageBytes;

    TransferPages(Cuda cuda, int slots, long wirePageBytes, Dtype.Storage storage, WireFormat format,
            boolean convertOnDevice) {
        this(cuda, slots, wirePageBytes, storage, format, convertOnDevice, false);
    }

    /**
     * @param contiguous the slots' pages back to back in one pinned (and one device) allocation, so a run of pages
     *     crosses in one copy ({@link org.sigflow.cuda.PageRuns})
     */
    TransferPages(Cuda cuda, int slots, long wirePageBytes, Dtype.Storage storage, WireFormat format,
            boolean convertOnDevice, boolean contiguous) {
        this.cuda = cuda;
        this.pageBytes = wirePageBytes;
        staging = new PinnedPage[slots];
        packing = new HostPacking[slots];
        wire = new DevicePage[slots];
        if (contiguous) {
            slabs(slots, wirePageBytes, storage, format, convertOnDevice);
            return;
        }
        try {
            for (int k = 0; k < slots; k++) {
                staging[k] = cuda.pinnedPool().acquire(wirePageBytes);
                packing[k] = new HostPacking(storage, format, staging[k].buffer());
                if (convertOnDevice) {
                    wire[k] = cuda.devicePool().acquire(wirePageBytes);
                }
            }
        } catch (RuntimeException e) {
            release(); // what was acquired before the failure goes back
            throw e;
        }
    }

    private void slabs(int slots, long bytes, Dtype.Storage storage, WireFormat format, boolean convertOnDevice) {
        stagingSlab = cuda.pinnedPool().acquire(slots * bytes);
        try {
            wireSlab = convertOnDevice ? cuda.devicePool().acquire(slots * bytes) : null;
        } catch (RuntimeException e) {
            release();
            throw e;
        }
        for (int k = 0; k < slots; k++) {
            java.nio.ByteBuffer b = stagingSlab.buffer().slice((int) (k * bytes), (int) bytes)
                    .order(java.nio.ByteOrder.nativeOrder());
            staging[k] = new PinnedPage(stagingSlab.ptr().withByteOffset(k * bytes), b, bytes, -1);
            packing[k] = new HostPacking(storage, format, b);
            if (wireSlab != null) {
                wire[k] = new DevicePage(org.sigflow.cuda.Addresses.device(org.sigflow.cuda.Addresses.of(wireSlab.ptr()) + k * bytes),
                        bytes, -1);
            }
        }
    }

    /** Bytes from one slot's page to the next's when {@link #contiguous()}. */
    long pageBytes() {
        return pageBytes;
    }

    /** True when the slots' pages sit back to back (one copy and one kernel may span several). */
    boolean contiguous() {
        return stagingSlab != null;
    }

    PinnedPage staging(int k) {
        return staging[k];
    }

    /** The staging page's host address (for {@link org.sigflow.cuda.Copies}). */
    long stagingAddress(int k) {
        return java.lang.foreign.MemorySegment.ofBuffer(staging[k].buffer()).address();
    }

    HostPacking packing(int k) {
        return packing[k];
    }

    /** The device page for wire-format samples; null when the bytes are copied straight to or from the ring. */
    DevicePage wire(int k) {
        return wire[k];
    }

    /** Signal-to-error ratio of the wire format over everything packed or unpacked so far, in dB. */
    double snrDb() {
        return HostPacking.snrDb(packing);
    }

    /** Gives every page back to its pool (the pools keep them for the next run). */
    void release() {
        if (stagingSlab != null) {
            cuda.pinnedPool().release(stagingSlab);
            if (wireSlab != null) {
                cuda.devicePool().release(wireSlab);
            }
            return;
        }
        for (int k = 0; k < staging.length; k++) {
            if (staging[k] != null) {
                cuda.pinnedPool().release(staging[k]);
            }
            if (wire[k] != null) {
                cuda.devicePool().release(wire[k]);
            }
        }
    }
}
