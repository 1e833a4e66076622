package org.sigflow.blocks.math;

import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * N inputs folded left into one output: {@code out = ((in0 op in1) op in2) …}, so subtract and divide compute
 * in0 − in1 − … and in0 / in1 / …. Works on the output array in place after the first pair, in chunks small enough
 * to stay in L1/L2 between the passes.
 */
final class ArithmeticBlock extends SyncBlock {
    private static final int CHUNK_FLOATS = 8192;

    private final ArithmeticOp op;
    private final boolean complex;

    ArithmeticBlock(ArithmeticOp op, boolean complex) {
        this.op = op;
        this.complex = complex;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        OutputView out = io.out(0);
        float[] d = out.floats();
        int total = steps * out.itemSize();
        for (int done = 0; done < total; done += CHUNK_FLOATS) {
            int n = Math.min(CHUNK_FLOATS, total - done);
            int dof = out.offset() + done;
            InputView first = io.in(0);
            InputView second = io.in(1);
            op.apply(complex, first.floats(), first.offset() + done, second.floats(), second.offset() + done, d, dof, n);
            for (int p = 2; p < io.inputCount(); p++) {
                InputView in = io.in(p);
                op.apply(complex, d, dof, in.floats(), in.offset() + done, d, dof, n);
            }
        }
    }
}
