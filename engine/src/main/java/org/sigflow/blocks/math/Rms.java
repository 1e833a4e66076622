package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code rms}: GNU Radio's {@code rms_cf}/{@code rms_ff}: a single-pole average of |x|² in double
 * ({@code y = alpha · |x|² + (1 − alpha) · y}, from 0), output {@code sqrt(y)} per sample.
 */
@AutoService(BlockFactory.class)
public final class Rms implements BlockFactory {

    @Override
    public String id() {
        return "rms";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Level(StreamType.dtype(setup, Dtype.CF32, Dtype.F32) == Dtype.CF32, alpha(setup.real("alpha")));
    }

    private static double alpha(double a) {
        if (!(a >= 0 && a <= 1)) {
            throw new IllegalArgumentException("alpha must be from 0 to 1, got " + a);
        }
        return a;
    }

    static final class Level extends SyncBlock {
        private final boolean complex;
        private double alpha;
        private double y;

        Level(boolean complex, double alpha) {
            this.complex = complex;
            this.alpha = alpha;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] x = io.in(0).floats();
            int in = io.in(0).offset();
            float[] out = io.out(0).floats();
            int o = io.out(0).offset();
            for (int k = 0; k < steps; k++) {
                double p;
                if (complex) {
                    double re = x[in + 2 * k];
                    double im = x[in + 2 * k + 1];
                    p = re * re + im * im;
                } else {
                    double v = x[in + k];
                    p = v * v;
                }
                y = alpha * p + (1 - alpha) * y;
                out[o + k] = (float) Math.sqrt(y);
            }
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("alpha")) {
                super.applyParam(paramId, value);
                return;
            }
            alpha = alpha(value.asDouble());
        }
    }
}
