package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code constellation_sink}: the newest {@code points} complex samples as I and Q traces. */
@AutoService(BlockFactory.class)
public final class ConstellationSink implements BlockFactory {

    @Override
    public String id() {
        return "constellation_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Scatter(setup.integer("points"), setup.real("update_rate"));
    }

    static final class Scatter extends FrameSink {
        Scatter(int points, double updateRate) {
            super(points, 2, updateRate);
        }

        @Override
        List<float[]> traces(float[] samples) {
            return Deinterleave.split(samples);
        }

        @Override
        double xStart() {
            return 0;
        }

        @Override
        double xStep() {
            return 1;
        }
    }
}
