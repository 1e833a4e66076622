package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code single_pole_iir}: GNU Radio's {@code single_pole_iir_filter}, {@code y[n] = alpha x[n] + (1-alpha) y[n-1]}
 * ({@code y[-1] = 0}), state in double. The state is the previous output, as in GNU Radio, so alpha can change
 * while running without a jump. Complex input: re and im alike.
 */
public final class SinglePoleIirBlock extends SyncBlock {
    private final int channels;
    private final double[] prev;
    private double alpha;

    SinglePoleIirBlock(double alpha, boolean complex) {
        this.alpha = checkAlpha(alpha);
        this.channels = complex ? 2 : 1;
        this.prev = new double[channels];
    }

    private static double checkAlpha(double alpha) {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1, got " + alpha);
        }
        return alpha;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        int xOff = io.in(0).offset(), yOff = io.out(0).offset(), ch = channels;
        double a = alpha, b = 1 - alpha;
        for (int c = 0; c < ch; c++) {
            double p = prev[c];
            for (int i = c; i < steps * ch; i += ch) {
                p = a * x[xOff + i] + b * p;
                y[yOff + i] = (float) p;
            }
            prev[c] = p;
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("alpha")) {
            alpha = checkAlpha(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "single_pole_iir";
        }

        @Override
        public SinglePoleIirBlock create(BlockSetup s) {
            return new SinglePoleIirBlock(s.real("alpha"), s.string("type").equals("cf32"));
        }
    }
}
