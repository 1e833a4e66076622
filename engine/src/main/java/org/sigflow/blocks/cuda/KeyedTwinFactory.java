package org.sigflow.blocks.cuda;

import java.util.function.BiFunction;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;

/** A twin factory whose device block is one class told apart by a key (an operation or a kernel name). */
abstract class KeyedTwinFactory extends CudaTwinFactory {
    private final String key;
    private final BiFunction<BlockSetup, String, Block> make;

    KeyedTwinFactory(String twin, String key, BiFunction<BlockSetup, String, Block> make) {
        super(twin);
        this.key = key;
        this.make = make;
    }

    @Override
    protected final Block createDevice(BlockSetup s, Block cpuTwin) {
        return make.apply(s, key);
    }
}
