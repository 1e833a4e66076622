package org.sigflow.runtime;

/**
 * Base for blocks with fixed rates: each step consumes {@code decimation} items on every input and produces
 * {@code interpolation} items on every output (1:1 for plain sync blocks). The base computes how many steps fit and
 * ends the block when an input is finished and holds less than one step.
 */
public abstract class SyncBlock implements Block {
    private final int decimation;
    private final int interpolation;

    protected SyncBlock() {
        this(1, 1);
    }

    protected SyncBlock(int decimation, int interpolation) {
        if (decimation < 1 || interpolation < 1) {
            throw new IllegalArgumentException("decimation and interpolation must be >= 1");
        }
        this.decimation = decimation;
        this.interpolation = interpolation;
    }

    /**
     * Computes {@code steps} steps: reads {@code steps * decimation} items from each input at {@code in(i).offset()}
     * and writes {@code steps * interpolation} items to each output at {@code out(o).offset()}.
     */
    protected abstract void process(WorkIo io, int steps) throws Exception;

    /**
     * Multiply-adds one work call may spend (a few milliseconds at most), so that a stop request, checked between
     * calls, is seen within far less than a second whatever the filter length.
     */
    public static final long WORK_BUDGET = 1L << 22;

    /** Upper bound on steps per call (keeps work chunks cache-sized); override for heavy blocks. */
    protected int maxSteps() {
        return Integer.MAX_VALUE;
    }

    /**
     * Multiply-adds (or comparable operations) one step costs, for {@link #WORK_BUDGET}: by default the history
     * times the interpolation, i.e. a FIR's taps per input step. Override for blocks heavier than that.
     */
    protected long costPerStep() {
        return (long) history() * interpolation;
    }

    /** Steps one call may take under {@link #WORK_BUDGET}: at least one. */
    final int budgetSteps() {
        long cost = Math.max(1, costPerStep());
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, WORK_BUDGET / cost));
    }

    @Override
    public final WorkResult work(WorkIo io) throws Exception {
        int steps = Math.min(maxSteps(), budgetSteps());
        for (int i = 0; i < io.inputCount(); i++) {
            InputView in = io.in(i);
            int s = in.available() / decimation;
            if (s == 0 && in.finished()) {
                return WorkResult.DONE;
            }
            steps = Math.min(steps, s);
        }
        for (int o = 0; o < io.outputCount(); o++) {
            steps = Math.min(steps, io.out(o).space() / interpolation);
        }
        if (steps <= 0) {
            return WorkResult.CONTINUE;
        }
        process(io, steps);
        io.consumeEach(steps * decimation);
        io.produceEach(steps * interpolation);
        return WorkResult.CONTINUE;
    }

    @Override
    public double relativeRate() {
        return (double) interpolation / decimation;
    }

    @Override
    public RateFraction relativeRateFraction() {
        return new RateFraction(interpolation, decimation);
    }

    @Override
    public int inputMultiple() {
        return decimation;
    }

    @Override
    public int outputMultiple() {
        return interpolation;
    }

    public final int decimation() {
        return decimation;
    }

    public final int interpolation() {
        return interpolation;
    }
}
