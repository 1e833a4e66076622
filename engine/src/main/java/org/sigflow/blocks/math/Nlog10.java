package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code nlog10}: {@code n · log10(x) + k} per float, with x clamped to the positive normal floats first (as GNU
 * Radio's {@code nlog10_ff}: 0 and negatives give {@code n · log10(FLT_MIN) + k}, infinity {@code n · log10(FLT_MAX)
 * + k}), so a power in dB never becomes -inf or NaN.
 */
@AutoService(BlockFactory.class)
public final class Nlog10 implements BlockFactory {

    @Override
    public String id() {
        return "nlog10";
    }

    @Override
    public Block create(BlockSetup setup) {
        double n = setup.real("n");
        double k = setup.real("k");
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                InputView in = io.in(0);
                OutputView out = io.out(0);
                float[] x = in.floats();
                float[] y = out.floats();
                int count = steps * in.itemSize();
                for (int i = 0; i < count; i++) {
                    float v = x[in.offset() + i];
                    double c = v >= Float.MIN_NORMAL ? Math.min(v, Float.MAX_VALUE) : Float.MIN_NORMAL;
                    y[out.offset() + i] = (float) (n * Math.log10(c) + k);
                }
            }
        };
    }
}
