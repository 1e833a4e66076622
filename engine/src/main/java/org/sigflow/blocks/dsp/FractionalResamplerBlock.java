package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.MmseResampler;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code fractional_resampler}: GNU Radio's {@code mmse_resampler_cc/ff} ({@link MmseResampler}). */
public final class FractionalResamplerBlock {
    private FractionalResamplerBlock() {}

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "fractional_resampler";
        }

        @Override
        public Block create(BlockSetup s) {
            float ratio = (float) s.real("resamp_ratio");
            float phase = (float) s.real("phase_shift");
            boolean complex = s.string("io_type").equals("cf32");
            return new SteppingResamplerBlock(new MmseResampler(complex, phase, ratio), 1 / (double) ratio,
                    MmseResampler.NTAPS_PER_OUTPUT * (complex ? 2L : 1L));
        }
    }
}
