package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PllFreqDet;
import org.sigflow.dsp.PllFreqDetAsGnuRadio;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code pll_freqdet}: GNU Radio's {@code pll_freqdet_cf} (see {@link PllFreqDet}), run as the carrier PLL is. */
@AutoService(BlockFactory.class)
public final class PllFreqDetBlock implements BlockFactory {
    @Override
    public String id() {
        return "pll_freqdet";
    }

    @Override
    public PllCarrierTrackingBlock create(BlockSetup s) {
        if (s.has("arithmetic") && s.string("arithmetic").equals("gnuradio")) {
            PllFreqDetAsGnuRadio pll = new PllFreqDetAsGnuRadio(s.real("loop_bw"), s.real("max_freq"),
                    s.real("min_freq"));
            return new PllCarrierTrackingBlock(pll::process, pll.loop()::setLoopBandwidth);
        }
        PllFreqDet pll = new PllFreqDet(s.real("loop_bw"), s.real("max_freq"), s.real("min_freq"));
        return new PllCarrierTrackingBlock(pll::process, pll.loop()::setLoopBandwidth);
    }
}
