package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code magnitude}: |x|^k of a complex stream, k a positive integer. */
public final class MagnitudeBlock extends SyncBlock {
    private final int exponent;
    private final int vlen;

    MagnitudeBlock(int exponent, int vlen) {
        if (exponent < 1) {
            throw new IllegalArgumentException("magnitude exponent must be >= 1, got " + exponent);
        }
        this.exponent = exponent;
        this.vlen = vlen;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        ComplexOps.magnitudePower(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(),
                steps * vlen, exponent);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "magnitude";
        }

        @Override
        public MagnitudeBlock create(BlockSetup s) {
            return new MagnitudeBlock(s.integer("exponent"), s.integer("vlen"));
        }
    }
}
