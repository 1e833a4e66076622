package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.digital.Constellation;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code constellation_decoder_cuda}: one thread per decision (constellation.cu), with the twin's decision maker:
 * the presets' slicers and 16QAM region tests, or the nearest of the points (uploaded once) by the twin's float
 * distances. Dimensionality d takes d complex samples per byte, so pages must hold whole symbols.
 */
final class ConstellationDecoderCuda extends RateChangingCuda {
    private static final float L = (float) Math.sqrt(0.1f); // Constellation's 16QAM level, computed as there
    private final int kind;
    private final float[] points;
    private final int dims;
    private DevicePage page;

    ConstellationDecoderCuda(Constellation c) {
        super(1, 1, c.dimensionality());
        this.kind = c.decisionMaker();
        this.points = c.pointsCopy();
        this.dims = c.dimensionality();
    }

    @Override
    protected void open() {
        page = DeviceMemory.upload(cuda, points);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = outputs(items);
        if (n > 0) {
            cuda.kernels().launch("sf_constellation_decide", stream, n, in[0], out, n, kind, page.ptr(),
                    points.length / 2 / dims, dims, L);
        }
        return n;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @Override
    protected void close() {
        cuda.devicePool().release(page);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("constellation_decoder");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ConstellationDecoderCuda(Constellation.ofParams(s, "constellation_decoder_cuda '"
                    + s.instanceId() + "'"));
        }
    }
}
