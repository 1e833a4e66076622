package org.sigflow.session;

import java.util.List;

/**
 * A graph that cannot be run as given: unreadable file, bad format, validation errors, a block refusing its
 * parameters. Every message says where and what, in the user's words; the CLI exits with code 2 for it.
 */
public final class InvalidGraphException extends Exception {
    private final String source;
    private final List<String> problems;

    public InvalidGraphException(String source, List<String> problems) {
        super(source + ": " + String.join("; ", problems));
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    public String source() {
        return source;
    }

    public List<String> problems() {
        return problems;
    }
}
