package org.sigflow.blocks.dsp;

import org.sigflow.dsp.SteppingResampler;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The block of a {@link SteppingResampler} ({@code pfb_arb_resampler}, {@code fractional_resampler}): between two
 * outputs the resampler may step over more inputs than a call holds; {@code ahead} keeps how far the next window
 * lies beyond what was consumed. Outputs do not depend on how calls are cut.
 */
final class SteppingResamplerBlock implements Block {
    private final SteppingResampler resampler;
    /** Applied in place to each call's outputs (the rest of GNU Radio's channel model), or null. */
    private final OutputStage stage;
    private final double relativeRate;
    private final int maxOut;
    private final int[] next = new int[1];
    private int ahead;

    /** @param costPerOutput multiply-adds one output costs, to keep a call within {@link SyncBlock#WORK_BUDGET} */
    SteppingResamplerBlock(SteppingResampler resampler, double relativeRate, long costPerOutput) {
        this(resampler, relativeRate, costPerOutput, null);
    }

    /** Outputs processed in place after the resampler: {@code process(y, offset, count)}. */
    interface OutputStage {
        void process(float[] y, int off, int n);
    }

    SteppingResamplerBlock(SteppingResampler resampler, double relativeRate, long costPerOutput, OutputStage stage) {
        this.stage = stage;
        this.resampler = resampler;
        this.relativeRate = relativeRate;
        this.maxOut = (int) Math.max(1, Math.min(16384, SyncBlock.WORK_BUDGET / Math.max(1, costPerOutput)));
    }

    @Override
    public int history() {
        return resampler.history();
    }

    @Override
    public int inputMultiple() {
        return resampler.window();
    }

    @Override
    public double relativeRate() {
        return relativeRate;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int available = in.available();
        if (available < ahead + resampler.window()) {
            if (ahead > 0 && available > 0) {
                int skip = Math.min(ahead, available); // inputs the resampler steps over
                io.consume(0, skip);
                ahead -= skip;
                return WorkResult.CONTINUE;
            }
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int space = Math.min(out.space(), maxOut);
        if (space == 0) {
            return WorkResult.CONTINUE;
        }
        int n = resampler.process(in.floats(), in.offset(), ahead, available, out.floats(), out.offset(), space, next);
        int consumed = Math.min(next[0], available);
        ahead = next[0] - consumed;
        io.consume(0, consumed);
        if (stage != null) {
            stage.process(out.floats(), out.offset(), n);
        }
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }
}
