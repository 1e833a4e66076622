package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction_attribute;
import org.sigflow.blocks.dsp.FirFilterBlock;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fir_filter_cuda}: the decimating FIR {@code y[j] = sum_k h[k] x[jD - k]} as a shared-memory tiled kernel
 * (256 outputs per thread block; taps and the input span staged once). The {@code ntaps - 1} samples before a page
 * live in one of two device history buffers that alternate page by page. Taps come from the CPU twin, which designs
 * them and handles run-time changes; a change waits for the stream once, then re-uploads the taps.
 */
final class FirFilterCuda extends CudaBlock {
    private static final int TILE = 256;
    private static final int DEFAULT_SHARED_LIMIT = 48 * 1024;

    private final FirFilterBlock twin;
    private final String kernel;
    private final String historyKernel;
    private final int tapFloats;
    private final int sampleFloats;
    private final int ntaps;
    private final int decimation;
    private DevicePage taps;
    private final DevicePage[] history = new DevicePage[2];
    private long pages;
    private int sharedBytes;

    FirFilterCuda(BlockSetup s, FirFilterBlock twin) {
        super(1, 4L * s.output(0).itemSize());
        this.twin = twin;
        this.decimation = twin.decimation();
        this.tapFloats = twin.complexTaps() ? 2 : 1;
        this.sampleFloats = twin.complexInput() ? 2 : 1;
        this.ntaps = twin.history();
        this.kernel = "sf_fir_" + (twin.complexInput() ? "c" : "r") + (twin.complexTaps() ? "c" : "r");
        this.historyKernel = twin.complexInput() ? "sf_fir_history_cf32" : "sf_fir_history_f32";
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % decimation != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole steps"
                    + " of decimation " + decimation + ": make the memory node's Page Size a multiple of it");
        }
        return inPageItems / decimation;
    }

    @Override
    protected void open() {
        taps = DeviceMemory.upload(cuda, twin.taps());
        long histBytes = 4L * sampleFloats * Math.max(1, ntaps - 1);
        history[0] = DeviceMemory.zeroed(cuda, histBytes, stream);
        history[1] = DeviceMemory.zeroed(cuda, histBytes, stream);
        int tapBytes = (4 * tapFloats * ntaps + 15) / 16 * 16;
        sharedBytes = tapBytes + 4 * sampleFloats * ((TILE - 1) * decimation + ntaps);
        if (sharedBytes > DEFAULT_SHARED_LIMIT) {
            int r = cuFuncSetAttribute(cuda.kernels().function(kernel),
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, sharedBytes);
            if (r != 0) {
                throw new IllegalArgumentException(ntaps + " taps at decimation " + decimation + " need "
                        + sharedBytes / 1024 + " KiB of shared memory per thread block, more than this GPU gives");
            }
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long nOut = items / decimation;
        int k = (int) (pages++ & 1);
        if (nOut > 0) {
            int blocks = (int) ((nOut + TILE - 1) / TILE);
            cuda.kernels().launchGrid(kernel, stream, blocks, TILE, sharedBytes, in[0], out, nOut, decimation,
                    taps.ptr(), ntaps, history[k].ptr());
        }
        int len = Math.max(1, ntaps - 1);
        if (ntaps > 1) {
            cuda.kernels().launch(historyKernel, stream, len, in[0], items, history[k].ptr(), history[1 - k].ptr(), len);
        } else {
            pages--; // no history to carry: keep using buffer 0
        }
        return nOut;
    }

    @Override
    protected void close() {
        for (DevicePage p : new DevicePage[] {taps, history[0], history[1]}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public double relativeRate() {
        return 1.0 / decimation;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        twin.applyParam(paramId, value); // designs and checks the new taps (throws and keeps the old ones if refused)
        DeviceMemory.drain(stream);
        DeviceMemory.overwrite(taps, twin.taps());
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("fir_filter");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new FirFilterCuda(s, (FirFilterBlock) cpuTwin);
        }
    }
}
