package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.dsp.IirFilter;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code iir_filter}: IIR filter with feed-forward taps {@code fftaps} (b) and feedback taps {@code fbtaps} (a) in
 * scipy's {@code lfilter(b, a, x)} convention, or GNU Radio's old-style sign convention when {@code oldstyle} is set
 * ({@code y[n] = sum b[k] x[n-k] + sum_{k>=1} fb[k] y[n-k]}, {@code fb[0]} ignored), converted once to the scipy form.
 */
public final class IirFilterBlock extends SyncBlock {
    private final IirFilter filter;

    IirFilterBlock(IirFilter filter) {
        this.filter = filter;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        filter.filter(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    /** Feedback taps in scipy's form: old-style taps negated after a[0] := 1. */
    static double[] scipyFeedback(double[] fb, boolean oldstyle) {
        if (!oldstyle) {
            return fb;
        }
        double[] a = new double[Math.max(1, fb.length)];
        a[0] = 1;
        for (int k = 1; k < fb.length; k++) {
            a[k] = -fb[k];
        }
        return a;
    }

    static double[] doubles(Value v) {
        List<Value> items = v.asList();
        double[] d = new double[items.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = items.get(i).asDouble();
        }
        return d;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "iir_filter";
        }

        @Override
        public IirFilterBlock create(BlockSetup s) {
            double[] b = doubles(s.param("fftaps"));
            double[] a = scipyFeedback(doubles(s.param("fbtaps")), s.bool("oldstyle"));
            return new IirFilterBlock(new IirFilter(b, a, s.string("io_type").equals("cf32")));
        }
    }
}
