package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Rotator;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code rotator}: GNU Radio's {@code rotator_cc}, {@code y[n] = x[n] exp(j n phase_inc)}, phase-continuous. */
public final class RotatorBlock extends SyncBlock {
    private final Rotator rotator;

    RotatorBlock(double phaseInc) {
        this.rotator = new Rotator(phaseInc);
    }

    @Override
    protected void process(WorkIo io, int steps) {
        rotator.rotate(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("phase_inc")) {
            rotator.setIncrement(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "rotator";
        }

        @Override
        public RotatorBlock create(BlockSetup s) {
            return new RotatorBlock(s.real("phase_inc"));
        }
    }
}
