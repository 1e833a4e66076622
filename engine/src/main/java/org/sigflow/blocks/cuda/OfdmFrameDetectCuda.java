package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import com.google.auto.service.AutoService;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;

/**
 * {@code ofdm_frame_detect_cuda}: the delayed autocorrelation of every sample of a page in parallel (kernel
 * {@code ofdm_detect.cu}: each thread sums its window directly, in double, from the terms the CPU twin adds), the
 * samples passed through by a device copy. Tags are host objects, so this block, unlike the others, waits for its
 * page: it reads back one byte per sample (metric above the threshold or not), runs the twin's plateau and hold-off
 * rules over them and reads the coarse offset (a double) only at each detection.
 */
final class OfdmFrameDetectCuda extends CudaBlock {
    private final int delay;
    private final int window;
    private final double threshold;
    private final int plateau;
    private final int holdoff;
    private DeviceHistory history;
    private DevicePage above;
    private DevicePage offsets;
    private byte[] flags = new byte[0];
    private int run;
    private long quietUntil;

    OfdmFrameDetectCuda(BlockSetup s) {
        super(1, 8);
        this.delay = s.integer("delay");
        this.window = s.integer("window");
        this.threshold = s.real("threshold");
        this.plateau = s.integer("plateau");
        this.holdoff = s.integer("holdoff");
    }

    @Override
    protected void open() {
        history = new DeviceHistory(cuda, stream, delay + window - 1, true);
    }

    @Override
    protected void prepare(long items) {
        if (flags.length < items) {
            if (above != null) {
                sync();
                cuda.devicePool().release(above);
                cuda.devicePool().release(offsets);
            }
            flags = new byte[(int) items];
            above = cuda.devicePool().acquire(Math.max(8, items));
            offsets = cuda.devicePool().acquire(Math.max(8, 8 * items));
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items > 0) {
            check(cuMemcpyDtoDAsync(out, in[0], 8 * items, stream), "cuMemcpyDtoDAsync");
            cuda.kernels().launch("sf_ofdm_autocorr", stream, items, in[0], items, history.current(), delay, window,
                    threshold, above.ptr(), offsets.ptr());
        }
        history.advance(in[0], items);
        return items;
    }

    @Override
    protected void tagPage(WorkIo io, long items) {
        if (items == 0) {
            return;
        }
        sync();
        check(cuMemcpyDtoH(Pointer.to(flags), above.ptr(), items), "cuMemcpyDtoH");
        long first = io.out(0).position();
        double[] value = new double[1];
        for (int i = 0; i < items; i++) {
            run = flags[i] != 0 ? run + 1 : 0;
            if (run >= plateau && first + i >= quietUntil) {
                check(cuMemcpyDtoH(Pointer.to(value), offsets.ptr().withByteOffset(8L * i), 8), "cuMemcpyDtoH");
                io.out(0).addTag(first + i, org.sigflow.blocks.ofdm.OfdmFrameDetectBlock.TAG, value[0]);
                quietUntil = first + i + holdoff;
                run = 0;
            }
        }
    }

    private void sync() {
        check(cuStreamSynchronize(stream), "cuStreamSynchronize");
    }

    private static void check(int r, String call) {
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(r));
        }
    }

    @Override
    protected void close() {
        if (history != null) {
            history.close();
        }
        if (above != null) {
            cuda.devicePool().release(above);
            cuda.devicePool().release(offsets);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("ofdm_frame_detect");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new OfdmFrameDetectCuda(s);
        }
    }
}
