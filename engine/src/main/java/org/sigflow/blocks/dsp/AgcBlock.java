package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Agc;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code agc}: GNU Radio's {@code agc_cc/agc_ff} (see {@link Agc}); rate, reference, gain and max gain at run time. */
public final class AgcBlock extends SyncBlock {
    private final Agc agc;

    AgcBlock(Agc agc) {
        this.agc = agc;
    }

    @Override
    protected int maxSteps() {
        return Agc.MAX_SAMPLES;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        agc.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        double v = value.asDouble();
        switch (paramId) {
            case "rate" -> agc.setRate(v);
            case "reference" -> agc.setReference(v);
            case "gain" -> agc.setGain(v);
            case "max_gain" -> agc.setMaxGain(v);
            default -> super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "agc";
        }

        @Override
        public AgcBlock create(BlockSetup s) {
            return new AgcBlock(new Agc(s.string("type").equals("cf32"), s.real("rate"), s.real("reference"),
                    s.real("gain"), s.real("max_gain")));
        }
    }
}
