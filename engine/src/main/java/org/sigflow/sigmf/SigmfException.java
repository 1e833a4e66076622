package org.sigflow.sigmf;

import java.util.List;
import java.util.stream.Collectors;
import org.sigflow.format.FormatProblem;

/** A SigMF recording that cannot be used, with every problem found, each located where it can be. */
public final class SigmfException extends Exception {
    private final String source;
    private final List<FormatProblem> problems;

    public SigmfException(String source, List<FormatProblem> problems) {
        super(summary(source, problems));
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    /** A problem with the recording as a whole (a missing file, a truncated archive). */
    public static SigmfException of(String source, String message) {
        return new SigmfException(source, List.of(new FormatProblem("$", 0, 0, message)));
    }

    public String source() {
        return source;
    }

    public List<FormatProblem> problems() {
        return problems;
    }

    private static String summary(String source, List<FormatProblem> problems) {
        if (problems.size() == 1 && !problems.getFirst().isLocated() && problems.getFirst().path().equals("$")) {
            return source + ": " + problems.getFirst().message();
        }
        return source + ": " + problems.size() + " problem(s) in the SigMF metadata:\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n"));
    }
}
