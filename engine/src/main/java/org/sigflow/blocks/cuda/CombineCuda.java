package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.cuda.fusion.FusedOp;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code add_cuda}, {@code multiply_cuda}, {@code subtract_cuda} and {@code divide_cuda} over N inputs: a chain of two-input launches on one stream
 * ({@code out = in0 op in1}, then {@code out = out op ink}), each reading pages already on the device.
 */
final class CombineCuda extends ElementwiseCuda {
    private final String kernel;
    private final boolean complex;
    private final int itemFloats;

    CombineCuda(BlockSetup s, String op) {
        super(s.inputs().size(), 4L * s.output(0).itemSize(), new FusedOp(switch (op) {
            case "add" -> FusedOp.Kind.ADD;
            case "sub" -> FusedOp.Kind.SUBTRACT;
            case "div" -> FusedOp.Kind.DIVIDE;
            default -> FusedOp.Kind.MULTIPLY;
        }, floatType(s).equals("cf32"), s.inputs().size(), 0));
        this.complex = s.string("type").equals("cf32");
        // complex addition and subtraction are float ones; complex multiplication and division are not
        this.kernel = "sf_" + op + (complex && (op.equals("mul") || op.equals("div")) ? "_cf32" : "_f32");
        this.itemFloats = s.input(0).itemSize();
    }

    /** The stream type, which must be a float one: the CPU twin's integer types (s16, s32) have no kernel here. */
    private static String floatType(BlockSetup s) {
        String type = s.string("type");
        if (!type.equals("cf32") && !type.equals("f32")) {
            throw new IllegalArgumentException("'" + s.instanceId() + "': the CUDA " + s.blockId().replace("_cuda", "")
                    + " takes cf32 or f32, not " + type + " (use the CPU block for integer streams)");
        }
        return type;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = floats(items, itemFloats);
        long count = kernel.endsWith("_cf32") ? n / 2 : n;
        if (in.length == 1) {
            cuda.kernels().launch("sf_scale_f32", stream, n, in[0], out, n, 1f);
            return items;
        }
        cuda.kernels().launch(kernel, stream, count, in[0], in[1], out, count);
        for (int k = 2; k < in.length; k++) {
            cuda.kernels().launch(kernel, stream, count, out, in[k], out, count);
        }
        return items;
    }

    @AutoService(BlockFactory.class)
    public static final class Add extends KeyedTwinFactory {
        public Add() {
            super("add", "add", CombineCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Multiply extends KeyedTwinFactory {
        public Multiply() {
            super("multiply", "mul", CombineCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Subtract extends KeyedTwinFactory {
        public Subtract() {
            super("subtract", "sub", CombineCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Divide extends KeyedTwinFactory {
        public Divide() {
            super("divide", "div", CombineCuda::new);
        }
    }
}
