package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PfbPrototypes;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code pfb_interpolator}: GNU Radio's {@code pfb.interpolator_ccf}, a sync interpolator whose arm {@code j} gives
 * output {@code m*I + j} from input {@code m} on zero history: exactly the polyphase interpolating FIR
 * ({@link ResamplingFirBlock}, output {@code n} = sample {@code n} of the input upsampled by {@code I} and filtered).
 */
public final class PfbInterpolatorBlock {
    private PfbInterpolatorBlock() {}

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_interpolator";
        }

        @Override
        public ResamplingFirBlock create(BlockSetup s) {
            int interp = s.integer("interpolation");
            if (interp < 1) {
                throw new IllegalArgumentException("interpolation must be >= 1, got " + interp);
            }
            float[] taps = s.reals("taps");
            if (taps.length == 0) {
                taps = PfbPrototypes.interpolator(interp, s.real("atten"));
            }
            return new ResamplingFirBlock(taps, false, true, interp, 1);
        }
    }
}
