package org.sigflow.graph;

/** Shared checks for canvas coordinates. */
final class Positions {
    private Positions() {}

    /** Rejects NaN/infinity and folds -0.0 into 0.0, so equal positions always save to equal bytes. */
    static double finite(double v, String what) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite number, got " + v);
        }
        return v + 0.0;
    }
}
