package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code vector_plot_sink}: GNU Radio's Qt vector sink. Each frame is the newest vector, averaged as GNU Radio does
 * on each update ({@code avg = (1 - a) * avg + a * x}, from zeros), point {@code i} at {@code x_start + i * x_step}.
 */
@AutoService(BlockFactory.class)
public final class VectorPlotSink implements BlockFactory {

    @Override
    public String id() {
        return "vector_plot_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Plot(StreamType.vlen(setup), setup.real("x_start"), setup.real("x_step"),
                checkedAverage(setup.real("average")), setup.real("update_rate"));
    }

    static double checkedAverage(double a) {
        if (!(a > 0 && a <= 1)) {
            throw new IllegalArgumentException("average must be above 0 and at most 1 (1: no averaging), got " + a);
        }
        return a;
    }

    /** One averaging step of GNU Radio's vector sink, in place: {@code avg = (1 - a) * avg + a * x}. */
    static void average(double[] avg, float[] x, double a) {
        for (int i = 0; i < avg.length; i++) {
            avg[i] = (1.0 - a) * avg[i] + a * x[i];
        }
    }

    static final class Plot extends FrameSink {
        private final double xStart;
        private final double xStep;
        private final double[] avg;
        private volatile double alpha;

        Plot(int vlen, double xStart, double xStep, double alpha, double updateRate) {
            super(1, vlen, updateRate);
            this.xStart = xStart;
            this.xStep = xStep;
            this.avg = new double[vlen];
            this.alpha = alpha;
        }

        @Override
        List<float[]> traces(float[] samples) {
            average(avg, samples, alpha);
            return List.of(floats(avg));
        }

        @Override
        double xStart() {
            return xStart;
        }

        @Override
        double xStep() {
            return xStep;
        }

        @Override
        void apply(String paramId, Value value) {
            if (paramId.equals("average")) {
                alpha = checkedAverage(value.asDouble());
            } else {
                super.apply(paramId, value);
            }
        }
    }
}
