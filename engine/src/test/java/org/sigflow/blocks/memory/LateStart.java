package org.sigflow.blocks.memory;

import java.util.Map;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.runtime.buffer.RingSlot;

/**
 * A block whose work begins only once its upstream has ended (a member of a download group that sees its first page
 * after the writer has finished); everything the runtime asks of it is the wrapped block's.
 */
final class LateStart implements Block {
    private final Block block;
    private boolean started;

    LateStart(Block block) {
        this.block = block;
    }

    @Override
    public WorkResult work(WorkIo io) throws Exception {
        if (!started && !io.in(0).upstreamDone()) {
            return WorkResult.CONTINUE; // no progress: the runner parks until upstream writes or ends
        }
        started = true;
        return block.work(io);
    }

    @Override public void start() throws Exception { block.start(); }
    @Override public void stop() throws Exception { block.stop(); }
    @Override public int history() { return block.history(); }
    @Override public int inputMultiple() { return block.inputMultiple(); }
    @Override public int outputMultiple() { return block.outputMultiple(); }
    @Override public int chunkElements() { return block.chunkElements(); }
    @Override public boolean segmentViews() { return block.segmentViews(); }
    @Override public long offHeapChunkBytes() { return block.offHeapChunkBytes(); }
    @Override public long offHeapChunkCapBytes() { return block.offHeapChunkCapBytes(); }
    @Override public boolean wantsOffHeapRings() { return block.wantsOffHeapRings(); }
    @Override public boolean inputOnDevice(int port) { return block.inputOnDevice(port); }
    @Override public boolean outputOnDevice(int port) { return block.outputOnDevice(port); }
    @Override public RingSlot ringSlot(int port) { return block.ringSlot(port); }
    @Override public Map<String, Double> extraMetrics() { return block.extraMetrics(); }
}
