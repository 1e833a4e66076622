package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PllCarrierTracking;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code pll_carriertracking}: GNU Radio's {@code pll_carriertracking_cc} (see {@link PllCarrierTracking}); also
 * runs {@code pll_freqdet} ({@link PllFreqDetBlock}), the same loop with another output.
 */
public final class PllCarrierTrackingBlock extends SyncBlock {
    /** One PLL's per-sample work over a complex input. */
    interface Kernel {
        void process(float[] x, int xOff, float[] y, int yOff, int n);
    }

    private final Kernel pll;
    private final java.util.function.DoubleConsumer loopBandwidth;

    PllCarrierTrackingBlock(PllCarrierTracking pll) {
        this(pll::process, pll.loop()::setLoopBandwidth);
    }

    PllCarrierTrackingBlock(Kernel pll, java.util.function.DoubleConsumer loopBandwidth) {
        this.pll = pll;
        this.loopBandwidth = loopBandwidth;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        pll.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("loop_bw")) {
            loopBandwidth.accept(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pll_carriertracking";
        }

        @Override
        public PllCarrierTrackingBlock create(BlockSetup s) {
            return new PllCarrierTrackingBlock(new PllCarrierTracking(s.real("loop_bw"), s.real("max_freq"),
                    s.real("min_freq")));
        }
    }
}
