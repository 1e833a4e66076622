package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.MmseResampler;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code fractional_resampler}: GNU Radio's {@code mmse_resampler_cc/ff} ({@link MmseResampler}). Between two
 * outputs the resampler may step over more inputs than a call holds; {@code ahead} keeps how far.
 */
public final class FractionalResamplerBlock implements Block {
    private static final int MAX_OUT = 16384;
    private final MmseResampler resampler;
    private final double ratio;
    private final int[] next = new int[1];
    private int ahead;

    FractionalResamplerBlock(MmseResampler resampler, double ratio) {
        this.resampler = resampler;
        this.ratio = ratio;
    }

    @Override
    public int inputMultiple() {
        return MmseResampler.window(); // one output reads 8 inputs
    }

    @Override
    public double relativeRate() {
        return 1 / ratio;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int available = in.available();
        if (available < ahead + MmseResampler.window()) {
            if (ahead > 0 && available > 0) {
                int skip = Math.min(ahead, available); // inputs the resampler steps over
                io.consume(0, skip);
                ahead -= skip;
                return WorkResult.CONTINUE;
            }
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int space = Math.min(out.space(), MAX_OUT);
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
            return "fractional_resampler";
        }

        @Override
        public Block create(BlockSetup s) {
            float ratio = (float) s.real("resamp_ratio");
            float phase = (float) s.real("phase_shift");
            return new FractionalResamplerBlock(new MmseResampler(s.string("io_type").equals("cf32"), phase, ratio),
                    ratio);
        }
    }
}
