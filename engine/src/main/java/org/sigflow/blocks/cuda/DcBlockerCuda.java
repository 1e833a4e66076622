package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code dc_blocker_cuda}: the CPU twin's {@code y[n] = x[n - delay] - MA^k(x)[n]} (k = 2 or 4 length-D moving means,
 * delay (k/2)(D-1)). Its running sums are recursive on the CPU, but each stage is an FIR, so every stage runs as the
 * moving-sum kernel (direct window sum plus block prefix sums, in double) with the stage outputs kept in double
 * between stages, as the twin keeps them; a last kernel subtracts from the delayed input. Each stage's input history
 * (D items; the input's also covers the delay) lives in a {@link DeviceHistory}; doubles travel as 8-byte units.
 */
final class DcBlockerCuda extends CudaBlock {
    private static final int TILE = 256;

    private final int length;
    private final int stages;
    private final int delay;
    private final int lanes;
    private final int inputHistory;
    private final DeviceHistory[] history;
    private final DevicePage[] means = new DevicePage[2];

    DcBlockerCuda(BlockSetup s) {
        super(1, s.string("type").equals("cf32") ? 8 : 4);
        this.length = s.integer("length");
        this.stages = s.bool("long_form") ? 4 : 2;
        this.delay = stages / 2 * (length - 1);
        this.lanes = s.string("type").equals("cf32") ? 2 : 1;
        this.inputHistory = Math.max(length, delay);
        this.history = new DeviceHistory[stages];
    }

    @Override
    protected void open() {
        history[0] = new DeviceHistory(cuda, stream, inputHistory * lanes, false);
        for (int k = 1; k < stages; k++) {
            history[k] = new DeviceHistory(cuda, stream, length * lanes, true); // doubles as 8-byte units
        }
    }

    @Override
    protected void prepare(long items) {
        long bytes = 8L * lanes * items;
        if (means[0] == null || means[0].bytes() < bytes) {
            if (means[0] != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(means[0]);
                cuda.devicePool().release(means[1]);
            }
            means[0] = cuda.devicePool().acquire(Math.max(8, bytes));
            means[1] = cuda.devicePool().acquire(Math.max(8, bytes));
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        int tiles = (int) ((items + TILE - 1) / TILE);
        double inv = 1.0 / length;
        CUdeviceptr stageIn = in[0];
        for (int k = 0; k < stages; k++) {
            CUdeviceptr stageOut = means[k & 1].ptr();
            cuda.kernels().launchGrid2d(k == 0 ? "sf_moving_mean_fd" : "sf_moving_mean_dd", stream, tiles, lanes, TILE,
                    0, stageIn, stageOut, items, lanes, length, inv, history[k].current(),
                    k == 0 ? inputHistory : length);
            if (k > 0) {
                history[k].advance(stageIn, items * lanes); // before the next stage overwrites this input
            }
            stageIn = stageOut;
        }
        long m = items * lanes;
        cuda.kernels().launch("sf_dc_out", stream, m, in[0], stageIn, out, m, lanes, delay, history[0].current(),
                inputHistory);
        history[0].advance(in[0], m);
        return items;
    }

    @Override
    protected void close() {
        for (DeviceHistory h : history) {
            if (h != null) {
                h.close();
            }
        }
        for (DevicePage p : means) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("dc_blocker");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new DcBlockerCuda(s);
        }
    }
}
