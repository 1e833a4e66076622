package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PfbArbResampler;
import org.sigflow.dsp.PfbPrototypes;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code pfb_arb_resampler}: GNU Radio's {@code pfb.arb_resampler_ccf/fff/ccc} ({@link PfbArbResampler}); empty taps
 * are designed as GNU Radio's Python wrapper designs them ({@link PfbPrototypes#arbResampler}).
 */
public final class PfbArbResamplerBlock {
    private PfbArbResamplerBlock() {}

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_arb_resampler";
        }

        @Override
        public Block create(BlockSetup s) {
            boolean complexInput = s.string("io_type").equals("cf32");
            boolean complexTaps = s.string("taps_type").equals("complex");
            if (complexTaps && !complexInput) {
                throw new IllegalArgumentException("complex taps need a complex (cf32) input");
            }
            double rate = s.real("rrate");
            if (!(rate > 0)) {
                throw new IllegalArgumentException("the resampling rate must be > 0, got " + rate);
            }
            int nfilts = s.integer("nfilts");
            if (nfilts < 1) {
                throw new IllegalArgumentException("the number of filters must be >= 1, got " + nfilts);
            }
            float[] taps = complexTaps ? s.complexes("taps") : s.reals("taps");
            if (taps.length == 0) {
                taps = complexTaps ? interleaveReal(PfbPrototypes.arbResamplerComplexTaps(nfilts, s.real("atten")))
                        : PfbPrototypes.arbResampler(rate, nfilts, s.real("atten"));
            }
            PfbArbResampler r = new PfbArbResampler(taps, complexTaps, complexInput, (float) rate, nfilts);
            return new SteppingResamplerBlock(r, rate, 2L * r.branchTaps() * (complexInput ? 2 : 1));
        }

        private static float[] interleaveReal(float[] h) {
            float[] c = new float[2 * h.length];
            for (int i = 0; i < h.length; i++) {
                c[2 * i] = h[i];
            }
            return c;
        }
    }
}
