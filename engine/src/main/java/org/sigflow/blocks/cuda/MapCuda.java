package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.cuda.fusion.FusedOp;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * One-input element-wise blocks: {@code conjugate_cuda}, {@code complex_to_mag_cuda}, {@code magnitude_cuda}
 * (|x|^k), {@code complex_to_real_cuda}, {@code complex_to_imag_cuda}, {@code complex_to_arg_cuda} and
 * {@code abs_cuda} on f32 ({@link AbsCuda}). One kernel launch per page over its samples.
 */
final class MapCuda extends ElementwiseCuda {
    private final String kernel;
    private final int samplesPerItem;
    private final Integer exponent;

    MapCuda(BlockSetup s, String kernel, Integer exponent) {
        super(1, 4L * s.output(0).itemSize(), switch (kernel) {
            case "sf_conjugate" -> FusedOp.of(FusedOp.Kind.CONJUGATE, true);
            case "sf_complex_to_mag" -> FusedOp.of(FusedOp.Kind.MAGNITUDE, true);
            case "sf_complex_to_real" -> FusedOp.of(FusedOp.Kind.REAL, true);
            case "sf_complex_to_imag" -> FusedOp.of(FusedOp.Kind.IMAG, true);
            case "sf_complex_to_arg" -> FusedOp.of(FusedOp.Kind.ARG, true);
            case "sf_abs_f32" -> FusedOp.of(FusedOp.Kind.ABS, false);
            default -> new FusedOp(FusedOp.Kind.MAGNITUDE_POW, true, 1, exponent);
        });
        this.kernel = kernel;
        this.samplesPerItem = s.input(0).vlen();
        this.exponent = exponent;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = items * samplesPerItem;
        if (exponent == null) {
            cuda.kernels().launch(kernel, stream, n, in[0], out, n);
        } else {
            cuda.kernels().launch(kernel, stream, n, in[0], out, n, exponent);
        }
        return items;
    }

    @AutoService(BlockFactory.class)
    public static final class Conjugate extends CudaTwinFactory {
        public Conjugate() {
            super("conjugate");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new MapCuda(s, "sf_conjugate", null);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ComplexToMag extends CudaTwinFactory {
        public ComplexToMag() {
            super("complex_to_mag");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new MapCuda(s, "sf_complex_to_mag", null);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Magnitude extends CudaTwinFactory {
        public Magnitude() {
            super("magnitude");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new MapCuda(s, "sf_magnitude_pow", s.integer("exponent"));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ComplexToReal extends KeyedTwinFactory {
        public ComplexToReal() {
            super("complex_to_real", "sf_complex_to_real", (s, kernel) -> new MapCuda(s, kernel, null));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ComplexToImag extends KeyedTwinFactory {
        public ComplexToImag() {
            super("complex_to_imag", "sf_complex_to_imag", (s, kernel) -> new MapCuda(s, kernel, null));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ComplexToArg extends KeyedTwinFactory {
        public ComplexToArg() {
            super("complex_to_arg", "sf_complex_to_arg", (s, kernel) -> new MapCuda(s, kernel, null));
        }
    }
}
