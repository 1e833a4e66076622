package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FrequencyModulator;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code frequency_mod}: float message to a unit-magnitude complex FM signal, phase += sensitivity * x. */
public final class FrequencyModBlock extends SyncBlock {
    private final FrequencyModulator modulator;

    FrequencyModBlock(double sensitivity, boolean gnuRadio) {
        modulator = gnuRadio ? FrequencyModulator.gnuRadio(sensitivity) : new FrequencyModulator(sensitivity);
    }

    @Override
    protected void process(WorkIo io, int steps) {
        modulator.modulate(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("sensitivity")) {
            modulator.setSensitivity(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "frequency_mod";
        }

        @Override
        public FrequencyModBlock create(BlockSetup s) {
            return new FrequencyModBlock(s.real("sensitivity"),
                    s.has("oscillator") && s.string("oscillator").equals("gnuradio"));
        }
    }
}
