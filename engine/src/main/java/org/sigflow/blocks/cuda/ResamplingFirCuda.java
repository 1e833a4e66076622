package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.ResamplingFirBlock;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code interp_fir_filter_cuda} and {@code rational_resampler_cuda}: scipy's {@code upfirdn(h, x, I, D)} as the CPU
 * twin computes it. Without interpolation it is exactly the decimating FIR, run by the FIR's {@link FirMethod}
 * (tiled, or overlap-save for long filters); with interpolation, one thread per output sums only the taps of its
 * polyphase branch ({@code sf_resample_*} in fir.cu). The {@code Q-1} inputs before a page ({@code Q} taps per
 * branch) live in a {@link DeviceHistory}.
 */
final class ResamplingFirCuda extends CudaBlock {
    private final ResamplingFirBlock twin;
    private final int interpolation;
    private final int decimation;
    private final int branchTaps;
    private final int tapFloats;
    private final String kernel;
    private FirMethod fir;
    private DevicePage taps;
    private DeviceHistory history;

    ResamplingFirCuda(BlockSetup s, ResamplingFirBlock twin) {
        super(1, 4L * s.output(0).itemSize());
        this.twin = twin;
        this.interpolation = twin.interpolation();
        this.decimation = twin.decimation();
        this.tapFloats = twin.complexTaps() ? 2 : 1;
        this.branchTaps = twin.history();
        this.kernel = "sf_resample_" + (twin.complexInput() ? "c" : "r") + (twin.complexTaps() ? "c" : "r");
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % decimation != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole steps"
                    + " of decimation " + decimation + ": make the memory node's Page Size a multiple of it");
        }
        return inPageItems / decimation * interpolation;
    }

    @Override
    protected void open() {
        history = new DeviceHistory(cuda, stream, branchTaps - 1, twin.complexInput());
        if (interpolation == 1) {
            fir = FirMethod.create(FirMethod.chosen(branchTaps), cuda, stream, twin.complexInput(),
                    twin.complexTaps(), branchTaps, decimation);
            fir.open(twin.taps());
        } else {
            // zero-padded to whole branches, so every branch has Q taps
            float[] padded = java.util.Arrays.copyOf(twin.taps(), branchTaps * interpolation * tapFloats);
            taps = DeviceMemory.upload(cuda, padded);
        }
    }

    @Override
    protected void prepare(long items) {
        if (fir != null) {
            fir.prepare(items);
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long steps = items / decimation;
        long nOut = steps * interpolation;
        if (nOut > 0) {
            if (fir != null) {
                fir.filter(in[0], items, history.current(), out, nOut);
            } else {
                cuda.kernels().launch(kernel, stream, nOut, in[0], out, nOut, interpolation, decimation, taps.ptr(),
                        branchTaps, history.current());
            }
        }
        history.advance(in[0], items);
        return nOut;
    }

    @Override
    protected void close() {
        if (fir != null) {
            fir.close();
        }
        if (taps != null) {
            cuda.devicePool().release(taps);
        }
        if (history != null) {
            history.close();
        }
    }

    @Override
    public double relativeRate() {
        return (double) interpolation / decimation;
    }

    @Override
    public org.sigflow.runtime.RateFraction relativeRateFraction() {
        return new org.sigflow.runtime.RateFraction(interpolation, decimation);
    }

    @AutoService(BlockFactory.class)
    public static final class InterpFactory extends CudaTwinFactory {
        public InterpFactory() {
            super("interp_fir_filter");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ResamplingFirCuda(s, (ResamplingFirBlock) cpuTwin);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class RationalFactory extends CudaTwinFactory {
        public RationalFactory() {
            super("rational_resampler");
        }

        /** The GPU kernel starts on zero history only; GNU Radio's first-window start runs on the CPU block. */
        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            if (!ResamplingFirBlock.RationalFactory.startsOnZeros(s)) {
                throw new IllegalArgumentException("on the GPU the rational resampler starts on zero history: set"
                        + " Start to 'Zero history', or use the CPU block for GNU Radio's start (first window full)");
            }
            return new ResamplingFirCuda(s, (ResamplingFirBlock) cpuTwin);
        }
    }
}
