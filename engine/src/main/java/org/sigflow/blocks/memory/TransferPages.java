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

    TransferPages(Cuda cuda, int slots, long wirePageBytes, Dtype.Storage storage, WireFormat format,
            boolean convertOnDevice) {
        this.cuda = cuda;
        staging = new PinnedPage[slots];
        packing = new HostPacking[slots];
        wire = new DevicePage[slots];
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
