package org.sigflow.blocks.misc;

import com.google.auto.service.AutoService;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code threshold}: GNU Radio's {@code threshold_ff}, a comparator with hysteresis: 1 above {@code hi}, 0 below
 * {@code lo}, otherwise the previous output ({@code init} at first).
 */
@AutoService(BlockFactory.class)
public final class Threshold implements BlockFactory {

    @Override
    public String id() {
        return "threshold";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Comparator(setup.real("lo"), setup.real("hi"), (float) setup.real("init"));
    }

    static final class Comparator extends SyncBlock {
        private float lo;
        private float hi;
        private float last;

        Comparator(double lo, double hi, float init) {
            this.lo = (float) lo;
            this.hi = (float) hi;
            this.last = init;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] x = io.in(0).floats();
            int in = io.in(0).offset();
            float[] y = io.out(0).floats();
            int out = io.out(0).offset();
            for (int k = 0; k < steps; k++) {
                float v = x[in + k];
                if (v > hi) {
                    last = 1;
                } else if (v < lo) {
                    last = 0;
                }
                y[out + k] = last;
            }
        }

        @Override
        public void applyParam(String paramId, Value value) {
            switch (paramId) {
                case "lo" -> lo = (float) value.asDouble();
                case "hi" -> hi = (float) value.asDouble();
                default -> super.applyParam(paramId, value);
            }
        }
    }
}
