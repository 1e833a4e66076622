package org.sigflow.validate;

import java.util.Objects;

/**
 * A validation finding in the user's words.
 *
 * @param where what it is about, e.g. {@code block 'fir1' param 'cutoff'}, {@code connection src:out → fir1:in},
 *              {@code variable 'samp_rate'}
 */
public record Problem(Severity severity, String where, String message) {

    public Problem {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(message, "message");
    }

    static Problem error(String where, String message) {
        return new Problem(Severity.ERROR, where, message);
    }

    static Problem warning(String where, String message) {
        return new Problem(Severity.WARNING, where, message);
    }

    /** {@code Error in block 'fir1' param 'decimation': param 'decimation' must be an integer, got real 2.5}. */
    @Override
    public String toString() {
        return severity.label() + " in " + where + ": " + message;
    }
}
