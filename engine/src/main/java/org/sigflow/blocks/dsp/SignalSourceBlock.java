package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FxptSignalGenerator;
import org.sigflow.dsp.SignalGenerator;
import org.sigflow.dsp.ToneGenerator;
import org.sigflow.dsp.Waveform;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code signal_source}: an infinite waveform generator with GNU Radio sig_source semantics. */
public final class SignalSourceBlock extends SyncBlock {
    private final ToneGenerator generator;
    private final boolean complex;

    SignalSourceBlock(ToneGenerator generator, boolean complex) {
        this.generator = generator;
        this.complex = complex;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        generator.generate(io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    protected int maxSteps() {
        return 8192;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        switch (paramId) {
            case "frequency" -> generator.setFrequency(value.asDouble());
            case "amplitude" -> generator.setAmplitude(value.asDouble());
            case "offset" -> {
                if (!complex && value.im() != 0) {
                    throw new IllegalArgumentException("a float signal source needs a real offset");
                }
                generator.setOffset(value.re(), value.im());
            }
            default -> super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "signal_source";
        }

        @Override
        public SignalSourceBlock create(BlockSetup s) {
            boolean complex = s.string("type").equals("cf32");
            double[] offset = s.complex("offset");
            if (!complex && offset[1] != 0) {
                throw new IllegalArgumentException("a float signal source needs a real offset");
            }
            Waveform w = Waveform.fromId(s.string("waveform"));
            // "gnuradio": GNU Radio's fixed-point NCO and sine table (what GRC imports ask for)
            ToneGenerator g = s.has("oscillator") && s.string("oscillator").equals("gnuradio")
                    ? new FxptSignalGenerator(w, complex, s.real("samp_rate"), s.real("frequency"),
                            s.real("amplitude"), offset[0], offset[1], s.real("phase"))
                    : new SignalGenerator(w, complex, s.real("samp_rate"), s.real("frequency"), s.real("amplitude"),
                            offset[0], offset[1], s.real("phase"));
            return new SignalSourceBlock(g, complex);
        }
    }
}
