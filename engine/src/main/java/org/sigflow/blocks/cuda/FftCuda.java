package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.Cufft;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.dsp.FftScaling;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fft_cuda}: one cuFFT C2C transform per vector item, batched over the page (plans cached per batch size on
 * the block's stream). Window (in input order), {@code ifftshift} of an inverse's input, scaling and the widening of
 * real input are fused into one small kernel before the transform; a forward transform's {@code fftshift} is one
 * kernel after it (via a scratch page, numpy's convention for odd sizes as well). Same semantics as the CPU twin.
 * Method {@code paper_512} replaces cuFFT by {@link PaperFft512} (512 points only).
 */
final class FftCuda extends CudaBlock {
    private final int size;
    private final boolean realInput;
    private final boolean inverse;
    private final boolean shift;
    private final float scale;
    private final float[] window;
    private final boolean paper;
    private final Map<Long, Integer> plans = new HashMap<>();
    private Cufft cufft;
    private DevicePage windowPage;
    private DevicePage scratch;

    FftCuda(BlockSetup s) {
        super(1, 8L * s.integer("fft_size"));
        this.size = s.integer("fft_size");
        this.realInput = s.string("type").equals("f32");
        this.inverse = s.string("direction").equals("inverse");
        this.shift = s.bool("shift");
        this.scale = FftScaling.fromId(s.string("scaling")).factor(size);
        this.window = org.sigflow.blocks.dsp.FftWindows.of(s, size);
        this.paper = PaperFft512.chosen(s); // the CPU twin has refused sizes other than 512
    }

    @Override
    protected void open() {
        cufft = paper ? null : Cufft.get(); // the paper's kernel needs no cuFFT
        windowPage = DeviceMemory.upload(cuda, window);
    }

    @Override
    protected void prepare(long frames) {
        if (paper) {
            return;
        }
        plans.computeIfAbsent(frames, b -> cufft.plan(size, (int) (long) b, stream)); // tens of ms: keep out of the kernel time
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long frames) {
        long n = frames * size;
        boolean roll = shift && !inverse;
        CUdeviceptr work = out;
        if (roll) {
            if (scratch == null || scratch.bytes() < 8 * n) {
                if (scratch != null) {
                    DeviceMemory.drain(stream);
                    cuda.devicePool().release(scratch);
                }
                scratch = cuda.devicePool().acquire(8 * n);
            }
            work = scratch.ptr();
        }
        cuda.kernels().launch(realInput ? "sf_fft_pre_f32" : "sf_fft_pre_cf32", stream, n, in[0], work, n, size,
                windowPage.ptr(), shift && inverse ? size / 2 : 0, scale);
        if (paper) {
            PaperFft512.launch(cuda, stream, work, work, frames, inverse);
        } else {
            cufft.execute(plans.get(frames), work, work, inverse ? Cufft.INVERSE : Cufft.FORWARD);
        }
        if (roll) {
            cuda.kernels().launch("sf_fft_roll_cf32", stream, n, work, out, n, size, size - size / 2);
        }
        return frames;
    }

    @Override
    protected void close() {
        if (cufft != null) {
            plans.values().forEach(cufft::destroy);
        }
        if (windowPage != null) {
            cuda.devicePool().release(windowPage);
        }
        if (scratch != null) {
            cuda.devicePool().release(scratch);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("fft");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FftCuda(s);
        }
    }
}
