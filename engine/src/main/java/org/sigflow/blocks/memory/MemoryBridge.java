package org.sigflow.blocks.memory;

import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Host↔GPU memory bridges. Until the CUDA engine lands, both directions copy samples through unchanged on the CPU;
 * {@code wire_format} and {@code page_items} are validated here and will be used by the CUDA transfer.
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
        String wire = setup.string("wire_format");
        if (!wire.equals("fp32") && !wire.equals("fp16") && !wire.equals("int16") && !wire.equals("int8")) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "': unknown wire format '" + wire + "'");
        }
        if (setup.longValue("page_items") < 1) {
            throw new IllegalArgumentException(id + " '" + setup.instanceId() + "': page size must be at least 1 item");
        }
        return new CopyBlock(StreamType.dtype(setup).storage());
    }
}
