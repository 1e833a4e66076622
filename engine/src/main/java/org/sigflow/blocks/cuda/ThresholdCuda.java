package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code threshold_cuda}: the hysteresis comparator as an exact scan (threshold.cu): each output is the last decision
 * (1 above High, 0 below Low) at or before it, else the state before the page. Chunks find their last decisions, one
 * block scans them from the state kept on the device, then each chunk reruns its comparisons from its incoming
 * value: the twin's outputs bit for bit. Low and High changes apply from the next page.
 */
final class ThresholdCuda extends ChunkScanCuda {
    private final float init;
    private volatile float lo;
    private volatile float hi;

    ThresholdCuda(BlockSetup s) {
        super(4, 4, 4); // scratch: each chunk's last decision (int), then its incoming output (float)
        this.lo = (float) s.real("lo");
        this.hi = (float) s.real("hi");
        this.init = (float) s.real("init");
    }

    @Override
    protected float[] initialState() {
        return new float[] {init};
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        long chunks = chunks(items);
        float l = lo;
        float h = hi;
        cuda.kernels().launch("sf_thr_chunk_ends", stream, chunks, in[0], scratch(0), chunks, items, l, h);
        cuda.kernels().launchGrid("sf_thr_carry", stream, 1, SCAN_THREADS, 0, scratch(0), scratch(1), chunks,
                state());
        cuda.kernels().launch("sf_thr_apply", stream, chunks, in[0], out, chunks, items, l, h, scratch(1));
        return items;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        switch (paramId) {
            case "lo" -> lo = (float) value.asDouble();
            case "hi" -> hi = (float) value.asDouble();
            default -> throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("threshold");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ThresholdCuda(s);
        }
    }
}
