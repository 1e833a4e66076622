package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code vector_to_stream}: splits each vector item into {@code num_items} consecutive items (a pure copy). */
@AutoService(BlockFactory.class)
public final class VectorToStream implements BlockFactory {

    @Override
    public String id() {
        return "vector_to_stream";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new CopyBlock(StreamType.dtype(setup).storage(), 1, setup.integer("num_items"));
    }
}
