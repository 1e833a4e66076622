package org.sigflow.runtime;

/** How a run ended. */
public record RunOutcome(Kind kind, BlockFailure failure, double seconds) {
    public enum Kind {
        /** Every block finished by itself (finite sources reached their end). */
        COMPLETED,
        /** Stopped on request (Ctrl-C, the Stop button, a time limit). */
        STOPPED,
        /** A block failed; {@link #failure()} names it. */
        FAILED
    }

    public boolean ok() {
        return kind != Kind.FAILED;
    }
}
