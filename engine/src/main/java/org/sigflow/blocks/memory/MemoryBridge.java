package org.sigflow.blocks.memory;

import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Host↔GPU memory bridges. With a usable CUDA device they move pages between the CPU ring and the GPU edge
 * ({@link DeviceUpload}, {@link DeviceDownload}); without one they copy samples through unchanged on the CPU, and
 * the CUDA blocks between them run their CPU twins.
 */
abstract class MemoryBridge implements BlockFactory {
    private final String id;

    MemoryBridge(String id) {
        this.id = id;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final Block create(BlockSetup setup) {
        WireFormat wire = WireFormat.fromId(setup.string("wire_format"));
        long pageItems = setup.longValue("page_items");
        if (pageItems < 1) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "': page size must be at least 1 item");
        }
        Dtype dtype = StreamType.dtype(setup);
        if (!Cuda.available()) {
            return new CopyBlock(dtype.storage());
        }
        int vlen = StreamType.vlen(setup);
        return toDevice() ? new DeviceUpload(dtype, vlen, wire, pageItems) : new DeviceDownload(dtype, vlen, wire);
    }

    /** True for CPU→GPGPU. */
    abstract boolean toDevice();
}
