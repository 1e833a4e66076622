package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code float_to_complex_cuda} and {@code complex_to_float_cuda}: complex samples from and to their two float parts,
 * one launch per page. Their second port is optional as the twin's: an unconnected {@code im} input makes imaginary
 * parts 0 (the runtime passes one input), an unconnected {@code im} output gets no device pages (a null pointer the
 * kernel skips).
 */
final class PartsCuda extends CudaBlock {
    private final boolean toComplex;
    private final int vlen;

    private PartsCuda(BlockSetup s, boolean toComplex) {
        super(s.inputs().size(), s.outputs().size(), (toComplex ? 8L : 4L) * s.output(0).vlen());
        this.toComplex = toComplex;
        this.vlen = s.output(0).vlen();
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * vlen;
        cuda.kernels().launch("sf_f32_pair_to_cf32", stream, n, in[0], in.length > 1 ? in[1] : null, out, n);
        return items;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr[] out, long items) {
        if (toComplex) {
            return enqueue(in, out[0], items);
        }
        long n = items * vlen;
        cuda.kernels().launch("sf_cf32_to_f32_pair", stream, n, in[0], out[0], out.length > 1 ? out[1] : null, n);
        return items;
    }

    @Override
    public boolean deviceOutputOptional(int port) {
        return !toComplex && port == 1;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToComplex extends CudaTwinFactory {
        public FloatToComplex() {
            super("float_to_complex");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new PartsCuda(s, true);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ComplexToFloat extends CudaTwinFactory {
        public ComplexToFloat() {
            super("complex_to_float");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new PartsCuda(s, false);
        }
    }
}
