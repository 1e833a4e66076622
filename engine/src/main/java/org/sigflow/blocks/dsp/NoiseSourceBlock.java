package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.NoiseGenerator;
import org.sigflow.dsp.NoiseType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code noise_source}: seeded gaussian or uniform noise with GNU Radio's amplitude conventions. */
public final class NoiseSourceBlock extends SyncBlock {
    private final NoiseGenerator generator;

    NoiseSourceBlock(NoiseGenerator generator) {
        this.generator = generator;
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
            return new NoiseSourceBlock(new NoiseGenerator(NoiseType.fromId(s.string("noise_type")),
                    s.string("type").equals("cf32"), s.real("amplitude"), s.longValue("seed")));
        }
    }
}
