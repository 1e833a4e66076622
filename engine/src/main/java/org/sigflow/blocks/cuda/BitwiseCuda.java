package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code and_cuda}, {@code or_cuda}, {@code xor_cuda} over N inputs and {@code not_cuda}, on u8 or s16 elements: a
 * chain of two-input launches in port order ({@code out = in0 op in1}, then {@code out = out op ink}), as the twin's
 * accumulator. One input is a copy ({@code in0 & in0}). Replayed as CUDA graphs; not fusion stages (integers).
 */
final class BitwiseCuda extends CudaBlock {
    private static final String[] OPS = {"and", "or", "xor"};

    private final String op;
    private final String type;
    private final int samplesPerItem;

    private BitwiseCuda(BlockSetup s, String op) {
        super(s.inputs().size(), (long) s.output(0).dtype().bytes() * s.output(0).vlen());
        this.op = op;
        this.type = s.string("type").equals("s16") ? "s16" : "u8";
        this.samplesPerItem = s.input(0).vlen();
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * samplesPerItem;
        if (op.equals("not")) {
            cuda.kernels().launch("sf_not_" + type, stream, n, in[0], out, n);
            return items;
        }
        String kernel = "sf_bitwise_" + type;
        int code = java.util.Arrays.asList(OPS).indexOf(op);
        if (in.length == 1) {
            cuda.kernels().launch(kernel, stream, n, in[0], in[0], out, n, 0); // x & x = x
            return items;
        }
        cuda.kernels().launch(kernel, stream, n, in[0], in[1], out, n, code);
        for (int k = 2; k < in.length; k++) {
            cuda.kernels().launch(kernel, stream, n, out, in[k], out, n, code);
        }
        return items;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class And extends KeyedTwinFactory {
        public And() {
            super("and", "and", BitwiseCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Or extends KeyedTwinFactory {
        public Or() {
            super("or", "or", BitwiseCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Xor extends KeyedTwinFactory {
        public Xor() {
            super("xor", "xor", BitwiseCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Not extends KeyedTwinFactory {
        public Not() {
            super("not", "not", BitwiseCuda::new);
        }
    }
}
