package org.sigflow.format;

import java.util.List;
import java.util.stream.Collectors;

/** A {@code .graph} file that could not be opened; carries every problem found, not just the first. */
public final class GraphFormatException extends Exception {

    private final String source;
    private final List<FormatProblem> problems;

    public GraphFormatException(String source, List<FormatProblem> problems) {
        super(summary(source, problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a format exception needs at least one problem");
        }
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    static GraphFormatException single(String source, String path, int line, int column, String message) {
        return new GraphFormatException(source, List.of(new FormatProblem(path, line, column, message)));
    }

    /** The file name (or other source name) the problems are in. */
    public String source() {
        return source;
    }

    public List<FormatProblem> problems() {
        return problems;
    }

    private static String summary(String source, List<FormatProblem> problems) {
        if (problems.size() == 1) {
            FormatProblem p = problems.getFirst();
            return "Cannot open " + source + (p.isLocated() ? ":" + p.line() + ":" + p.column() : "") + ": "
                    + p.message();
        }
        return "Cannot open " + source + ": " + problems.size() + " problems\n" + problems.stream()
                .map(p -> "  " + p).collect(Collectors.joining("\n"));
    }
}
