package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code multiply_by_tag_value}: GNU Radio's {@code multiply_by_tag_value_cc}. The factor k starts at 1; each tag
 * with the key sets k (a real number as k + 0j, a complex as it is) from its item on; samples are multiplied in
 * float32 complex arithmetic, as VOLK's {@code s32fc_multiply_32fc}. A tag of another value is ignored (GNU Radio
 * logs a warning). One factor at a time, so no CUDA twin: it is a running state, not a parallel map.
 */
@AutoService(BlockFactory.class)
public final class MultiplyByTagValue implements BlockFactory {

    @Override
    public String id() {
        return "multiply_by_tag_value";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Multiply(setup.string("tag_name"), setup.integer("vlen"));
    }

    static final class Multiply implements Block {
        private final String key;
        private final int vlen;
        private float kr = 1f;
        private float ki = 0f;

        Multiply(String key, int vlen) {
            this.key = key;
            this.vlen = vlen;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            OutputView out = io.out(0);
            int n = Math.min(in.available(), out.space());
            if (n == 0) {
                return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            float[] x = in.floats();
            float[] y = out.floats();
            int xi = in.offset();
            int yi = out.offset();
            int start = 0;
            for (Tag t : in.tags(n)) {
                if (!t.key().equals(key)) {
                    continue;
                }
                int end = (int) (t.offset() - in.position());
                multiply(x, xi, y, yi, start * vlen, end * vlen);
                start = end;
                switch (t.value()) {
                    case org.sigflow.expr.Value.Complex c -> {       // a tag's complex value (TagValues)
                        kr = (float) c.re();
                        ki = (float) c.im();
                    }
                    case Number v -> {
                        kr = (float) v.doubleValue();
                        ki = 0f;
                    }
                    default -> { }                 // GNU Radio warns and keeps its factor
                }
            }
            multiply(x, xi, y, yi, start * vlen, n * vlen);
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }

        /** Complex samples [from, to) of the call times k. */
        private void multiply(float[] x, int xi, float[] y, int yi, int from, int to) {
            for (int s = from; s < to; s++) {
                float ar = x[xi + 2 * s];
                float ai = x[xi + 2 * s + 1];
                y[yi + 2 * s] = ar * kr - ai * ki;
                y[yi + 2 * s + 1] = ar * ki + ai * kr;
            }
        }
    }
}
