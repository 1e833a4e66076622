package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code moving_average_cuda}: {@code y[n] = scale * sum_{k<length} x[n-k]} per float lane (kernel
 * moving_average.cu): per tile of 256 outputs, a direct sum of the first window plus a block-wide prefix sum of
 * {@code x[j] - x[j-length]}, in double, so the result matches the CPU twin's double running sums and no rounding
 * accumulates over a long run. The {@code length} items before a page (the length the graph started with: it may
 * shrink and grow back, as on the CPU) live in one of two alternating device history buffers.
 */
final class MovingAverageCuda extends CudaBlock {
    private static final int TILE = 256;

    private final int maxLength;
    private final int lanes;
    private volatile int length;
    private volatile float scale;
    private DeviceHistory history;

    MovingAverageCuda(BlockSetup s) {
        super(1, 4L * s.output(0).itemSize());
        this.lanes = s.output(0).itemSize();
        this.maxLength = s.integer("length");
        this.length = maxLength;
        this.scale = (float) s.real("scale");
    }

    @Override
    protected void open() {
        history = new DeviceHistory(cuda, stream, maxLength * lanes, false); // item-major floats: whole items
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        int tiles = (int) ((items + TILE - 1) / TILE);
        if (items > 0) {
            cuda.kernels().launchGrid2d("sf_moving_sum", stream, tiles, lanes, TILE, 0, in[0], out, items, lanes,
                    length, scale, history.current(), maxLength);
        }
        history.advance(in[0], items * lanes);
        return items;
    }

    @Override
    protected void close() {
        if (history != null) {
            history.close();
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        switch (paramId) {
            case "scale" -> scale = (float) value.asDouble();
            case "length" -> {
                int l = value.asInt();
                if (l < 1 || l > maxLength) {
                    throw new IllegalArgumentException("length can change between 1 and the length the graph "
                            + "started with (" + maxLength + "), got " + l);
                }
                length = l;
            }
            default -> throw new IllegalArgumentException("parameter '" + paramId
                    + "' cannot be changed while running");
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("moving_average");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new MovingAverageCuda(s);
        }
    }
}
