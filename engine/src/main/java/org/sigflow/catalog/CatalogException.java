package org.sigflow.catalog;

import java.util.List;
import java.util.stream.Collectors;

/** The catalog could not be loaded; lists every problem of every file at once. */
public final class CatalogException extends Exception {
    private final List<CatalogProblem> problems;

    public CatalogException(List<CatalogProblem> problems) {
        super("The block catalog has " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + ":\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<CatalogProblem> problems() {
        return problems;
    }
}
