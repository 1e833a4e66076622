package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code time_sink}: the newest {@code points} samples as traces over time (re and im for a complex stream). */
@AutoService(BlockFactory.class)
public final class TimeSink implements BlockFactory {

    @Override
    public String id() {
        return "time_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        return new Scope(setup.integer("points"), dtype.isComplex(), setup.real("samp_rate"), setup.real("update_rate"));
    }

    static final class Scope extends FrameSink {
        private final boolean complex;
        private final double sampleRate;

        Scope(int points, boolean complex, double sampleRate, double updateRate) {
            super(points, complex ? 2 : 1, updateRate);
            this.complex = complex;
            this.sampleRate = sampleRate;
        }

        @Override
        List<float[]> traces(float[] samples) {
            return complex ? Deinterleave.split(samples) : List.of(samples.clone());
        }

        @Override
        double xStart() {
            return 0;
        }

        @Override
        double xStep() {
            return 1 / sampleRate;
        }
    }
}
