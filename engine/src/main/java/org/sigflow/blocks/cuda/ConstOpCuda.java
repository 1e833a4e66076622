package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.cuda.fusion.FusedOp;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code multiply_const_cuda} and {@code add_const_cuda}: one element-wise kernel per page, constant changeable live. */
final class ConstOpCuda extends ElementwiseCuda {
    private final String kernel;
    private final boolean complex;
    private final int itemFloats;
    private volatile float re;
    private volatile float im;

    ConstOpCuda(BlockSetup s, String kernelStem) {
        super(1, 4L * s.output(0).itemSize(), FusedOp.of(kernelStem.equals("sf_scale") ? FusedOp.Kind.SCALE
                : FusedOp.Kind.OFFSET, s.string("type").equals("cf32")));
        this.complex = s.string("type").equals("cf32");
        this.kernel = kernelStem + (complex ? "_cf32" : "_f32");
        this.itemFloats = s.input(0).itemSize();
        double[] c = s.complex("const");
        re = (float) c[0];
        im = (float) c[1];
    }

    @Override
    public float[] fusedConstants() {
        return complex ? new float[] {re, im} : new float[] {re};
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = floats(items, itemFloats);
        if (complex) {
            cuda.kernels().launch(kernel, stream, (n + 3) / 4, in[0], out, n / 2, re, im); // a thread per float4
        } else {
            cuda.kernels().launch(kernel, stream, (n + 3) / 4, in[0], out, n, re);
        }
        return items;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (!paramId.equals("const")) {
            throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
        if (!complex && value.im() != 0) {
            throw new IllegalArgumentException("a float stream needs a real constant");
        }
        re = (float) value.re();
        im = (float) value.im();
        paramsChanged();
    }

    @AutoService(BlockFactory.class)
    public static final class MultiplyConst extends CudaTwinFactory {
        public MultiplyConst() {
            super("multiply_const");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ConstOpCuda(s, "sf_scale");
        }
    }

    @AutoService(BlockFactory.class)
    public static final class AddConst extends CudaTwinFactory {
        public AddConst() {
            super("add_const");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ConstOpCuda(s, "sf_offset");
        }
    }
}
