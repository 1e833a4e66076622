package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PfbArbResampler;
import org.sigflow.dsp.PfbPrototypes;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code pfb_arb_resampler}: GNU Radio's {@code pfb.arb_resampler_ccf/fff/ccc} ({@link PfbArbResampler}); empty taps
 * are designed as GNU Radio's Python wrapper designs them ({@link PfbPrototypes#arbResampler}). The resampler may
 * step over several inputs between two outputs; {@code ahead} keeps how far the next output lies beyond what this
 * call could consume.
 */
public final class PfbArbResamplerBlock implements Block {
    private static final int MAX_OUT = 8192;
    private final PfbArbResampler resampler;
    private final double rate;
    private final int maxOut;
    private final int[] next = new int[1];
    private int ahead;

    PfbArbResamplerBlock(PfbArbResampler resampler, double rate, boolean complex) {
        this.resampler = resampler;
        this.rate = rate;
        long cost = 2L * resampler.branchTaps() * (complex ? 2 : 1);
        this.maxOut = (int) Math.max(1, Math.min(MAX_OUT, SyncBlock.WORK_BUDGET / cost));
    }

    @Override
    public int history() {
        return resampler.branchTaps();
    }

    @Override
    public double relativeRate() {
        return rate;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int available = in.available();
        if (available <= ahead) {
            if (available == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            io.consume(0, available); // inputs the resampler steps over
            ahead -= available;
            return WorkResult.CONTINUE;
        }
        int space = Math.min(out.space(), maxOut);
        if (space == 0) {
            return WorkResult.CONTINUE;
        }
        int n = resampler.process(in.floats(), in.offset(), ahead, available, out.floats(), out.offset(), space, next);
        int consumed = Math.min(next[0], available);
        ahead = next[0] - consumed;
        io.consume(0, consumed);
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }

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
            return new PfbArbResamplerBlock(new PfbArbResampler(taps, complexTaps, complexInput, (float) rate, nfilts),
                    rate, complexInput);
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
