package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code conjugate}: complex conjugate of every cf32 sample (negates the imaginary part). */
@AutoService(BlockFactory.class)
public final class Conjugate implements BlockFactory {
    @Override
    public String id() {
        return "conjugate";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                OutputView out = io.out(0);
                FloatKernels.multiplyPair(io.in(0).floats(), io.in(0).offset(), out.floats(), out.offset(),
                        steps * out.itemSize(), 1f, -1f);
            }
        };
    }
}
