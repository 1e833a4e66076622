package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FmDeemphasis;
import org.sigflow.dsp.IirFilter;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code fm_deemph}: GNU Radio's FM de-emphasis ({@link FmDeemphasis}), an {@code iir_filter} on a float stream. */
@AutoService(BlockFactory.class)
public final class FmDeemph implements BlockFactory {
    @Override
    public String id() {
        return "fm_deemph";
    }

    @Override
    public Block create(BlockSetup s) {
        double[][] ba = FmDeemphasis.taps(s.real("samp_rate"), s.real("tau"));
        return new IirFilterBlock(new IirFilter(ba[0], ba[1], false));
    }
}
