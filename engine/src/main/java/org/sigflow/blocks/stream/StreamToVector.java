package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code stream_to_vector}: groups {@code num_items} consecutive items into one vector item (a pure copy). */
@AutoService(BlockFactory.class)
public final class StreamToVector implements BlockFactory {

    @Override
    public String id() {
        return "stream_to_vector";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new CopyBlock(StreamType.dtype(setup).storage(), setup.integer("num_items"), 1);
    }
}
