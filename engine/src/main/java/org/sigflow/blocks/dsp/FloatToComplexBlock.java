package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code float_to_complex}: real part from input 0, imaginary part from the optional input 1 (zero when that port is
 * not connected, i.e. when the runtime passes a single input).
 */
public final class FloatToComplexBlock extends SyncBlock {
    private final int vlen;

    FloatToComplexBlock(int vlen) {
        this.vlen = vlen;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        boolean hasIm = io.inputCount() > 1;
        ComplexOps.toComplex(io.in(0).floats(), io.in(0).offset(), hasIm ? io.in(1).floats() : null,
                hasIm ? io.in(1).offset() : 0, io.out(0).floats(), io.out(0).offset(), steps * vlen);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "float_to_complex";
        }

        @Override
        public FloatToComplexBlock create(BlockSetup s) {
            return new FloatToComplexBlock(s.integer("vlen"));
        }
    }
}
