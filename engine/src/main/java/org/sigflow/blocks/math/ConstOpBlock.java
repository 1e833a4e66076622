package org.sigflow.blocks.math;

import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** One input, one output, combined with the runtime-settable complex param {@code const} (add_const, multiply_const). */
abstract class ConstOpBlock extends SyncBlock {
    protected final boolean complex;
    protected float re;
    protected float im;

    ConstOpBlock(BlockSetup setup) {
        this.complex = StreamType.dtype(setup, Dtype.CF32, Dtype.F32).isComplex();
        setConst(setup.param("const"));
    }

    /** Computes {@code n} floats: {@code d[dof..] = f(a[ao..])}. */
    protected abstract void apply(float[] a, int ao, float[] d, int dof, int n);

    @Override
    protected final void process(WorkIo io, int steps) {
        OutputView out = io.out(0);
        apply(io.in(0).floats(), io.in(0).offset(), out.floats(), out.offset(), steps * out.itemSize());
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (!paramId.equals("const")) {
            super.applyParam(paramId, value);
        }
        setConst(value);
    }

    private void setConst(Value value) {
        if (!complex && value.im() != 0) {
            throw new IllegalArgumentException("a float (f32) stream needs a real constant, got " + value.display());
        }
        re = (float) value.re();
        im = (float) value.im();
    }

    static final class Add extends ConstOpBlock {
        Add(BlockSetup setup) {
            super(setup);
        }

        @Override
        protected void apply(float[] a, int ao, float[] d, int dof, int n) {
            FloatKernels.addPair(a, ao, d, dof, n, re, complex ? im : re);
        }
    }

    static final class Multiply extends ConstOpBlock {
        Multiply(BlockSetup setup) {
            super(setup);
        }

        @Override
        protected void apply(float[] a, int ao, float[] d, int dof, int n) {
            if (!complex) {
                FloatKernels.scale(a, ao, d, dof, n, re);
            } else if (im == 0) {
                FloatKernels.scale(a, ao, d, dof, n, re); // a real gain scales re and im alike: no shuffles
            } else {
                FloatKernels.complexScale(a, ao, d, dof, n, re, im);
            }
        }
    }
}
