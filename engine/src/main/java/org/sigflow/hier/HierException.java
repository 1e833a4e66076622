package org.sigflow.hier;

import java.util.List;

/** A graph's hier blocks cannot be used: every problem, each naming the block and file it is about. */
public final class HierException extends Exception {
    private final List<String> problems;

    public HierException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public HierException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}
