package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code quadrature_demod_cuda}: {@code gain * arg(x[n] conj(x[n-1]))}. The sample before each page lives in one of
 * two one-sample device buffers that alternate, so a page's kernel reads the previous page's last sample and writes
 * its own without a race (and without the host seeing either).
 */
final class QuadratureDemodCuda extends CudaBlock {
    private volatile float gain;
    private final DevicePage[] last = new DevicePage[2];
    private long pages;

    QuadratureDemodCuda(BlockSetup s) {
        super(1, 4);
        gain = (float) s.real("gain");
    }

    @Override
    protected void open() {
        last[0] = DeviceMemory.zeroed(cuda, 8, stream);
        last[1] = DeviceMemory.zeroed(cuda, 8, stream);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        int k = (int) (pages++ & 1);
        cuda.kernels().launch("sf_quad_demod", stream, items, in[0], out, items, gain, last[k].ptr(),
                last[1 - k].ptr());
        return items;
    }

    @Override
    protected void close() {
        for (DevicePage p : last) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (!paramId.equals("gain")) {
            throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
        gain = (float) value.asDouble();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("quadrature_demod");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new QuadratureDemodCuda(s);
        }
    }
}
