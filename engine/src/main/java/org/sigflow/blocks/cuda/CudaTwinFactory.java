package org.sigflow.blocks.cuda;

import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.CudaFaults;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;

/**
 * Factory of a CUDA block {@code <twin>_cuda}: it always builds the CPU twin first (same params, so the same checks
 * and messages), returns that twin when no CUDA device is usable (the graph still runs, on the CPU), and otherwise
 * builds the device block, which may read settled values (taps, windows) from the twin.
 */
public abstract class CudaTwinFactory implements BlockFactory {
    private final String twin;

    protected CudaTwinFactory(String twin) {
        this.twin = twin;
    }

    @Override
    public final String id() {
        return twin + "_cuda";
    }

    /** The CPU twin's catalog id. */
    public final String twin() {
        return twin;
    }

    @Override
    public final Block create(BlockSetup setup) throws Exception {
        BlockFactory cpu = Registry.INSTANCE.find(twin).orElseThrow(
                () -> new IllegalStateException("CPU twin '" + twin + "' of '" + id() + "' is not installed"));
        Block cpuBlock = cpu.create(new BlockSetup(setup.instanceId(), twin, setup.params(), setup.inputs(),
                setup.outputs(), setup.baseDir()));
        Block block = cpuBlock;
        if (Cuda.available()) {
            int device = DeviceChoice.of(setup);
            block = createDevice(setup, cpuBlock);
            if (block instanceof CudaBlock c) {
                c.onDevice(device);
            }
        }
        Block built = block;
        return CudaFaults.forBlock(setup.instanceId()).<Block>map(f -> new FaultyCudaBlock(built, f)).orElse(built);
    }

    /** Builds the GPU block; {@code cpuTwin} is the equivalent CPU block, already validated. */
    protected abstract Block createDevice(BlockSetup setup, Block cpuTwin) throws Exception;

    private static final class Registry {
        static final BlockRegistry INSTANCE = BlockRegistry.load();
    }
}
