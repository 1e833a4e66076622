package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code histogram_sink}: GNU Radio's Qt histogram sink. A frame counts the newest {@code points} samples into
 * {@code bins} bins as GNU Radio's histogram plot does: bin {@code k} is centred on {@code x_min + k * w},
 * {@code w = (x_max - x_min) / bins}, and a sample goes to bin {@code iround((x - x_min) / w)} (rounding half away
 * from zero; outside {@code 0 .. bins-1} it is not counted). With {@code accumulate} the counts add up frame after
 * frame instead of starting again.
 */
@AutoService(BlockFactory.class)
public final class HistogramSink implements BlockFactory {

    @Override
    public String id() {
        return "histogram_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        double xmin = setup.real("x_min");
        double xmax = setup.real("x_max");
        if (!(xmax > xmin)) {
            throw new IllegalArgumentException("x_max must be above x_min, got " + xmin + " .. " + xmax);
        }
        return new Histogram(setup.integer("points"), setup.integer("bins"), xmin, xmax, setup.bool("accumulate"),
                setup.real("update_rate"));
    }

    /** Adds the counts of {@code x} to {@code counts} (bins as in the class comment). */
    static void count(float[] x, double xmin, double xmax, double[] counts) {
        int bins = counts.length;
        double width = (xmax - xmin) / bins;
        for (float v : x) {
            double r = 1e-20 + (v - xmin) / width;
            long k = r < 0 ? -Math.round(Math.floor(-r + 0.5)) : Math.round(Math.floor(r + 0.5));
            if (k >= 0 && k < bins) {
                counts[(int) k] += 1;
            }
        }
    }

    static final class Histogram extends FrameSink {
        private final double xmin;
        private final double xmax;
        private final double[] counts;
        private volatile boolean accumulate;

        Histogram(int points, int bins, double xmin, double xmax, boolean accumulate, double updateRate) {
            super(points, 1, updateRate);
            this.xmin = xmin;
            this.xmax = xmax;
            this.counts = new double[bins];
            this.accumulate = accumulate;
        }

        @Override
        List<float[]> traces(float[] samples) {
            if (!accumulate) {
                java.util.Arrays.fill(counts, 0);
            }
            count(samples, xmin, xmax, counts);
            return List.of(floats(counts));
        }

        @Override
        double xStart() {
            return xmin;
        }

        @Override
        double xStep() {
            return (xmax - xmin) / counts.length;
        }

        @Override
        void apply(String paramId, Value value) {
            if (paramId.equals("accumulate")) {
                accumulate = value.asBoolean();
            } else {
                super.apply(paramId, value);
            }
        }
    }
}
