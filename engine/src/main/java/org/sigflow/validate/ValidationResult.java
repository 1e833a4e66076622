package org.sigflow.validate;

import java.util.List;

/**
 * What validation found, and the graph ready to run when nothing stops it.
 *
 * @param resolved {@code null} when there are errors
 */
public record ValidationResult(List<Problem> problems, ResolvedGraph resolved) {

    public ValidationResult {
        problems = List.copyOf(problems);
    }

    public boolean isValid() {
        return resolved != null;
    }

    public List<Problem> errors() {
        return problems.stream().filter(p -> p.severity() == Severity.ERROR).toList();
    }

    public List<Problem> warnings() {
        return problems.stream().filter(p -> p.severity() == Severity.WARNING).toList();
    }
}
