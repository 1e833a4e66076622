package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * One complex stream to one float stream by an element-wise kernel: {@code complex_to_real}, {@code complex_to_imag},
 * {@code complex_to_mag}, {@code complex_to_arg} (one factory each, below).
 */
public final class ComplexToFloatBlock extends SyncBlock {

    /** An element-wise kernel of {@link ComplexOps}' shape. */
    @FunctionalInterface
    interface Kernel {
        void apply(float[] x, int xOff, float[] y, int yOff, int n);
    }

    private final Kernel kernel;
    private final int vlen;

    ComplexToFloatBlock(Kernel kernel, int vlen) {
        this.kernel = kernel;
        this.vlen = vlen;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        kernel.apply(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps * vlen);
    }

    private static Block create(BlockSetup s, Kernel k) {
        return new ComplexToFloatBlock(k, s.has("vlen") ? s.integer("vlen") : 1);
    }

    @AutoService(BlockFactory.class)
    public static final class RealFactory implements BlockFactory {
        @Override public String id() { return "complex_to_real"; }
        @Override public Block create(BlockSetup s) { return ComplexToFloatBlock.create(s, ComplexOps::real); }
    }

    @AutoService(BlockFactory.class)
    public static final class ImagFactory implements BlockFactory {
        @Override public String id() { return "complex_to_imag"; }
        @Override public Block create(BlockSetup s) { return ComplexToFloatBlock.create(s, ComplexOps::imag); }
    }

    @AutoService(BlockFactory.class)
    public static final class MagFactory implements BlockFactory {
        @Override public String id() { return "complex_to_mag"; }
        @Override public Block create(BlockSetup s) { return ComplexToFloatBlock.create(s, ComplexOps::magnitude); }
    }

    @AutoService(BlockFactory.class)
    public static final class ArgFactory implements BlockFactory {
        @Override public String id() { return "complex_to_arg"; }
        @Override public Block create(BlockSetup s) { return ComplexToFloatBlock.create(s, ComplexOps::arg); }
    }
}
