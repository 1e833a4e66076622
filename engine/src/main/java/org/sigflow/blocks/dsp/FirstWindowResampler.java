package org.sigflow.blocks.dsp;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code rational_resampler} with GNU Radio's start-up ({@code start: first_window}): GNU Radio 3.10's
 * {@code rational_resampler} computes its first output on a window full of input, {@code x[0..Q-1]} with {@code Q}
 * taps per branch, not on zeros before {@code x[0]}. So its output {@code m} is sample {@code m*D + (Q-1)*I} of the
 * input upsampled by {@code I} and filtered (measured against GNU Radio 3.10.5, e.g. {@code 4m + 129} for the
 * designed 3/4 filter). This block first consumes {@code Q-1} inputs without output (they stay as the filter's
 * history), then runs the zero-history resampler, whose output {@code n} is then that same sample.
 */
final class FirstWindowResampler implements Block {
    private final ResamplingFirBlock resampler;
    private int toPrime;

    FirstWindowResampler(ResamplingFirBlock resampler) {
        this.resampler = resampler;
        this.toPrime = resampler.history() - 1;
    }

    @Override
    public WorkResult work(WorkIo io) throws Exception {
        if (toPrime > 0) {
            InputView in = io.in(0);
            int n = Math.min(toPrime, in.available());
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            io.consume(0, n);
            toPrime -= n;
            return WorkResult.CONTINUE;
        }
        return resampler.work(io);
    }

    @Override
    public int history() {
        return resampler.history();
    }

    @Override
    public int inputMultiple() {
        return resampler.inputMultiple();
    }

    @Override
    public int outputMultiple() {
        return resampler.outputMultiple();
    }

    @Override
    public double relativeRate() {
        return resampler.relativeRate();
    }

    @Override
    public org.sigflow.runtime.RateFraction relativeRateFraction() {
        return resampler.relativeRateFraction();
    }
}
