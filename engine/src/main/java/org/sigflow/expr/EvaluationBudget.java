package org.sigflow.expr;

import java.util.function.Supplier;

/**
 * What the expressions of one whole graph may create together (each expression alone is capped too): list elements
 * and string characters, counted across every variable and parameter, so that a small file cannot make validation
 * take seconds and gigabytes (5 variables of {@code range(9999999)}). Also a cancel switch: the designer validates
 * off the UI thread and abandons a validation that an edit made stale.
 */
public final class EvaluationBudget {
    /** Elements and characters a graph's expressions may create in all (about 100 MB of values at most). */
    public static final long GRAPH_ELEMENTS = 4_000_000;

    private static final ScopedValue<EvaluationBudget> CURRENT = ScopedValue.newInstance();

    private final long limit;
    private long used;
    private volatile boolean cancelled;

    public EvaluationBudget(long limit) {
        this.limit = limit;
    }

    /** A budget of {@link #GRAPH_ELEMENTS}. */
    public static EvaluationBudget forGraph() {
        return new EvaluationBudget(GRAPH_ELEMENTS);
    }

    /** Runs {@code work} with this budget charged by every expression evaluated on this thread meanwhile. */
    public <T> T apply(Supplier<T> work) {
        return ScopedValue.where(CURRENT, this).call(work::get);
    }

    /** Makes every later evaluation under this budget fail at once ("validation cancelled"). */
    public void cancel() {
        cancelled = true;
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** Charges {@code size} to the budget in force, if any. */
    static void charge(long size, int pos) {
        if (!CURRENT.isBound()) {
            return;
        }
        EvaluationBudget b = CURRENT.get();
        if (b.cancelled) {
            throw new EvalError("validation cancelled", pos);
        }
        b.used += size;
        if (b.used > b.limit) {
            throw new EvalError("the graph's expressions create too much data together (more than "
                    + String.format("%,d", b.limit) + " list elements and string characters in all)", pos);
        }
    }
}
