package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PllFreqDet;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code pll_freqdet}: GNU Radio's {@code pll_freqdet_cf} (see {@link PllFreqDet}). */
public final class PllFreqDetBlock extends SyncBlock {
    private final PllFreqDet pll;

    PllFreqDetBlock(PllFreqDet pll) {
        this.pll = pll;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        pll.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("loop_bw")) {
            pll.loop().setLoopBandwidth(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pll_freqdet";
        }

        @Override
        public PllFreqDetBlock create(BlockSetup s) {
            return new PllFreqDetBlock(new PllFreqDet(s.real("loop_bw"), s.real("max_freq"), s.real("min_freq")));
        }
    }
}
