package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.CostasLoop;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code costas_loop}: GNU Radio's {@code costas_loop_cc} (see {@link CostasLoop}); output 1 ({@code frequency},
 * optional) carries the loop's frequency estimate in rad/sample. Loop bandwidth can change while running.
 */
public final class CostasLoopBlock extends SyncBlock {
    private final CostasLoop costas;

    CostasLoopBlock(CostasLoop costas) {
        this.costas = costas;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        boolean freq = io.outputCount() > 1;
        costas.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(),
                freq ? io.out(1).floats() : null, freq ? io.out(1).offset() : 0, steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("loop_bw")) {
            costas.loop().setLoopBandwidth(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "costas_loop";
        }

        @Override
        public CostasLoopBlock create(BlockSetup s) {
            return new CostasLoopBlock(new CostasLoop(s.real("loop_bw"), s.integer("order")));
        }
    }
}
