package org.sigflow.blocks.cuda;

import java.util.Map;
import org.sigflow.cuda.CudaFaults;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A CUDA block (or its CPU twin, without a GPU) that fails as {@link CudaFaults} says: out of memory when it starts
 * (after the real start, so its clean-up runs), a failed launch or a lost device at a work call; a lost device also
 * fails the clean-up, as every CUDA call after it would. Otherwise everything is the wrapped block's.
 */
final class FaultyCudaBlock implements Block {
    private final Block block;
    private final CudaFaults.Fault fault;
    private int calls;
    private boolean lost;

    FaultyCudaBlock(Block block, CudaFaults.Fault fault) {
        this.block = block;
        this.fault = fault;
    }

    @Override
    public void start() throws Exception {
        block.start();
        if (fault.kind() == CudaFaults.Kind.OOM) {
            throw fault.kind().exception();
        }
    }

    @Override
    public WorkResult work(WorkIo io) throws Exception {
        if (fault.kind() != CudaFaults.Kind.OOM && ++calls >= fault.call()) {
            lost = fault.kind() == CudaFaults.Kind.LOST;
            throw fault.kind().exception();
        }
        return block.work(io);
    }

    @Override
    public void stop() throws Exception {
        block.stop();
        if (lost) {
            throw fault.kind().exception();
        }
    }

    @Override
    public int history() {
        return block.history();
    }

    @Override
    public int inputMultiple() {
        return block.inputMultiple();
    }

    @Override
    public int outputMultiple() {
        return block.outputMultiple();
    }

    @Override
    public int chunkElements() {
        return block.chunkElements();
    }

    @Override
    public boolean waitsOutsideJava() {
        return block.waitsOutsideJava();
    }

    @Override
    public double relativeRate() {
        return block.relativeRate();
    }

    @Override
    public org.sigflow.runtime.RateFraction relativeRateFraction() {
        return block.relativeRateFraction();
    }

    @Override
    public boolean outputOnDevice(int port) {
        return block.outputOnDevice(port);
    }

    @Override
    public boolean inputOnDevice(int port) {
        return block.inputOnDevice(port);
    }

    @Override
    public Map<String, Double> extraMetrics() {
        return block.extraMetrics();
    }

    @Override
    public TagPolicy tagPolicy() {
        return block.tagPolicy();
    }

    @Override
    public void applyParam(String paramId, Value value) {
        block.applyParam(paramId, value);
    }
}
