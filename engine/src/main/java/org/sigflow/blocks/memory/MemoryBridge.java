package org.sigflow.blocks.memory;

import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.blocks.cuda.DeviceChoice;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.PortDef;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Host↔GPU memory bridges. With a usable CUDA device they move pages between the CPU ring and the GPU edge
 * ({@link DeviceUpload}, {@link DeviceDownload}); without one they copy samples through unchanged on the CPU, and
 * the CUDA blocks between them run their CPU twins (an integer host stream is still widened or narrowed,
 * {@link IntegerWireCopy}).
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
        IntegerWire integer = integerWire(setup, dtype);
        int group = toDevice() && setup.has("device_items") ? setup.integer("device_items") : 1;
        if (group < 1) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "': Items per GPU Vector must be at least 1");
        }
        if (!Cuda.available()) {
            return integer != null ? new IntegerWireCopy(integer, toDevice(), group)
                    : new HostPassThrough(dtype.storage(), group);
        }
        int vlen = StreamType.vlen(setup);
        int device = DeviceChoice.of(setup);
        return toDevice() ? new DeviceUpload(dtype, vlen, group, wire, integer, pageItems, device)
                : new DeviceDownload(dtype, vlen, wire, integer, pageItems, device);
    }

    /** The integer host type a cf32 device stream is widened from or narrowed to; null when the types are the same. */
    private IntegerWire integerWire(BlockSetup setup, Dtype dtype) {
        String other = toDevice() ? "device_type" : "host_type";
        String value = setup.has(other) ? setup.string(other) : PortDef.SAME_AS_TYPE;
        if (value.equals(PortDef.SAME_AS_TYPE) || value.equals(dtype.id())) {
            return null;
        }
        Dtype host = toDevice() ? dtype : Dtype.fromId(value);
        IntegerWire w = IntegerWire.of(host);
        if (w == null || (!toDevice() && w == IntegerWire.CU8) || (!toDevice() && dtype != Dtype.CF32)) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "': " + dtype.id() + " cannot become "
                    + value + " (cs16, cs8 and u8 pairs widen to cf32; cf32 narrows to cs16 or cs8)");
        }
        return w;
    }

    /** True for CPU→GPGPU. */
    abstract boolean toDevice();
}
