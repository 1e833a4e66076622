package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.RootRaisedCosine;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code root_raised_cosine_filter}: GNU Radio's GRC block of that name, a {@code fir_filter_xxf} (decimating) or
 * {@code interp_fir_filter_xxf} (interpolating) with {@link RootRaisedCosine} taps. Both run as the polyphase
 * {@link ResamplingFirBlock} on zero history, as GNU Radio's sync decimator and interpolator start.
 */
public final class RootRaisedCosineFilterBlock {
    private RootRaisedCosineFilterBlock() {}

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "root_raised_cosine_filter";
        }

        @Override
        public ResamplingFirBlock create(BlockSetup s) {
            float[] taps = RootRaisedCosine.taps(s.real("gain"), s.real("samp_rate"), s.real("sym_rate"),
                    s.real("alpha"), s.integer("ntaps"));
            boolean interpolating = s.string("filter_type").equals("interpolating");
            int factor = s.integer(interpolating ? "interpolation" : "decimation");
            if (factor < 1) {
                throw new IllegalArgumentException((interpolating ? "interpolation" : "decimation")
                        + " must be >= 1, got " + factor);
            }
            boolean complex = s.string("io_type").equals("cf32");
            return interpolating ? new ResamplingFirBlock(taps, false, complex, factor, 1)
                    : new ResamplingFirBlock(taps, false, complex, 1, factor);
        }
    }
}
