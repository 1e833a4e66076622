package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.NoiseGenerator;
import org.sigflow.dsp.NoiseType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code noise_source}: seeded gaussian or uniform noise with GNU Radio's amplitude conventions (s16: cast as GNU Radio). */
public final class NoiseSourceBlock extends SyncBlock {
    private final NoiseGenerator generator;
    /** s16 output: the real noise is drawn here, then cast (null for f32/cf32). */
    private final float[] shortScratch;

    NoiseSourceBlock(NoiseGenerator generator, boolean shorts) {
        this.generator = generator;
        this.shortScratch = shorts ? new float[8192] : null;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        if (shortScratch == null) {
            generator.generate(io.out(0).floats(), io.out(0).offset(), steps);
            return;
        }
        short[] out = io.out(0).shorts();
        int o = io.out(0).offset();
        generator.generate(shortScratch, 0, steps);
        for (int i = 0; i < steps; i++) {
            // GNU Radio's (short)(ampl * x): truncation toward zero; saturated where C++ would be undefined
            out[o + i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, (int) shortScratch[i]));
        }
    }

    @Override
    protected int maxSteps() {
        return 8192;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("amplitude")) {
            generator.setAmplitude(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "noise_source";
        }

        @Override
        public NoiseSourceBlock create(BlockSetup s) {
            NoiseType t = NoiseType.fromId(s.string("noise_type"));
            boolean complex = s.string("type").equals("cf32");
            // "gnuradio": GNU Radio's gr::random sequence for the seed (what GRC imports ask for)
            boolean gnuRadio = s.has("generator") && s.string("generator").equals("gnuradio");
            int pool = s.has("pool") ? s.integer("pool") : 0;
            NoiseGenerator g = !gnuRadio ? new NoiseGenerator(t, complex, s.real("amplitude"), s.longValue("seed"))
                    : pool > 0 ? NoiseGenerator.gnuRadioPool(t, complex, s.real("amplitude"), s.longValue("seed"), pool)
                    : NoiseGenerator.gnuRadio(t, complex, s.real("amplitude"), s.longValue("seed"));
            return new NoiseSourceBlock(g, s.string("type").equals("s16"));
        }
    }
}
